#!/usr/bin/env bash
# Subtasks and a repeating to-do completed the Thunderbird way, through a real
# Radicale and vdirsyncer (SPEC 9), set up as test-sync-radicale.sh: a
# phone-style client PUTs a parent and a subtask (RELATED-TO, as Nextcloud
# Tasks writes it) and a weekly to-do with COUNT, then completes its current
# occurrence as Thunderbird does (a RECURRENCE-ID override marked COMPLETED in
# the same file). On both machines (two data files) the subtask shows under its
# parent and the series at its next occurrence, once, no duplicate anywhere,
# also after syncs killed with -9; completing the last occurrence completes it.
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


# 1. The phone: a parent and its subtask (no RELTYPE), a weekly to-do with three occurrences.
phone put-raw trip.ics <<'EOF'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Nextcloud Tasks v0.16.0
BEGIN:VTODO
UID:trip@phone
DTSTAMP:@NOW@
LAST-MODIFIED:@NOW@
SUMMARY:Plan the trip
DUE:20300620T080000Z
END:VTODO
END:VCALENDAR
EOF
phone put-raw passport.ics <<'EOF'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Nextcloud Tasks v0.16.0
BEGIN:VTODO
UID:passport@phone
DTSTAMP:@NOW@
LAST-MODIFIED:@NOW@
SUMMARY:Renew the passport
RELATED-TO:trip@phone
DUE:20300610T080000Z
END:VTODO
END:VCALENDAR
EOF
phone put-raw water.ics <<'EOF'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
BEGIN:VTODO
UID:water@phone
DTSTAMP:@NOW@
LAST-MODIFIED:@NOW@
SUMMARY:Water the plants
DTSTART:20300603T070000Z
DUE:20300603T080000Z
RRULE:FREQ=WEEKLY;COUNT=3
END:VTODO
END:VCALENDAR
EOF
cycle A; cycle B
same_everywhere
for m in A B; do
  expect_eq "$(field $m passport@phone parent)" "trip@phone" "the subtask's parent on $m"
  expect_match "$(on $m list | grep -A1 'Plan the trip')" "Renew the passport$" "the subtask after its parent on $m"
  expect_match "$(on $m list | grep 'Renew the passport')" "   Renew the passport$" "indented on $m"
  expect_match "$(on $m list | grep 'Plan the trip')" "Plan the trip \[0/1\]$" "the done count on $m"
done
echo "the phone's subtask on both machines: ok ($(( $(date +%s) - started )) s)"

# 2. Machine A adds a subtask of the phone's parent: it reaches B and the server as RELTYPE=PARENT.
visa=$(on A add "Get the visa" --parent trip@phone --due "2030-06-15 09:00" 2>/dev/null)
cycle A; cycle B; cycle A
same_everywhere
expect_eq "$(field B "$visa" parent)" "trip@phone" "A's subtask on B"
expect_match "$(on B list | grep 'Plan the trip')" "Plan the trip \[0/2\]$" "two subtasks on B"
expect_eq "$(phone get "$visa" "RELATED-TO;RELTYPE=PARENT")" "trip@phone" "RELTYPE=PARENT on the server"

# 3. The phone completes the current occurrence of the weekly to-do, as Thunderbird does.
phone complete-occurrence water@phone
expect_eq "$(phone count water@phone)" 2 "the series and its completed override on the server"
cycle A
# B: vdirsyncer brings the file, then todo-tui's sync is killed with -9, three times, and run again.
vdirsyncer -c "$WORK/B/vdirsyncer.conf" sync >>"$WORK/B/vs.log" 2>&1 || fail "vdirsyncer sync (B)"
for delay in 0.01 0.03 0.08; do
  TZ=$(zone B) TODO_TUI_FILE="$WORK/B/todos.plist" TODO_TUI_VDIR="$WORK/B/vdir" "$TODO_BIN" sync >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
done
cycle B; cycle A; cycle B
same_everywhere
for m in A B; do
  expect_eq "$(field $m water@phone deadline)" "2030-06-10T08:00:00Z" "the next occurrence on $m"
  expect_eq "$(field $m water@phone completed)" "None" "the series goes on, on $m"
  expect_eq "$(field $m water@phone repeat)" "FREQ=WEEKLY;COUNT=2" "two occurrences left on $m"
  expect_eq "$(on $m list | grep -c 'Water the plants')" 1 "shown once on $m"
  on $m pending --json | python3 -c '
import json, sys
fires = [n["fireDate"] for n in json.load(sys.stdin)["notifications"] if n["title"] == "Water the plants"]
assert fires and not any(f.startswith("2030-06-03") for f in fires), fires' || fail "the done occurrence is notified on $m"
done
expect_eq "$(on A sync)" "nothing to do" "A settled"
expect_eq "$(on B sync)" "nothing to do" "B settled"
echo "an occurrence completed the Thunderbird way, syncs killed: ok ($(( $(date +%s) - started )) s)"

# 4. A completes the next one here; the phone completes the last one its way: the series is done.
water_id=$(on A list --json | python3 -c "import json,sys; print([x['id'] for x in json.load(sys.stdin) if x['uid'] == 'water@phone'][0])")
on A complete "$water_id" >/dev/null
cycle A; cycle B
expect_eq "$(field B water@phone deadline)" "2030-06-17T08:00:00Z" "A's completion on B"
phone complete-occurrence water@phone
cycle A; cycle B; cycle A
same_everywhere
for m in A B; do
  expect_match "$(field $m water@phone completed)" "^20" "the last occurrence done completes the series on $m"
  expect_eq "$(on $m list | grep -c 'Water the plants')" 0 "not pending on $m"
done
expect_eq "$(on A sync)" "nothing to do" "A settled at the end"
expect_eq "$(on B sync)" "nothing to do" "B settled at the end"
echo "ok ($(( $(date +%s) - started )) s)"
