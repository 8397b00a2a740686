#!/usr/bin/env bash
# Early warnings: add --warn puts a warning before the deadline; it shows in
# pending (kind warning), in list --json (warn) and as a mark in list; it
# fires at normal urgency with "Is Due in N minutes", then the deadline fires
# as before; edit --warn none takes it away; a bad duration is refused.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"
w=$(T add "Train" --due "$(in_seconds 62)" --warn 1m) || fail "add --warn"
T pending --json | python3 -c "
import json, sys
d = json.load(sys.stdin)
assert [n['kind'] for n in d['notifications']] == ['warning', 'deadline'], d
" || fail "pending: $(T pending)"
T list --json | python3 -c "import json,sys; i = json.load(sys.stdin)[0]; assert i['warn'] == 60, i" || fail "list --json warn"
expect_match "$(T list)" '△' "the list's mark"
e=$(T add "Edited" --due "in 3h" --warn 30m)
T edit "$e" --warn none >/dev/null
T list --json | python3 -c "import json,sys; i = [x for x in json.load(sys.stdin) if x['id'] == '$e'][0]; assert i['warn'] is None, i" || fail "edit --warn none"
before=$(filesum)
expect_fail T add "Bad" --warn soon
expect_eq "$(filesum)" "$before" "nothing written on a bad --warn"
start_daemon
wait_calls 1 8
f=$(call_for Train)
expect_eq "$(head -n 1 "$f" | cut -d'|' -f2,3)" "warning|$w" "kind|id"
grep -qx -- '--urgency=normal' "$f" || fail "not normal urgency: $(cat "$f")"
grep -qx 'Todo Item "Train" Is Due in 1 minute' "$f" || fail "warning text: $(cat "$f")"
wait_for 10 python3 -c "
import plistlib, sys
i = [i for i in plistlib.load(open(sys.argv[1], 'rb'))['todoItems'].values() if i['title'] == 'Train'][0]
sys.exit(0 if i.get('notifiedWarning') == i['deadline'] else 1)" "$TODO_TUI_FILE" || fail "notifiedWarning not recorded"
T pending --json | python3 -c "
import json, sys
d = json.load(sys.stdin)
assert [n['kind'] for n in d['notifications']] == ['deadline', 'deadline'], d
" || fail "pending after the warning: $(T pending)"
stop_daemon "$DPID"
echo ok
