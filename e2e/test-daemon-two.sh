#!/usr/bin/env bash
# Two daemons on one file: one notifier (the second waits), one delivery each;
# when the first ends, the second takes over without firing anything twice.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

T add "One" --due "$(in_seconds 2)" >/dev/null
T add "Two" --due "$(in_seconds 2)" >/dev/null
start_daemon "$WORK/first.err"; first=$DPID
"$TODO_BIN" daemon 2>"$WORK/second.err" & second=$!; DAEMONS+=("$second")
wait_for 5 grep -q "another notifier (pid $first)" "$WORK/second.err" || fail "second: $(cat "$WORK/second.err")"
wait_calls 2 6
sleep 1.5
expect_eq "$(ncalls)" 2 "deliveries with two daemons"
stop_daemon "$first"
wait_for 5 grep -q "notifying for" "$WORK/second.err" || fail "the second did not take over"
sleep 0.5
expect_eq "$(ncalls)" 2 "nothing fired twice on take-over"
T add "Three" --due "$(in_seconds 1)" >/dev/null
wait_calls 3 5
sleep 1
expect_eq "$(ncalls)" 3 "one more delivery"
stop_daemon "$second"
echo ok
