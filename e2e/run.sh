#!/usr/bin/env bash
# Runs every e2e/test-*.sh against $TODO_BIN and prints "N passed, N failed".
# Each test script exits 0 (pass), 77 (skip, with a reason on stdout) or else (fail).
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${TODO_BIN:?set TODO_BIN to the todo-tui binary}"
export TODO_BIN
# Nothing may outlive a test: its tmux servers (lib-tui.sh names their sockets
# after this run) and processes of $TODO_BIN are looked for after each test and
# at the end; a test that leaves any fails, and they are ended.
export TODO_E2E_RUN=$$
bin=$(readlink -f "$TODO_BIN")
socks="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)"
left_behind() {
  local s p
  for s in "$socks"/todo-tui-test-"$TODO_E2E_RUN"-*; do
    [ -S "$s" ] || continue
    if tmux -L "$(basename "$s")" list-sessions >/dev/null 2>&1; then echo "tmux server $(basename "$s")"
    else rm -f "$s"; fi  # the socket of a server that has ended
  done
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/exe" 2>/dev/null)" = "$bin" ] && [ "${p#/proc/}" != $$ ] && echo "process ${p#/proc/}: $(tr '\0' ' ' <"$p/cmdline" 2>/dev/null)"
  done
}
# leftovers: what is still there after up to 3 s (a killed process takes a moment to go).
leftovers() {
  local end=$(( $(date +%s) + 3 )) left
  left=$(left_behind)
  while [ -n "$left" ] && [ "$(date +%s)" -lt $end ]; do sleep 0.1; left=$(left_behind); done
  printf '%s' "$left"
}
end_leftovers() {
  local s p
  for s in "$socks"/todo-tui-test-"$TODO_E2E_RUN"-*; do [ -S "$s" ] && tmux -L "$(basename "$s")" kill-server 2>/dev/null; done
  for p in /proc/[0-9]*; do [ "$(readlink "$p/exe" 2>/dev/null)" = "$bin" ] && kill -KILL "${p#/proc/}" 2>/dev/null; done
}
pass=0; fail=0; skip=0; failed=()
for t in "$here"/test-*.sh; do
  name=$(basename "$t" .sh)
  work=$(mktemp -d "${TMPDIR:-/tmp}/todo-e2e.XXXXXX")
  start=$(date +%s)
  ( cd "$work" && WORK="$work" HERE="$here" bash "$t" ) >"$work/log" 2>&1
  rc=$?
  left=$(leftovers)
  if [ -n "$left" ]; then
    printf 'FAIL: left behind after the test:\n%s\n' "$left" >>"$work/log"
    end_leftovers
    case $rc in 0 | 77) rc=1 ;; esac
  fi
  secs=$(( $(date +%s) - start ))
  if [ $rc -eq 0 ]; then pass=$((pass+1)); echo "ok   $name (${secs}s)"
  elif [ $rc -eq 77 ]; then skip=$((skip+1)); echo "skip $name: $(tail -n 1 "$work/log")"
  else fail=$((fail+1)); failed+=("$name"); echo "FAIL $name (${secs}s)"; sed 's/^/    /' "$work/log" | tail -n 40; fi
  [ $rc -eq 0 ] && rm -rf "$work"
done
left=$(leftovers)
if [ -n "$left" ]; then
  printf 'e2e: left behind at the end:\n%s\n' "$left"
  end_leftovers
  fail=$((fail+1))
fi
echo "e2e: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
