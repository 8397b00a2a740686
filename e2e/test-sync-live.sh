#!/usr/bin/env bash
# `todo-tui daemon` with a vdir syncs live (SPEC 7, issue 16): a change on
# either side reaches the other within a few seconds, with no polling (the
# idle daemon makes no context switch); a notification already shown does
# not fire again when its item comes back changed through the vdir, unless
# its time changed.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
export TODO_TUI_VDIR="$WORK/vdir"
V="$TODO_TUI_VDIR"
# The data file one folder down: the notifier also watches the data file's
# parent folder (for its folder being replaced), and $WORK's parent, /tmp, is
# busy with other tests; $WORK is quiet while the daemon should be idle.
export TODO_TUI_FILE="$WORK/data/todos.plist"

early=$(T add "There before the daemon" --due "2030-01-10 09:00")
start_daemon
wait_for 10 grep -q "syncing live with $V" "$WORK/daemon.err" || fail "no live sync: $(cat "$WORK/daemon.err")"
# The first sync at start.
wait_for 5 test -f "$V/$early.ics" || fail "the first sync did not run: $(cat "$WORK/daemon.err")"

# Here → there.
a=$(T add "Added here" --due "2030-01-11 09:00")
t0=$(date +%s%N)
wait_for 5 test -f "$V/$a.ics" || fail "an item added here did not reach the vdir in 5 s: $(cat "$WORK/daemon.err")"
echo "here → there: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
expect_eq "$(ics_get "$V/$a.ics" SUMMARY)" "Added here"

# There → here (a new file, then an edit of it).
ics_write "$V/phone.ics" "phone-1@example.com" "Added there" "DUE:20300112T090000Z"
t0=$(date +%s%N)
wait_for 5 sh -c "\"$TODO_BIN\" list | grep -q 'Added there'" || fail "a file added there did not reach the list in 5 s"
echo "there → here: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
# vdirsyncer puts a new file in place with link(2) (only IN_CREATE on its name).
ics_write "$WORK/linked.tmp" "linked-1@example.com" "Linked there" "DUE:20300113T090000Z"
sleep 1.5  # nothing else pending
ln "$WORK/linked.tmp" "$V/linked.ics" && rm "$WORK/linked.tmp"
wait_for 5 sh -c "\"$TODO_BIN\" list | grep -q 'Linked there'" || fail "a file linked in there did not reach the list in 5 s"
ics_set "$V/phone.ics" SUMMARY "Edited there"
wait_for 5 sh -c "\"$TODO_BIN\" list | grep -q 'Edited there'" || fail "an edit there did not reach the list in 5 s"
T edit "$a" --title "Edited here" >/dev/null
wait_for 5 sh -c "grep -q 'SUMMARY:Edited here' '$V/$a.ics'" || fail "an edit here did not reach the vdir in 5 s"

# No polling: once settled, the idle daemon does not wake at all.
sleep 1.5
switches() { awk '/^voluntary_ctxt_switches|^nonvoluntary_ctxt_switches/ { n += $2 } END { print n }' "/proc/$DPID/status"; }
s1=$(switches); sleep 3; s2=$(switches)
expect_eq "$s2" "$s1" "context switches of the idle daemon in 3 s"

# A notification shown, then the item edited elsewhere: no second bubble.
due=$(T add "Shown once" --due "$(in_seconds 2)")
wait_calls 1 6
wait_for 5 test -f "$V/$due.ics" || fail "the item due did not reach the vdir"
wait_for 5 sh -c "\"$TODO_BIN\" pending --json | grep -q '\"notifications\" : \[\]' || \"$TODO_BIN\" pending --json | tr -d ' \n' | grep -q '\"notifications\":\[\]'"
ics_set "$V/$due.ics" SUMMARY "Shown once (renamed on the phone)"
wait_for 5 sh -c "\"$TODO_BIN\" list --all | grep -q 'renamed on the phone'" || fail "the rename did not arrive"
sleep 2
expect_eq "$(ncalls)" 1 "calls after the item came back renamed"
# Its time changed there: it notifies again.
ics_set "$V/$due.ics" DUE "$(date -u -d "@$(( $(date +%s) + 2 ))" +%Y%m%dT%H%M%SZ)"
wait_calls 2 8
expect_match "$(calls | tail -n 1)" "\|Shown once \(renamed on the phone\)\|" "the second call"

# Deletions, live, both ways.
rm "$V/phone.ics"
wait_for 5 sh -c "! \"$TODO_BIN\" list | grep -q 'Edited there'" || fail "a deletion there did not reach the list"
T delete "$a" >/dev/null
wait_for 5 test ! -e "$V/$a.ics" || fail "a deletion here did not reach the vdir"
grep -q "failed" "$WORK/daemon.err" && fail "a sync failed: $(cat "$WORK/daemon.err")"
stop_daemon "$DPID"
echo "ok"
