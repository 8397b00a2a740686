#!/usr/bin/env bash
# End to end with the real notify-send (libnotify-bin) over a real D-Bus session
# bus (dbus-run-session) to a real notification server (notification-server.py
# on Debian's python3-dbus): the first bubble's "Complete" completes the item,
# the second's "Remind in 30 minutes" sets its reminder.
. "$HERE/lib.sh"

. "$HERE/lib-dbus.sh"

. "$HERE/daemon-lib.sh"
unset TODO_TUI_NOTIFY   # the real notify-send
"$py" "$HERE/notification-server.py" "$WORK/bubbles.jsonl" "$WORK/ready" complete remind &
server=$!
DAEMONS+=("$server")
wait_for 10 test -s "$WORK/ready" || fail "the notification server did not start"

c=$(T add 'Pay rent & <bills>' --due "$(in_seconds 1)")
start_daemon
completed() { T list --all --json | "$py" -c "import json,sys; sys.exit(0 if [i for i in json.load(sys.stdin) if i['id']=='$c' and i['completed']] else 1)"; }
wait_for 10 completed || fail "Complete did not reach the list: $(T list --all); daemon: $(cat "$WORK/daemon.err"); bubbles: $(cat "$WORK/bubbles.jsonl" 2>/dev/null)"

r=$(T add "Call mum" --due "$(in_seconds 1)")
reminded() { T list --json | "$py" -c "import json,sys; sys.exit(0 if [i for i in json.load(sys.stdin) if i['id']=='$r' and i['reminder']] else 1)"; }
wait_for 10 reminded || fail "Remind did not reach the list: $(T list --json); daemon: $(cat "$WORK/daemon.err")"

"$py" - "$WORK/bubbles.jsonl" <<'PY' || fail "the bubbles: $(cat "$WORK/bubbles.jsonl")"
import json, sys
b = [x for x in map(json.loads, open(sys.argv[1])) if "summary" in x]  # notify-send closes an answered bubble itself
assert len(b) == 2, b
acts = ["complete", "Complete", "remind", "Remind in 30 minutes"]
assert [x["app_name"] for x in b] == ["todo-tui"] * 2, b
assert b[0]["summary"] == 'Todo Item "Pay rent & <bills>" Is Overdue', b[0]
assert b[1]["summary"] == 'Todo Item "Call mum" Is Overdue', b[1]
assert b[0]["body"].startswith("Due ") and b[0]["body"].endswith(" · 1 overdue"), b[0]
assert all(x["actions"] == acts for x in b), b
PY
T list --json | "$py" -c "
import json, sys
i = [i for i in json.load(sys.stdin) if i['id'] == '$r'][0]
assert i['completed'] is None and i['reminder'] > i['deadline'], i
" || fail "the reminded item"
stop_daemon "$DPID"
kill "$server" 2>/dev/null
echo ok
