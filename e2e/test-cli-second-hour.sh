# Issue 25 ("a new user's second hour"), the command line: short ids unique
# in the list and IDs by iCalendar UID (2), COUNT honoured (3), reopen after
# complete of a repeating item and complete of a completed one (10), an empty
# list said on stderr, --warn on a someday item, the ls/done/rm aliases (12).
. "$HERE/lib.sh"

# An empty list: stdout stays empty, one line on stderr says so; JSON is [].
expect_eq "$(T ls 2>"$WORK/err")" "" "nothing on stdout"
expect_match "$(cat "$WORK/err")" "^Nothing to do: no pending items" "said on stderr"
expect_eq "$(wc -l <"$WORK/err")" 1 "one line"
expect_eq "$(T list --json 2>"$WORK/err")" "[]" "--json stays []"
expect_eq "$(cat "$WORK/err")" "" "nothing said with --json"

# A phone's UIDs with a common head: three items share their first 8 digits,
# one is named by a UID that is no UUID.
cat >"$WORK/phone.ics" <<'ICS'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Phone//EN
BEGIN:VTODO
UID:1f0c9a2e-0000-4000-8000-000000000001
SUMMARY:Buy milk
DUE:20990105T090000Z
END:VTODO
BEGIN:VTODO
UID:1f0c9a2e-0000-4000-8000-000000000002
SUMMARY:Call Ann
DUE:20990106T090000Z
END:VTODO
BEGIN:VTODO
UID:1f0c9a2e-7000-4000-8000-000000000003
SUMMARY:Pay rent
DUE:20990107T090000Z
END:VTODO
BEGIN:VTODO
UID:20990101T090000Z-4711@phone.example.com
SUMMARY:Dentist
DUE:20990108T090000Z
END:VTODO
END:VCALENDAR
ICS
T import "$WORK/phone.ics" >/dev/null || fail "import"
ids=$(T ls | cut -d' ' -f1)
expect_eq "$(printf '%s\n' "$ids" | sort -u | wc -l)" 4 "four different short ids: $ids"
expect_eq "$(printf '%s\n' "$ids" | sed -n 3p)" "1f0c9a2e-7" "as long as tells it apart, as git does"
for id in $ids; do T edit "$id" --warn 5m >/dev/null || fail "the short id $id names one item"; done
# Completion offers each id once.
comp=$(T ---completion complete -- positional@0 2 0 todo-tui complete '' 2>/dev/null)
expect_eq "$(printf '%s\n' "$comp" | sort -u | wc -l)" 4 "four completions: $comp"
expect_eq "$(printf '%s\n' "$comp" | sort)" "$(printf '%s\n' "$ids" | sort)" "completions are list's ids"
# The ambiguity error lists ids that tell the items apart.
expect_fail T complete 1f0c9a2e
expect_match "$LAST_ERR" "1f0c9a2e-0000-4000-8000-000000000001" "the error's ids are unique"
# Any command takes the UID, exactly.
expect_eq "$(T done 20990101T090000Z-4711@phone.example.com)" "Completed “Dentist”" "done by UID"
expect_eq "$(T done 20990101T090000Z-4711@phone.example.com)" "“Dentist” is already completed" "not Completed again"
expect_eq "$(T reopen 20990101T090000Z-4711@phone.example.com)" "Reopened “Dentist”" "reopen by UID"
expect_eq "$(T reopen 20990101T090000Z-4711@phone.example.com)" "“Dentist” is not completed; nothing changed" "reopen of a pending item"
expect_eq "$(T rm 20990101T090000Z-4711@phone.example.com)" "Deleted “Dentist”" "rm by UID"

# COUNT: twice, then the item is done.
id=$(T add Stretch --due "2099-02-02 09:00" --repeat "FREQ=DAILY;COUNT=2") || fail "add COUNT=2"
expect_match "$(T complete "$id")" "next due Feb 3, 2099" "the second occurrence"
T complete "$id" >/dev/null
expect_match "$(T ls --completed)" "Stretch" "the last occurrence completes it"
# reopen after complete brings back the occurrence completed.
w=$(T add Water --due "2099-03-02 09:00" --repeat "every mon,thu") || fail "add weekly"
deadline() { T list --json | /usr/bin/python3 -c 'import json,sys; print([i["deadline"] for i in json.load(sys.stdin) if i["id"]==sys.argv[1]][0])' "$1"; }
T complete "$w" >/dev/null
expect_eq "$(deadline "$w")" "2099-03-05T09:00:00Z" "Thursday next"
expect_eq "$(T reopen "$w")" "Reopened “Water”" "reopen"
expect_eq "$(deadline "$w")" "2099-03-02T09:00:00Z" "Monday back, as undo brings it"

# --warn on a someday item: kept, with a warning.
T add Someday thing --due none --warn 15m >/dev/null 2>"$WORK/err" || fail "add --due none --warn"
expect_match "$(cat "$WORK/err")" "^warning: .*no deadline: --warn takes effect once it has one" "warned"

# One clock (5): pending, remind's and complete's confirmations follow the
# locale's clock, as list does (C: 24-hour; en_US: 12-hour).
p=$(T add Evening call --due "2099-04-01 21:00") || fail "add"
expect_match "$(LC_ALL=C T pending | grep Evening)" "Apr 1, 2099 at 21:00 +deadline" "pending, 24-hour"
expect_match "$(LC_ALL=en_US.UTF-8 T pending | grep Evening)" "Apr 1, 2099 at 9:00 PM +deadline" "pending, 12-hour"
expect_match "$(LC_ALL=C T remind "$p" --in 1h)" "Reminder set for “Evening call”: (today|tomorrow) [0-9]{1,2}:[0-9]{2}$" "remind, 24-hour, as list says it (issue 37)"
expect_match "$(LC_ALL=C T list | grep Evening)" "Apr 1 2099 21:00" "list, 24-hour"
