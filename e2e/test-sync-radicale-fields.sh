#!/usr/bin/env bash
# Two fields of one item changed on two sides at once, through a real CalDAV
# server (SPEC 6 and 8, issue 26): a phone-style client sets PRIORITY on the
# server (an HTTP PUT) while the app, in tmux, changes the note in the item's
# detail. After vdirsyncer and todo-tui sync, the data file, the app's row
# and the server hold both changes.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-tui.sh"
command -v radicale >/dev/null || { echo "skipped: radicale is not installed (apt-get install radicale, or scripts/deps.sh test)"; exit 77; }
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed (apt-get install vdirsyncer, or scripts/deps.sh test)"; exit 77; }
unset TODO_TUI_VDIR

# The server, on a free port, with its own storage.
start_radicale
mkdir -p "$WORK/vdir" "$WORK/status"
expect_eq "$(phone mkcalendar)" 201 "MKCALENDAR"
vdirsyncer_conf "$WORK/vdirsyncer.conf" "$WORK/status/" tasks "$WORK/vdir/" "http://127.0.0.1:$PORT/user/tasks/" null
[general]
status_path = "$WORK/status/"

[pair tasks]
a = "tasks_local"
b = "tasks_remote"
collections = null

[storage tasks_local]
type = "filesystem"
path = "$WORK/vdir/"
fileext = ".ics"

[storage tasks_remote]
type = "caldav"
url = "http://127.0.0.1:$PORT/user/tasks/"
username = "user"
password = "x"
item_types = ["VTODO"]
EOF
vs() { vdirsyncer -c "$WORK/vdirsyncer.conf" "$@" >>"$WORK/vs.log" 2>&1 || fail "vdirsyncer $*: $(tail -n 5 "$WORK/vs.log")"; }
vs discover
# What the machine runs: vdirsyncer, todo-tui sync, vdirsyncer.
cycle() { vs sync; T sync --vdir "$WORK/vdir" >>"$WORK/sync.log" 2>&1 || fail "todo-tui sync: $(tail -n 3 "$WORK/sync.log")"; vs sync; }

id=$(T add "Pay rent" --due "in 1h" --note "old note")
cycle
uid=$(T show "$id" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["uid"])')
expect_eq "$(phone get "$uid" DESCRIPTION)" "old note" "the note on the server"

# The app opens the item's detail and edits the note…
tui_start 80 24
wait_screen '^ Pay rent ✎ '
keys Enter
wait_screen '│ Note +old note'
keys Down Down Down Down Down Down Down Down Down Down   # title → … → tags → list → parent → note
wait_screen 'Enter new line'
keys C-u
type_text "new note from the app"
# …while the phone sets the priority on the server; then the app saves.
phone set "$uid" PRIORITY 1
keys C-s
wait_screen 'Edited “Pay rent”'
cycle
wait_screen '^ !!! Pay rent ✎ '                        # the app shows the phone's priority too
got=$(T show "$id" --json | python3 -c 'import json,sys; i=json.load(sys.stdin); print(i["note"], "|", i["priority"])')
expect_eq "$got" "new note from the app | 1" "the data file: the app's note and the phone's priority"
expect_eq "$(phone get "$uid" DESCRIPTION)" "new note from the app" "the note on the server"
expect_eq "$(phone get "$uid" PRIORITY)" "1" "the priority on the server"
expect_eq "$(T sync --vdir "$WORK/vdir")" "nothing to do" "settled"
exit 0
