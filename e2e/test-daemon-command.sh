#!/usr/bin/env bash
# The daemon keeps working when the notify command hangs, fails or is missing,
# and says what is wrong once on stderr; what could not be shown is kept.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

# Hanging: a bubble that never returns holds up no other.
echo 'exec sleep 600' >"$WORK/reply-Hang"
echo 'exit 3' >"$WORK/reply-Fail"
T add "Hang" --due "$(in_seconds 1)" >/dev/null
T add "Fail" --due "$(in_seconds 2)" >/dev/null
T add "Fail" --due "$(in_seconds 2)" >/dev/null
T add "Quick" --due "$(in_seconds 3)" >/dev/null
start_daemon
wait_calls 4 8
while IFS= read -r line; do
  ms=$(lateness_ms "$line")
  [ "$ms" -ge 0 ] && [ "$ms" -lt 1000 ] || fail "fired ${ms} ms after its time (a hung bubble held it up?): $line"
done < <(calls)
wait_for 5 grep -q "failed with status 3" "$WORK/daemon.err" || fail "no report of the failure: $(cat "$WORK/daemon.err")"
expect_eq "$(grep -c 'failed with status 3' "$WORK/daemon.err")" 1 "the failure is reported once"
hang=$(cat "$WORK/pid-Hang")
kill -0 "$hang" || fail "the hanging command is not running"
stop_daemon "$DPID"
wait_for 5 bash -c "! kill -0 $hang" || fail "the hanging command outlived the daemon"

# Missing, then not executable: said once; the notifications are kept (retried).
for cmd in "$WORK/no-such-notify" "$WORK/not-executable"; do
  : >"$WORK/not-executable"
  export TODO_TUI_FILE="$WORK/$(basename "$cmd").plist"
  T add "M1" --due "$(in_seconds 1)" >/dev/null
  T add "M2" --due "$(in_seconds 2)" >/dev/null
  TODO_TUI_NOTIFY="$cmd" start_daemon "$WORK/$(basename "$cmd").err"
  wait_for 6 grep -q "missing or not executable" "$WORK/$(basename "$cmd").err" || fail "not told"
  sleep 2.5
  expect_eq "$(undelivered)" 2 "kept without a command"
  expect_eq "$(grep -c "$cmd is missing or not executable" "$WORK/$(basename "$cmd").err")" 1 "said once"
  stop_daemon "$DPID"
done
# notify-send absent from PATH: the message says what to install.
export TODO_TUI_FILE="$WORK/path.plist"
mkdir -p "$WORK/emptybin"
( unset TODO_TUI_NOTIFY; PATH="$WORK/emptybin" exec "$TODO_BIN" daemon 2>"$WORK/path.err" ) & p=$!; DAEMONS+=("$p")
wait_for 5 grep -q "notify-send is not installed" "$WORK/path.err" || fail "no notify-send message: $(cat "$WORK/path.err")"
stop_daemon "$p"

# TODO_TUI_NOTIFY=none: no bubbles, and the notifications count as shown.
export TODO_TUI_FILE="$WORK/none.plist"
T add "Quiet" --due "$(in_seconds 1)" >/dev/null
before=$(ncalls)
TODO_TUI_NOTIFY=none start_daemon "$WORK/none.err"
wait_for 6 all_delivered || fail "not counted as shown with TODO_TUI_NOTIFY=none"
expect_eq "$(ncalls)" "$before" "no bubble with TODO_TUI_NOTIFY=none"
grep -q "no desktop bubbles (TODO_TUI_NOTIFY=none)" "$WORK/none.err" || fail "not told: $(cat "$WORK/none.err")"
stop_daemon "$DPID"
echo ok
