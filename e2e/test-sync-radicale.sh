#!/usr/bin/env bash
# todo-tui, vdirsyncer and a real CalDAV server (SPEC 7, issue 16): a Radicale
# on 127.0.0.1 (a free port, its own storage folder), two data files in two
# time zones standing for two machines (each with its vdir and its
# vdirsyncer), and a phone that PUTs and edits VTODOs on the server over
# HTTP. Items, deadlines, repeat rules and warnings cross both ways;
# concurrent edits of different fields merge; deletions cross; no UID twice.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-sync.sh"
command -v radicale >/dev/null || { echo "skipped: radicale is not installed (apt-get install radicale, or scripts/deps.sh test)"; exit 77; }
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed (apt-get install vdirsyncer, or scripts/deps.sh test)"; exit 77; }
started=$(date +%s)
unset TODO_TUI_FILE TODO_TUI_VDIR

# The server.
start_radicale
URL="http://127.0.0.1:$PORT/user/tasks/"
expect_eq "$(phone mkcalendar)" 201 "MKCALENDAR"


machines_on_one_calendar "$URL"

# 1. Machine A (Berlin): an item, and one with a repeat rule and a warning.
rent=$(on A add "Pay rent" --due "2030-06-01 09:00")
cat >"$WORK/weekly.ics" <<'EOF'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//import//EN
BEGIN:VTODO
UID:weekly-call@machine-a
DTSTAMP:20300101T000000Z
LAST-MODIFIED:20300101T000000Z
SUMMARY:Team call
DUE;TZID=Europe/Berlin:20300603T100000
RRULE:FREQ=WEEKLY;BYDAY=MO
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:Team call
TRIGGER;RELATED=END:-PT15M
END:VALARM
END:VTODO
END:VCALENDAR
EOF
on A import "$WORK/weekly.ics" >/dev/null
cycle A; cycle B
same_everywhere
expect_eq "$(field B "$rent" deadline)" "2030-06-01T07:00:00Z" "A's 09:00 Berlin, on B"
expect_eq "$(field B weekly-call@machine-a deadline)" "2030-06-03T08:00:00Z" "the weekly deadline on B"
expect_eq "$(field B weekly-call@machine-a repeat)" "FREQ=WEEKLY;BYDAY=MO" "the repeat rule on B"
expect_eq "$(field B weekly-call@machine-a warn)" "900" "the warning on B"
expect_eq "$(phone get weekly-call@machine-a RRULE)" "FREQ=WEEKLY;BYDAY=MO" "the repeat rule on the server"
echo "A → server → B: ok ($(( $(date +%s) - started )) s)"

# 2. The phone: a DATE-only due (09:00 on each machine, in its zone), a daily repeat, a warning.
phone put milk.ics "milk@phone" "Buy milk" "DUE;VALUE=DATE:20300610" "RRULE:FREQ=DAILY" \
  "BEGIN:VALARM" "ACTION:DISPLAY" "DESCRIPTION:Buy milk" "TRIGGER;RELATED=END:-PT30M" "END:VALARM"
b_item=$(on B add "From B" --due "2030-06-05 18:00")
cycle A; cycle B; cycle A
same_everywhere
expect_eq "$(field A milk@phone deadline)" "2030-06-10T07:00:00Z" "09:00 Berlin on A"
expect_eq "$(field B milk@phone deadline)" "2030-06-10T13:00:00Z" "09:00 New York on B"
for m in A B; do
  expect_eq "$(field $m milk@phone repeat)" "FREQ=DAILY" "the phone's repeat rule on $m"
  expect_eq "$(field $m milk@phone warn)" "1800" "the phone's warning on $m"
done
expect_eq "$(field A "$b_item" deadline)" "2030-06-05T22:00:00Z" "B's 18:00 New York, on A"
echo "phone and B → everywhere: ok ($(( $(date +%s) - started )) s)"

# 3. Concurrent edits of different fields: the phone renames "Pay rent" while
# A moves its deadline; B renames the weekly call while A changes its deadline.
phone set "$rent" SUMMARY "Pay rent (phone)"
on A edit "$rent" --due "2030-06-02 09:00" >/dev/null
on B edit "$(TZ=UTC on B list --json | python3 -c "import json,sys; print([x['id'] for x in json.load(sys.stdin) if x['uid'] == 'weekly-call@machine-a'][0])")" --title "Team call (B)" >/dev/null
on A edit "$(TZ=UTC on A list --json | python3 -c "import json,sys; print([x['id'] for x in json.load(sys.stdin) if x['uid'] == 'weekly-call@machine-a'][0])")" --due "2030-06-03 11:00" >/dev/null
cycle A; cycle B; cycle A
same_everywhere
for m in A B; do
  expect_eq "$(field $m "$rent" title)" "Pay rent (phone)" "the phone's title on $m"
  expect_eq "$(field $m "$rent" deadline)" "2030-06-02T07:00:00Z" "A's deadline on $m"
  expect_eq "$(field $m weekly-call@machine-a title)" "Team call (B)" "B's title on $m"
  expect_eq "$(field $m weekly-call@machine-a deadline)" "2030-06-03T09:00:00Z" "A's new deadline on $m"
  expect_eq "$(field $m weekly-call@machine-a repeat)" "FREQ=WEEKLY;BYDAY=MO" "the repeat rule after the edits on $m"
done
expect_eq "$(phone get "$rent" SUMMARY)" "Pay rent (phone)" "the title on the server"
echo "concurrent edits: ok ($(( $(date +%s) - started )) s)"

# 4. Deletions: the phone deletes the milk, B deletes the rent.
phone delete milk@phone
on B delete "$rent" >/dev/null
cycle A; cycle B; cycle A
same_everywhere
expect_eq "$(TODO_TUI_FILE="$WORK/A/todos.plist" list_summary | cut -d'|' -f2 | tr '\n' ',')" "From B,Team call (B)," "A's items at the end"
expect_eq "$(ls "$WORK/A/vdir" | wc -l)" 2 "files in A's vdir"
expect_eq "$(ls "$WORK/B/vdir" | wc -l)" 2 "files in B's vdir"

# Settled: nothing more to do anywhere.
expect_eq "$(on A sync)" "nothing to do" "A's sync at the end"
expect_eq "$(on B sync)" "nothing to do" "B's sync at the end"
echo "ok ($(( $(date +%s) - started )) s)"
