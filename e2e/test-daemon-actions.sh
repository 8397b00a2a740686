#!/usr/bin/env bash
# The action the notify command prints is applied to the item: "complete"
# completes it; "remind" sets a reminder 30 minutes on, the deadline unchanged.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

echo 'echo complete' >"$WORK/reply-Finish me"
echo 'echo remind' >"$WORK/reply-Later"
echo 'echo something-else' >"$WORK/reply-default"
c=$(T add "Finish me" --due "$(in_seconds 1)")
r=$(T add "Later" --due "$(in_seconds 1)")
o=$(T add "Other" --due "$(in_seconds 1)")
deadline_before=$(T list --json | python3 -c "import json,sys; print([i['deadline'] for i in json.load(sys.stdin) if i['id']=='$r'][0])")
start_daemon
wait_calls 3 6
completed() { T list --all --json | python3 -c "import json,sys; sys.exit(0 if [i for i in json.load(sys.stdin) if i['id']=='$1' and i['completed']] else 1)"; }
reminded() { T list --json | python3 -c "import json,sys; sys.exit(0 if [i for i in json.load(sys.stdin) if i['id']=='$1' and i['reminder']] else 1)"; }
wait_for 5 completed "$c" || fail "complete was not applied: $(T list --all)"
wait_for 5 reminded "$r" || fail "remind was not applied: $(T list --json)"
T list --json | python3 -c "
import json, sys, datetime as dt
items = {i['id']: i for i in json.load(sys.stdin)}
r = items['$r']; o = items['$o']
assert '$c' not in items, 'the completed item is no longer pending'
assert r['deadline'] == '$deadline_before', ('deadline changed', r)
rem = dt.datetime.fromisoformat(r['reminder'].replace('Z', '+00:00'))
left = (rem - dt.datetime.now(dt.timezone.utc)).total_seconds()
assert 1790 <= left <= 1800, ('reminder not 30 minutes on', left)
assert o['reminder'] is None and o['completed'] is None, ('other output is no action', o)
" || fail "the actions did not land as expected"
# The reminder holds a slot and shows in pending as a reminder.
T pending --json | python3 -c "
import json, sys
d = json.load(sys.stdin)
assert [(n['kind'], n['id']) for n in d['notifications']] == [('reminder', '$r')], d
" || fail "pending does not show the reminder"
grep -q 'Completed “Finish me”' "$WORK/daemon.err" || fail "the daemon did not log the action"
stop_daemon "$DPID"
echo ok
