#!/usr/bin/env bash
# `make bench`: todo-tui against calcurse and Taskwarrior (see bench/bench.py).
# TODO_BIN is the release binary. Extra arguments go to bench.py
# (--sizes 1000,10000, --rounds N); BENCH_QUICK=1 for a fast look.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
: "${TODO_BIN:?set TODO_BIN to the release todo-tui binary}"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
export LC_ALL=C.UTF-8 TZ=UTC
exec "$py" "$here/bench.py" "$TODO_BIN" "$@"
