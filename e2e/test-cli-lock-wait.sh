#!/usr/bin/env bash
# A command that finds the data file's lock held by another process says for
# whom after a second and gives up after its bound (--wait SECONDS), changing
# nothing; a device named as the data file leaves no lock file beside it
# (issue 24.10 and 24.11: it waited without a word, forever; /dev/zero.lock).
. "$HERE/lib.sh"
T add "First" >/dev/null || fail "add"
before=$(filesum)
# Another process holds the lock (flock(2) in itself, as todo-tui does).
python3 -c 'import fcntl, sys, time; f = open(sys.argv[1], "a"); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(30)' \
  "$TODO_TUI_FILE.lock" &
holder=$!
at_exit "kill $holder 2>/dev/null; wait $holder 2>/dev/null"
wait_for 5 sh -c "! flock -n '$TODO_TUI_FILE.lock' true" || fail "the lock was not taken"
start=$(date +%s%N)
T add "Second" --wait 2 >"$WORK/out" 2>"$WORK/err" && fail "add went on without the lock"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$ms" -ge 1900 ] && [ "$ms" -lt 5000 ] || fail "gave up after $ms ms, not about 2 s"
err=$(cat "$WORK/err")
expect_match "$(head -1 "$WORK/err")" "^Waiting for the file's lock, held by process $holder \(python3\)…$" "the notice"
expect_eq "$(grep -c '^error:' "$WORK/err")" 1 "error lines"
expect_match "$(tail -1 "$WORK/err")" "^error: .*the lock is held by process [0-9]+ .*gave up after 2 s \(--wait SECONDS waits longer\)" "the error"
expect_eq "$(filesum)" "$before" "the data file"
# Freed within the wait: the command goes on, without a word.
( sleep 0.3; kill $holder ) &
T add "Third" --wait 20 >/dev/null 2>"$WORK/err2" || fail "add after the lock was freed: $(cat "$WORK/err2")"
expect_eq "$(grep -c Waiting "$WORK/err2")" 0 "notices when the wait was short"
expect_eq "$(T list --json | grep -c '"Third"')" 1 "Third added"
# A device as the data file: one error, no /dev/zero.lock.
rm -f /dev/zero.lock 2>/dev/null
expect_fail env TODO_TUI_FILE=/dev/zero "$TODO_BIN" add "x"
[ ! -e /dev/zero.lock ] || { rm -f /dev/zero.lock; fail "/dev/zero.lock left behind"; }
echo "ok"
