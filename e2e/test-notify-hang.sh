#!/usr/bin/env bash
# 300 notify commands that never return, under ulimit -n 1024: the daemon
# stays up with a bounded number of descriptors and children, every to-do is
# accounted for and recorded, a later deadline still gets through, and the
# waiting commands end with the daemon.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"
ulimit -n 1024 || fail "cannot set ulimit -n 1024"
echo 'exec sleep 600' >"$WORK/reply-default"
n=300
make_burst $n 3 Hang
start_daemon
watch_fds "$DPID" "$WORK/maxfds"
wait_for 30 all_accounted $n || fail "not all accounted for: $(accounted) (bubbles, summed) of $n; alive: $(kill -0 "$DPID" 2>/dev/null && echo yes || echo no); $(tail -n 3 "$WORK/daemon.err")"
wait_for 20 all_delivered || fail "$(undelivered) of $n not recorded as delivered"
kill -0 "$DPID" 2>/dev/null || fail "the daemon died: $(tail -n 5 "$WORK/daemon.err")"
kids=$(children "$DPID")
[ "$kids" -le 17 ] || fail "$kids commands waiting at once"
# A command that never returns blocks nothing: a later deadline is shown too.
T add "Later" --due "$(in_seconds 2)" >/dev/null
wait_for 10 all_accounted $(( n + 1 )) || fail "a later deadline was held up by the waiting commands"
wait_for 5 all_delivered || fail "the later deadline is not recorded as delivered"
max=$(cat "$WORK/maxfds" 2>/dev/null || echo 0)
echo "descriptors: at most $max; children: $kids; accounted: $(accounted)"
[ "$max" -le 80 ] || fail "the daemon held $max descriptors"
pids=$(cat "$WORK"/pid-* 2>/dev/null)
stop_daemon "$DPID"
gone() { for p in $pids; do kill -0 "$p" 2>/dev/null && return 1; done; return 0; }
wait_for 5 gone || fail "waiting commands outlived the daemon"
echo ok
