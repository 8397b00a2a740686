# One verb, every front end (issue 23): a to-do cancelled on the phone
# (STATUS:CANCELLED, no completion time) is reopened by x in the app's
# completed view exactly as `todo-tui reopen` reopens it: pending again, its
# SEQUENCE one higher. Before, x did nothing there.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
ics() {
  cat > "$WORK/$1.ics" <<ICS
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VTODO
UID:$1@phone.example
DTSTAMP:20261101T080000Z
LAST-MODIFIED:20261101T080000Z
SEQUENCE:3
SUMMARY:Cancelled $1
DUE:20990101T090000Z
STATUS:CANCELLED
END:VTODO
END:VCALENDAR
ICS
  T import "$WORK/$1.ics" >/dev/null || fail "import $1"
}
seq_of() {
  T export --format ics | /usr/bin/python3 -c '
import sys
block = sys.stdin.read().split("BEGIN:VTODO")
for b in block:
    if "SUMMARY:Cancelled '"$1"'" in b:
        print([l for l in b.splitlines() if l.startswith("SEQUENCE:")][0][9:])'
}
ics cli
ics app
expect_eq "$(T list | grep -c Cancelled)" 0 "both cancelled: not pending"
# The command line.
cli=$(T list --json --all | /usr/bin/python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["title"]=="Cancelled cli"][0])')
T reopen "$cli" >/dev/null || fail "reopen from the command line"
# The app: v to the completed view, x on the row.
tui_start 80 24
wait_screen 'Todo List'
keys v
wait_screen 'Cancelled app'
wait_gone 'Cancelled cli'
keys x
wait_screen 'Reopened “Cancelled app”'
keys q
wait_for 3 sh -c "[ \"\$(tmux -L $TSOCK display -p '#{pane_dead}')\" = 1 ]" || fail "q did not quit"
expect_eq "$(T list | grep -c Cancelled)" 2 "both reopened: pending"
expect_eq "$(seq_of cli)" 4 "a reopening from the command line is a revision"
expect_eq "$(seq_of app)" 4 "a reopening from the app is the same revision"
exit 0
