#!/usr/bin/env bash
# `make bench`: todo-tui against Taskwarrior and calcurse (see bench/bench.py).
# TODO_BIN is the release binary; todo-bench is expected beside it.
# Extra arguments go to bench.py (e.g. --sizes 1000,10000).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${TODO_BIN:?set TODO_BIN to the release todo-tui binary}"
# Debian's own python3 first (a python3 earlier on PATH may lack nothing, but keep it plain).
py=/usr/bin/python3
[ -x "$py" ] || py=python3
export LC_ALL=C.UTF-8 TZ=UTC
exec nice -n 5 "$py" "$here/bench.py" "$TODO_BIN" "$@"
