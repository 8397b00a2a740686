#!/usr/bin/env bash
# Issue 27's end-to-end line in one scenario (SPEC 9): a real Radicale on
# 127.0.0.1 (a free port), two data files standing for two machines, each with
# a vdir root synced by vdirsyncer (collections = ["from a", "from b"],
# metadata = ["displayname", "color"]), and a phone writing to the server over
# HTTP. Two calendars become two lists on both machines; a list made on
# machine A reaches the server and machine B; the phone adds a subtask in the
# SECOND list (RELATED-TO, as Nextcloud Tasks writes it), moves an item between
# calendars (DELETE in one, PUT in the other) and completes the current
# occurrence of a weekly to-do the Thunderbird way (a RECURRENCE-ID override
# with STATUS:COMPLETED in the same .ics); then machine B moves the subtask and
# completes the next occurrence. Each shows right on both machines, with
# todo-tui's syncs killed with -9 at random instants on both, and no UID is
# ever twice anywhere: on the server, in either vdir, in either data file.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-sync.sh"
command -v radicale >/dev/null || { echo "skipped: radicale is not installed (scripts/deps.sh test)"; exit 77; }
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed (scripts/deps.sh test)"; exit 77; }
started=$(date +%s)
unset TODO_TUI_FILE TODO_TUI_VDIR TODO_TUI_LIST

start_radicale

# 1. The phone has two calendars, items in each.
two_calendars_on_the_phone

machines_on_every_calendar


# no_duplicate M: no UID in two files of machine M's vdir, nor twice in its data file.
no_duplicate() {
  python3 - "$WORK/$1/cal" >"$WORK/dup.txt" <<'PYDUP' || fail "machine $1's vdir: $(cat "$WORK/dup.txt")"
import glob, re, sys
seen = {}
for p in sorted(glob.glob(sys.argv[1] + "/*/*.ics")):
    for uid in set(re.findall(r"^UID:(.*?)\r?$", open(p, encoding="utf-8").read(), re.M)):
        if uid in seen:
            print("UID %s in %s and %s" % (uid, seen[uid], p)); sys.exit(1)
        seen[uid] = p
PYDUP
  list_summary "$WORK/$1/todos.plist" >"$WORK/dup.txt" || fail "machine $1's data file: $(cat "$WORK/dup.txt")"
}
# everywhere_once: the server (a UID twice fails `phone where`), both vdirs and both data files.
everywhere_once() { phone where >"$WORK/where.txt" || fail "the server: $(cat "$WORK/where.txt")"; no_duplicate A; no_duplicate B; }
# killed_syncs M K: syncs of todo-tui on machine M, each killed with -9 at a random instant
# (the span grows while the kills land, shrinks when a sync ends first), until K kills
# landed or 4K syncs ran (a sync with nothing to do ends in a few ms); no duplicate after each.
killed_syncs() {
  local m=$1 k span=40 pid landed=0
  for k in $(seq 1 $(($2 * 4))); do
    [ "$landed" -lt "$2" ] || break
    TODO_TUI_FILE="$WORK/$m/todos.plist" TODO_TUI_VDIR="$WORK/$m/cal" "$TODO_BIN" sync >/dev/null 2>>"$WORK/kill.err" &
    pid=$!
    sleep "$(awk -v r=$RANDOM -v m=$span 'BEGIN { printf "%.3f", r / 32768 * m / 1000 }')"
    if kill -KILL "$pid" 2>/dev/null; then span=$((span * 5 / 4 + 1)); landed=$((landed + 1)); else span=$((span * 2 / 3 + 1)); fi
    wait "$pid" 2>/dev/null
    no_duplicate "$m"
  done
  [ "$landed" -gt 0 ] || fail "no sync of $m was killed: nothing was tested"
  echo "  $m: $landed of $2 syncs killed" >>"$WORK/kills.txt"
}
# field M UID KEY: one field of an item of machine M (JSON; instants in UTC).
field() {
  on "$1" list --all --json | python3 -c "
import datetime, json, sys
i = [x for x in json.load(sys.stdin) if x['uid'] == '$2']
v = i[0]['$3'] if len(i) == 1 else 'MISSING/%d' % len(i)
if '$3' == 'deadline' and v:
    v = datetime.datetime.fromisoformat(v.replace('Z', '+00:00')).astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
print(v)"
}

#    And a weekly to-do in the first calendar (three occurrences, as Thunderbird writes one).
phone put-raw personal/water.ics <<'EOF'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
BEGIN:VTODO
UID:water@phone
DTSTAMP:@NOW@
LAST-MODIFIED:@NOW@
SUMMARY:Water the garden
DTSTART:20300603T070000Z
DUE:20300603T080000Z
RRULE:FREQ=WEEKLY;COUNT=3
END:VTODO
END:VCALENDAR
EOF
cycle A; cycle B
everywhere_once
for m in A B; do
  expect_eq "$(on $m lists)" "$(printf '* Personal  2 pending\n  Work      2 pending')" "two calendars, two lists on $m"
  expect_match "$(on $m list --list Personal)" "Water plants" "the personal item on $m"
  expect_match "$(on $m list --list Work)" "Write report" "the work item on $m"
done
echo "two calendars → two lists on both machines: ok ($(( $(date +%s) - started )) s)"

