#!/usr/bin/env bash
# Shown means shown: a notify command that fails, or is missing, keeps the
# notification; it is retried with growing pauses and arrives once the
# command works (also at the next start); the cause is told once on stderr.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

# 1. Failing (exit 3), then working.
echo 'exit 3' >"$WORK/reply-default"
T add "Flaky" --due "$(in_seconds 1)" >/dev/null
start_daemon
wait_calls 2 10
expect_eq "$(undelivered)" 1 "a failed bubble is not recorded as shown"
wait_calls 3 15
expect_eq "$(grep -c 'failed with status 3' "$WORK/daemon.err")" 1 "the failure is told once"
# The pauses grow: the third try comes later after the second than the second after the first.
gaps=$(calls | cut -d'|' -f1 | awk 'NR > 1 { printf "%.3f\n", $1 - prev } { prev = $1 }' | head -n 2 | tr '\n' ' ')
awk -v g="$gaps" 'BEGIN { split(g, a, " "); exit !(a[2] > a[1]) }' || fail "pauses do not grow: $gaps"
rm "$WORK/reply-default"
wait_for 30 all_delivered || fail "the notification did not arrive once the command worked: $(calls)"
n=$(ncalls); sleep 1; expect_eq "$(ncalls)" "$n" "no more tries once shown"
stop_daemon "$DPID"

# 2. Failing while the daemon ran; it arrives at the next start.
export TODO_TUI_FILE="$WORK/restart.plist"
echo 'exit 1' >"$WORK/reply-default"
T add "Across a restart" --due "$(in_seconds 1)" >/dev/null
start_daemon "$WORK/restart.err"
wait_for 10 grep -q 'failed with status 1' "$WORK/restart.err" || fail "no failure told: $(cat "$WORK/restart.err")"
stop_daemon "$DPID"
expect_eq "$(undelivered)" 1 "still undelivered after the daemon ended"
rm "$WORK/reply-default"
start_daemon "$WORK/restart.err"
wait_for 10 all_delivered || fail "not delivered at the next start"
stop_daemon "$DPID"

# 3. Missing, then installed: it arrives.
export TODO_TUI_FILE="$WORK/missing.plist"
T add "Installed later" --due "$(in_seconds 1)" >/dev/null
TODO_TUI_NOTIFY="$WORK/later-notify" start_daemon "$WORK/missing.err"
wait_for 5 grep -q 'later-notify is missing' "$WORK/missing.err" || fail "missing command not told: $(cat "$WORK/missing.err")"
sleep 2
expect_eq "$(undelivered)" 1 "not delivered without a command"
cp "$WORK/notify" "$WORK/later-notify"
wait_for 30 all_delivered || fail "not delivered once the command was installed"
expect_eq "$(grep -c 'later-notify is missing' "$WORK/missing.err")" 1 "missing told once"
stop_daemon "$DPID"
echo ok
