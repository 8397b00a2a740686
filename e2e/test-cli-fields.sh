# The whole item (SPEC 8) from the command line: add/edit options, show,
# list filters and sort, remind --at, the export, and an independent reader.
. "$HERE/lib.sh"
export LC_ALL=C

id=$(printf 'Landlord: Zoë\nIBAN in the folder\n' | T add Pay rent --due "2099-01-02 09:00" --note - \
  --priority high --tag home --tag money --start "2099-01-01 18:00" --progress 40%) || fail "add with fields"
short=$(echo "${id:0:8}" | tr A-F a-f)
out=$(T show "$short") || fail "show"
expect_match "$out" "priority: +high \(1\)" "show: priority"
expect_match "$out" "tags: +#home #money" "show: tags"
expect_match "$out" "progress: +40%" "show: progress"
expect_match "$out" "  IBAN in the folder" "show: the note whole"

# An edit writes only what it names: two edits of two fields, both kept.
T edit "$short" --priority low >/dev/null || fail "edit priority"
T edit "$short" --tag -home --tag +rent >/dev/null || fail "edit tags"
echo "Call first" | T edit "$short" --note - >/dev/null || fail "edit note"
T show "$short" --json > show.json || fail "show --json"
/usr/bin/python3 - show.json <<'PY' || fail "show --json holds every field"
import json, sys
i = json.load(open(sys.argv[1]))
assert i["priority"] == 9 and i["tags"] == ["money", "rent"] and i["note"] == "Call first", i
assert i["progress"] == 40 and i["start"].startswith("2099-01-01T18:00:00"), i
PY

T remind "$short" --at "2099-01-02 08:00" >/dev/null || fail "remind --at"
T add "Other" --due "2099-01-03 09:00" --priority medium --tag home >/dev/null || fail "add other"
T add "Third" --due "2099-01-01 09:00" >/dev/null || fail "add third"
expect_eq "$(T list --tag home | wc -l)" 1 "list --tag"
expect_eq "$(T list --priority low | wc -l)" 2 "list --priority low: low or higher"
expect_match "$(T list --sort priority | head -1)" "  !! Other #home$" "list --sort priority: medium first"
expect_match "$(T list | grep Pay)" "  ! Pay rent #money #rent ✎ 40%$" "the row's marks"

before=$(filesum)
expect_fail T edit "$short" --priority urgent
expect_fail T edit "$short" --progress 140%
expect_fail T add x --tag "a,b"
# A tag removed beside a bad value: that value's error line, not the help with status 0.
expect_fail T edit "$short" --tag -money --tag "a,b"
expect_match "$LAST_ERR" "^error: --tag 'a,b': a tag is a word" "--tag -T beside a bad tag"
expect_eq "$(filesum)" "$before" "bad input changes nothing"

# The export: iCalendar that python3-icalendar reads with the same values.
/usr/bin/python3 -c 'import icalendar' 2>/dev/null || exit 0
T export --format ics > out.ics || fail "export"
/usr/bin/python3 - out.ics <<'PY' || fail "python3-icalendar reads the fields"
import sys, datetime, icalendar
cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
t = [t for t in cal.walk("VTODO") if str(t["SUMMARY"]) == "Pay rent"][0]
assert str(t["DESCRIPTION"]) == "Call first" and int(t["PRIORITY"]) == 9
assert int(t["PERCENT-COMPLETE"]) == 40 and str(t["STATUS"]) == "IN-PROCESS"
a = list(t.walk("VALARM"))[0]
assert a["TRIGGER"].dt == datetime.datetime(2099, 1, 2, 8, 0, tzinfo=datetime.timezone.utc), a["TRIGGER"].dt
PY
exit 0
