# Repeating to-dos and the echo of SPEC 3 (issue 13): add/edit --repeat, the
# RRULE in list --json, completion moving the deadline (in wall-clock time,
# across DST), a bad rule refused with the accepted forms and nothing changed,
# the echo on a terminal and the warning for a past deadline.
. "$HERE/lib.sh"

# field ID KEY: one field of one item of list --json --all, as JSON.
field() {
  T list --json --all | /usr/bin/python3 -c 'import json,sys; print(json.dumps([i[sys.argv[2]] for i in json.load(sys.stdin) if i["id"]==sys.argv[1]][0]))' "$1" "$2"
}

# Water the plants every Monday and Thursday: Monday 5 Jan 2099 → Thursday 8 Jan.
id=$(T add "Water the plants" --due "2099-01-05 09:00" --repeat "every mon,thu" 2>err) || fail "add --repeat"
expect_eq "$(grep -v '^Due ' err)" "" "no warning for a future deadline"
expect_eq "$(cat err)" "Due Jan 5 2099 9:00" "what add understood, on stderr"
expect_eq "$(field "$id" repeat)" '"FREQ=WEEKLY;BYDAY=MO,TH"' "repeat in list --json"
out=$(LC_ALL=en_US.UTF-8 T complete "$id") || fail "complete"
expect_match "$out" "next due Jan 8, 2099 at 9:00 AM" "complete says when it is next due, in the locale's clock"
expect_eq "$(field "$id" deadline)" '"2099-01-08T09:00:00Z"' "moved to Thursday 9:00"
expect_eq "$(field "$id" completed)" "null" "still pending"

# Rent on the last day of the month.
rent=$(T add Rent --due "2099-01-31 18:00" --repeat "FREQ=MONTHLY;BYMONTHDAY=-1") || fail "add rent"
T complete "$rent" >/dev/null || fail "complete rent"
expect_eq "$(field "$rent" deadline)" '"2099-02-28T18:00:00Z"' "last day of February"

# A daily 9:00 stays 9:00 across the US change (8 March 2099).
ny=$(TZ=America/New_York T add Walk --due "2099-03-07 09:00" --repeat daily) || fail "add walk"
TZ=America/New_York T complete "$ny" >/dev/null || fail "complete walk"
expect_eq "$(field "$ny" deadline)" '"2099-03-08T13:00:00Z"' "9:00 EDT the next day"

# edit --repeat: a rule, then none; the item then completes for good.
T edit "$rent" --repeat weekdays >/dev/null || fail "edit --repeat"
expect_eq "$(field "$rent" repeat)" '"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"' "edited rule"
T edit "$rent" --repeat none >/dev/null || fail "edit --repeat none"
expect_eq "$(field "$rent" repeat)" "null" "rule removed"
T complete "$rent" >/dev/null
[ "$(field "$rent" completed)" != null ] || fail "completed for good once the rule is gone"

# A rule that does not read: one error line listing the forms, nothing changed.
before=$(filesum)
expect_fail T add Bad --due tomorrow --repeat "every blue moon"
expect_match "$LAST_ERR" "every N days\|weeks\|months\|years" "the error lists the forms"
expect_match "$LAST_ERR" "FREQ=MONTHLY;BYMONTHDAY=-1" "the error lists the RRULE example"
expect_fail T edit "$id" --repeat "FREQ=SOMETIMES"
expect_eq "$(filesum)" "$before" "nothing changed on disk"

# A deadline in the past is kept, with a warning on stderr.
old=$(T add Late --due "2020-01-01 09:00" --repeat daily 2>err) || fail "add past"
expect_match "$(cat err)" "^warning: .*already past" "past-deadline warning"
expect_eq "$(field "$old" deadline)" '"2020-01-01T09:00:00Z"' "past deadline kept"
# Completed now, it moves to the first 9:00 after now.
T complete "$old" >/dev/null
next=$(field "$old" deadline)
expect_match "$next" 'T09:00:00Z"$' "next 9:00"
/usr/bin/python3 -c 'import sys,datetime as d; t=d.datetime.fromisoformat(sys.argv[1].strip("\"").replace("Z","+00:00")); n=d.datetime.now(d.timezone.utc); assert n < t <= n + d.timedelta(days=1), (t, n)' "$next" ||
  fail "first occurrence after now: $next"

# On a terminal, add echoes the parsed deadline (script(1) gives it a pty).
if command -v script >/dev/null; then
  out=$(TODO_BIN="$TODO_BIN" script -qec "\"$TODO_BIN\" add Echo --due '2099-12-03 17:00'" /dev/null | tr -d '\r')
  expect_match "$out" "Due Dec 3 2099 (5:00 PM|17:00)" "echo on a terminal"
fi
# Not on a terminal: only the UUID.
out=$(T add Quiet --due "2099-12-03 17:00")
expect_match "$out" '^[0-9A-F-]{36}$' "no echo into a pipe"
exit 0
