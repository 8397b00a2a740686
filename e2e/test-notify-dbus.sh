#!/usr/bin/env bash
# Desktop conventions over a real D-Bus session (dbus-run-session) with the
# real notify-send (libnotify-bin) and a notification server of our own: the
# bubble is critical, carries the icon and desktop entry; a later bubble for
# the same item replaces the earlier one; completing or changing the item
# elsewhere closes its bubble (CloseNotification) and its waiting command ends;
# an early warning comes at normal urgency.
. "$HERE/lib.sh"

NEED_GDBUS=1
. "$HERE/lib-dbus.sh"

. "$HERE/daemon-lib.sh"
unset TODO_TUI_NOTIFY   # the real notify-send
log="$WORK/bubbles.jsonl"
"$py" "$HERE/notification-server.py" "$log" "$WORK/ready" - - - - - - &
server=$!
DAEMONS+=("$server")
wait_for 10 test -s "$WORK/ready" || fail "the notification server did not start"
# q EXPR: evaluates a Python expression over b (the Notify calls) and c (the closed ids).
q() { "$py" - "$log" "$1" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])] if __import__("os").path.exists(sys.argv[1]) else []
b = [l for l in lines if "summary" in l]; c = [l["close"] for l in lines if "close" in l]
r = eval(sys.argv[2])
if r is True or r is False: sys.exit(0 if r else 1)
print(r)
PY
}

a=$(T add 'Desk & <chair>' --due "$(in_seconds 1)")
start_daemon
wait_for 10 q 'len(b) >= 1' || fail "no bubble: $(cat "$log" 2>/dev/null); daemon: $(cat "$WORK/daemon.err")"
q 'b[0]["urgency"] == 2' || fail "not critical: $(q 'b[0]')"
q 'b[0]["icon"] == "todo-tui" and b[0]["desktop_entry"] == "todo-tui" and b[0]["replaces_id"] == 0' || fail "icon/desktop entry/replace: $(q 'b[0]')"
q 'b[0]["summary"] == "Todo Item \"Desk & <chair>\" Is Overdue" and b[0]["actions"] == ["complete", "Complete", "remind", "Remind in 30 minutes"]' || fail "summary/actions: $(q 'b[0]')"
first=$(q 'b[0]["id"]')
wait_for 5 test "$(children "$DPID")" -eq 1 || fail "the waiting notify-send: $(children "$DPID") children"

# A reminder for the same item replaces the bubble on screen.
T remind "$a" --in 2s >/dev/null
wait_for 8 q 'len(b) >= 2' || fail "no reminder bubble: $(cat "$log")"
q "b[1]['replaces_id'] == $first and b[1]['id'] == $first" || fail "the reminder did not replace bubble $first: $(q 'b[1]')"
q 'b[1]["summary"].startswith("Reminder: Todo Item \"Desk & <chair>\" Is ")' || fail "reminder summary: $(q 'b[1]')"
wait_for 5 test "$(children "$DPID")" -eq 1 || fail "the replaced bubble's command did not end: $(children "$DPID") children"

# Completed elsewhere: the bubble is closed and its command ends.
T complete "$a" >/dev/null
wait_for 5 q "$first in c" || fail "bubble $first was not closed: $(cat "$log")"
wait_for 5 test "$(children "$DPID")" -eq 0 || fail "the closed bubble's command still runs"

# Changed elsewhere (a new title): closed too; deleted: closed too.
e=$(T add "Edit me" --due "$(in_seconds 1)")
wait_for 8 q 'len(b) >= 3' || fail "no third bubble: $(cat "$log")"
third=$(q 'b[2]["id"]')
T edit "$e" --title "Edited" >/dev/null
wait_for 5 q "$third in c" || fail "bubble $third was not closed after an edit: $(cat "$log")"
d=$(T add "Delete me" --due "$(in_seconds 1)")
wait_for 8 q 'len(b) >= 4' || fail "no fourth bubble: $(cat "$log")"
fourth=$(q 'b[3]["id"]')
T delete "$d" >/dev/null
wait_for 5 q "$fourth in c" || fail "bubble $fourth was not closed after a delete: $(cat "$log")"
wait_for 5 test "$(children "$DPID")" -eq 0 || fail "commands still run: $(children "$DPID")"

# An early warning: normal urgency (a server may let it expire), its own text.
T add "Train" --due "$(in_seconds 61)" --warn 1m >/dev/null
wait_for 8 q 'len(b) >= 5' || fail "no warning bubble: $(cat "$log")"
q 'b[4]["urgency"] == 1 and b[4]["summary"] == "Todo Item \"Train\" Is Due in 1 minute"' || fail "the warning: $(q 'b[4]')"
stop_daemon "$DPID"
kill "$server" 2>/dev/null
echo ok