# 2. A list made on machine A: a calendar on the server, a list on machine B.
on A lists add Groceries --color '#2e8b57' >/dev/null || fail "lists add"
on A add Milk --list Groceries --due "2030-06-01 09:00" >/dev/null || fail "add --list"
cycle A; cycle B; cycle A
everywhere_once
expect_match "$(phone calendars)" "groceries=Groceries" "the new calendar on the server, with its name"
expect_match "$(cat "$WORK/where.txt")" "groceries\|Milk" "Milk in the new calendar"
for m in A B; do
  expect_match "$(on $m lists)" "  Groceries  1 pending" "the new list on $m"
  expect_match "$(on $m list --list Groceries)" "Milk" "Milk in Groceries on $m"
done
echo "a list made on A → server → B: ok ($(( $(date +%s) - started )) s)"

# 3. The phone, in turn: a subtask of "Write report" in the SECOND calendar (Work), the
#    move of "Plan budget" from Work to Personal, and the current occurrence of the weekly
#    to-do completed the Thunderbird way.
phone put-raw work/slides.ics <<'EOF'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Nextcloud Tasks v0.16.0
BEGIN:VTODO
UID:slides@phone
DTSTAMP:@NOW@
LAST-MODIFIED:@NOW@
SUMMARY:Make the slides
RELATED-TO:report@phone
DUE:20300605T080000Z
END:VTODO
END:VCALENDAR
EOF
phone move budget@phone personal
phone complete-occurrence water@phone
expect_eq "$(phone count water@phone)" 2 "the series and its completed override in one file on the server"
# Each machine: vdirsyncer brings the changes, todo-tui's syncs are killed, then whole cycles.
for m in A B; do
  vs "$m"
  killed_syncs "$m" 8
done
cycle A; cycle B; cycle A; cycle B
everywhere_once
expect_eq "$(cat "$WORK/where.txt")" "$(printf 'groceries|Milk\npersonal|Plan budget\npersonal|Water plants\npersonal|Water the garden\nwork|Make the slides\nwork|Write report')" "the server after the phone's changes"
for m in A B; do
  expect_eq "$(field $m slides@phone parent)" "report@phone" "the subtask's parent on $m"
  expect_eq "$(field $m slides@phone list)" "work" "the subtask in the second list (its id) on $m"
  work=$(on $m list --list Work)
  expect_match "$work" "Write report \[0/1\]$" "the done count on the parent on $m"
  expect_match "$(printf '%s\n' "$work" | grep -A1 'Write report')" "   Make the slides$" "the subtask indented under its parent on $m"
  expect_match "$(on $m list --list Personal)" "Plan budget" "moved to Personal on $m"
  expect_eq "$(on $m list --list Work | grep -c 'Plan budget')" 0 "not left in Work on $m"
  expect_eq "$(field $m water@phone deadline)" "2030-06-10T08:00:00Z" "the next occurrence on $m"
  expect_eq "$(field $m water@phone completed)" "None" "the series goes on, on $m"
  expect_eq "$(field $m water@phone repeat)" "FREQ=WEEKLY;COUNT=2" "two occurrences left on $m"
  expect_eq "$(on $m list --all | grep -c 'Water the garden')" 1 "the weekly to-do shown once on $m"
  expect_eq "$(on $m list --all | wc -l)" 6 "six items on $m, no duplicate"
done
n=$(grep -l "budget@phone" "$WORK"/A/cal/*/*.ics "$WORK"/B/cal/*/*.ics | wc -l)
expect_eq "$n" 2 "the moved item: one file in each machine's vdir"
echo "the phone's subtask, move and Thunderbird completion, syncs killed: ok ($(( $(date +%s) - started )) s)"

# 4. Machine B moves the parent to Groceries, its subtask with it (a subtask lives in its
#    parent's list, SPEC 9: moved alone it is refused), and completes the weekly to-do's
#    next occurrence, its syncs killed; then A, killed too: right everywhere, once.
id=$(on B list --all --json | python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["uid"] == "slides@phone"][0])')
expect_fail on B edit "${id:0:8}" --list Groceries
expect_match "$LAST_ERR" "is a subtask of “Write report” and lives in its list, “Work”" "a subtask moved alone on B"
rid=$(on B list --all --json | python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["uid"] == "report@phone"][0])')
# Work keeps an item: a collection emptied by the move is vdirsyncer's refusal to settle (issue 34).
on B add Book the room --list Work >/dev/null || fail "add to Work on B"
on B edit "${rid:0:8}" --list Groceries >/dev/null || fail "edit --list of the parent on B"
wid=$(on B list --all --json | python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["uid"] == "water@phone"][0])')
on B complete "${wid:0:8}" >/dev/null || fail "complete on B"
killed_syncs B 8
cycle B; vs A; killed_syncs A 8
cycle A; cycle B; cycle A
everywhere_once
expect_eq "$(cat "$WORK/where.txt")" "$(printf 'groceries|Make the slides\ngroceries|Milk\ngroceries|Write report\npersonal|Plan budget\npersonal|Water plants\npersonal|Water the garden\nwork|Book the room')" "the server after B's move"
expect_eq "$(phone get slides@phone RELATED-TO)" "report@phone" "the subtask keeps its parent on the server"
for m in A B; do
  expect_eq "$(field $m report@phone list)" "groceries" "the parent in Groceries (its id) on $m"
  expect_eq "$(field $m slides@phone list)" "groceries" "its subtask with it on $m"
  expect_eq "$(field $m slides@phone parent)" "report@phone" "still a subtask on $m"
  expect_eq "$(field $m water@phone deadline)" "2030-06-17T08:00:00Z" "the last occurrence next on $m"
  expect_eq "$(on $m list --all | wc -l)" 7 "seven items on $m at the end"
  expect_eq "$(on $m sync)" "nothing to do" "settled on $m"
done
echo "ok ($(( $(date +%s) - started )) s)"
