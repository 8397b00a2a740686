#!/usr/bin/env bash
# A bubble whose command is still running (a slow notification server) when
# the daemon is killed (kill -9) or stopped (SIGTERM) is not shown again when
# the daemon starts again: delivery is recorded before the command starts
# (issue 24.3).
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

# The slow server: the command never answers.
echo 'echo $$ >>"$FAKE_DIR/slow-pids"; exec sleep 30' >"$WORK/reply-default"
end_slow() { for p in $(cat "$WORK/slow-pids" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done; }
trap 'cleanup_daemons; end_slow' EXIT

T add "Killed" --due "$(in_seconds 1)" >/dev/null
start_daemon
wait_calls 1 5
for round in 1 2 3; do
  kill -KILL "$DPID"; wait "$DPID" 2>/dev/null
  start_daemon
  sleep 1
done
expect_eq "$(ncalls)" 1 "calls after three kill -9 while the bubble showed"

T add "Stopped" --due "$(in_seconds 1)" >/dev/null
wait_calls 2 5
for round in 1 2; do
  stop_daemon "$DPID"
  start_daemon
  sleep 1
done
expect_eq "$(ncalls)" 2 "calls after two SIGTERM while the bubble showed"
expect_eq "$(T pending --json | tr -d ' \n')" '{"notifications":[],"unscheduled":0}' "pending"
stop_daemon "$DPID"
echo "ok"
