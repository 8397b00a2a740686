#!/usr/bin/env bash
# 1,000 deadlines at the same second, under the usual limit of 1024
# descriptors: the daemon stays up, holds a bounded number of descriptors,
# leaks none to the commands, and every to-do is accounted for — in its own
# bubble or counted in a summary bubble (TODO_COUNT) — and recorded as
# delivered in the file.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"
ulimit -n 1024 || fail "cannot set ulimit -n 1024"
n=1000
make_burst $n 4
start_daemon
watch_fds "$DPID" "$WORK/maxfds"
wait_for 40 all_accounted $n || fail "not all accounted for: $(accounted) (bubbles, summed) of $n; alive: $(kill -0 "$DPID" 2>/dev/null && echo yes || echo no); $(tail -n 3 "$WORK/daemon.err")"
wait_for 20 all_delivered || fail "$(undelivered) of $n not recorded as delivered"
kill -0 "$DPID" 2>/dev/null || fail "the daemon died: $(tail -n 5 "$WORK/daemon.err")"
read -r bubbles summed <<<"$(accounted)"
expect_eq "$(( bubbles + summed ))" "$n" "bubbles ($bubbles) + summed ($summed), each to-do once"
[ "$bubbles" -le 16 ] || fail "$bubbles bubbles of their own at once: more than 16"
max=$(cat "$WORK/maxfds" 2>/dev/null || echo 0)
echo "descriptors: at most $max during the burst; bubbles $bubbles, in summaries $summed"
[ "$max" -le 80 ] || fail "the daemon held $max descriptors"
# Nothing leaked: each command started with 0, 1, 2 only (3 is ls's own).
leaks=$(for f in "$WORK"/calls/*; do head -n 1 "$f" | cut -d'|' -f8; done | sort | uniq -c | grep -v ' 0 1 2 3 $')
[ -z "$leaks" ] || fail "descriptors leaked to the notify command: $leaks"
stop_daemon "$DPID"
echo ok
