#!/usr/bin/env bash
# Runs every e2e/test-*.sh against $TODO_BIN and prints "N passed, N failed".
# Each test script exits 0 (pass), 77 (skip, with a reason on stdout) or else (fail).
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${TODO_BIN:?set TODO_BIN to the todo-tui binary}"
export TODO_BIN
pass=0; fail=0; skip=0; failed=()
for t in "$here"/test-*.sh; do
  name=$(basename "$t" .sh)
  work=$(mktemp -d /tmp/todo-e2e.XXXXXX)
  start=$(date +%s)
  ( cd "$work" && WORK="$work" HERE="$here" bash "$t" ) >"$work/log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  if [ $rc -eq 0 ]; then pass=$((pass+1)); echo "ok   $name (${secs}s)"
  elif [ $rc -eq 77 ]; then skip=$((skip+1)); echo "skip $name: $(tail -n 1 "$work/log")"
  else fail=$((fail+1)); failed+=("$name"); echo "FAIL $name (${secs}s)"; sed 's/^/    /' "$work/log" | tail -n 40; fi
  [ $rc -eq 0 ] && rm -rf "$work"
done
echo "e2e: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
