#!/usr/bin/env bash
# run.sh itself: a test that leaves a tmux server or a todo-tui process behind
# fails, naming what it left, and what it left is ended; a test that cleans up
# passes. A small suite of such tests is run with this run.sh.
source "$HERE/lib.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
suite="$WORK/suite"
mkdir -p "$suite" "$WORK/tmp"
for f in run.sh lib.sh lib-tui.sh; do ln -s "$HERE/$f" "$suite/$f"; done
cat >"$suite/test-a-clean.sh" <<'T'
source "$HERE/lib.sh"; source "$HERE/lib-tui.sh"
tm new-session -d "sleep 100"
T
cat >"$suite/test-b-tmux.sh" <<'T'
source "$HERE/lib.sh"; source "$HERE/lib-tui.sh"
tm new-session -d "sleep 100"
AT_EXIT=()  # its cleanup forgotten
T
cat >"$suite/test-c-daemon.sh" <<'T'
source "$HERE/lib.sh"
setsid "$TODO_BIN" daemon </dev/null >/dev/null 2>&1 &
wait_for 10 test -e "$TODO_TUI_FILE.notifier.lock" || fail "no daemon"
T
out=$(TMPDIR="$WORK/tmp" bash "$suite/run.sh" 2>&1)
rc=$?
[ $rc -ne 0 ] || fail "run.sh passed a suite that left things behind: $out"
expect_match "$out" "ok   test-a-clean" "a test that cleans up"
expect_match "$out" "FAIL test-b-tmux" "a test that leaves its tmux server"
expect_match "$out" "tmux server todo-tui-test-[0-9]+-[0-9]+" "the server named"
expect_match "$out" "FAIL test-c-daemon" "a test that leaves a daemon"
expect_match "$out" "process [0-9]+: [^ ]*todo-tui daemon" "the process named"
expect_match "$out" "e2e: 1 passed, 2 failed" "the count"
# What was left is gone.
server=$(printf '%s\n' "$out" | grep -Eo "todo-tui-test-[0-9]+-[0-9]+" | head -n 1)
! tmux -L "$server" list-sessions >/dev/null 2>&1 || fail "the tmux server $server is still there"
pid=$(printf '%s\n' "$out" | sed -nE 's/.*process ([0-9]+): .*/\1/p' | head -n 1)
wait_for 5 sh -c "! kill -0 $pid" || fail "the daemon $pid is still there"
exit 0
