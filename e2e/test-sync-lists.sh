#!/usr/bin/env bash
# Lists in sync (SPEC 9, issue 27) with a real CalDAV server: a Radicale on
# 127.0.0.1 (a free port), two data files standing for two machines, each with
# a vdir root synced by vdirsyncer with collections = ["from a", "from b"] and
# metadata = ["displayname", "color"], and a phone writing to the server over
# HTTP. Two calendars become two lists on both machines; a list made on one
# machine reaches the server and the other; the phone moves an item between
# calendars (DELETE in one, PUT in the other) and a machine moves one back:
# each shows in the right list everywhere, once, also after kills of a sync.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-sync.sh"
command -v radicale >/dev/null || { echo "skipped: radicale is not installed"; exit 77; }
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed"; exit 77; }
started=$(date +%s)
unset TODO_TUI_FILE TODO_TUI_VDIR TODO_TUI_LIST

start_radicale

# 1. The phone has two calendars, items in each.
two_calendars_on_the_phone

machines_on_every_calendar

cycle A; cycle B
for m in A B; do
  list_summary "$WORK/$m/todos.plist" >/dev/null || fail "machine $m holds a UID twice"
  expect_eq "$(on $m lists)" "$(printf '* Personal  1 pending\n  Work      2 pending')" "two calendars, two lists on $m"
  expect_match "$(on $m list --list Personal)" "Water plants" "the personal item on $m"
  expect_match "$(on $m list --list Work)" "Write report" "the work item on $m"
done
expect_eq "$(cat "$WORK/A/cal/personal/displayname")" "Personal" "vdirsyncer's displayname"
echo "two calendars → two lists on both machines: ok ($(( $(date +%s) - started )) s)"

# 2. A list made on machine A: a calendar on the server, a list on machine B.
on A lists add Groceries --color '#2e8b57' >/dev/null || fail "lists add"
on A add Milk --list Groceries --due "2030-06-01 09:00" >/dev/null || fail "add --list"
cycle A; cycle B; cycle A
expect_match "$(phone calendars)" "groceries=Groceries" "the new calendar on the server, with its name"
expect_match "$(phone where)" "groceries\|Milk" "Milk in the new calendar"
expect_match "$(on B lists)" "  Groceries  1 pending" "the new list on machine B"
expect_match "$(on B list --list Groceries)" "Milk" "Milk in the list on B"
echo "a list made on A → server → B: ok ($(( $(date +%s) - started )) s)"

# 3. The phone moves "Write report" to Personal (DELETE in work, PUT in personal).
phone move report@phone personal
cycle A; cycle B; cycle A
expect_eq "$(phone where)" "$(printf 'groceries|Milk\npersonal|Water plants\npersonal|Write report\nwork|Plan budget')" "the server after the phone's move"
for m in A B; do
  list_summary "$WORK/$m/todos.plist" >/dev/null || fail "machine $m holds a UID twice"
  expect_match "$(on $m list --list Personal)" "Write report" "moved to Personal on $m"
  expect_eq "$(on $m list --list Work | grep -c "Write report")" 0 "not left in Work on $m"
  expect_eq "$(on $m list --all | wc -l)" 4 "four items on $m, no duplicate"
done
echo "the phone's move: ok ($(( $(date +%s) - started )) s)"

# 4. Machine B moves it back to Work, its syncs killed at random instants, then
#    complete cycles: one item, in Work, everywhere; never in two folders.
id=$(on B list --list Personal --json | python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["title"] == "Write report"][0])')
on B edit "${id:0:8}" --list Work >/dev/null || fail "edit --list on B"
span=40
for k in $(seq 1 12); do
  TODO_TUI_FILE="$WORK/B/todos.plist" TODO_TUI_VDIR="$WORK/B/cal" "$TODO_BIN" sync >/dev/null 2>>"$WORK/kill.err" &
  pid=$!
  sleep "$(awk -v r=$RANDOM -v m=$span 'BEGIN { printf "%.3f", r / 32768 * m / 1000 }')"
  if kill -KILL "$pid" 2>/dev/null; then span=$((span * 5 / 4 + 1)); else span=$((span * 2 / 3 + 1)); fi
  wait "$pid" 2>/dev/null
  n=$(grep -l "report@phone" "$WORK"/B/cal/*/*.ics 2>/dev/null | wc -l)
  [ "$n" -le 1 ] || fail "after a kill, the item is in $n folders of B's vdir"
done
cycle B; cycle A; cycle B
expect_eq "$(phone where)" "$(printf 'groceries|Milk\npersonal|Water plants\nwork|Plan budget\nwork|Write report')" "the server after B's move"
for m in A B; do
  list_summary "$WORK/$m/todos.plist" >/dev/null || fail "machine $m holds a UID twice"
  expect_match "$(on $m list --list Work)" "Write report" "back in Work on $m"
  expect_eq "$(on $m list --all | wc -l)" 4 "four items on $m at the end"
  expect_eq "$(on $m sync)" "nothing to do" "settled on $m"
done
echo "ok ($(( $(date +%s) - started )) s)"
