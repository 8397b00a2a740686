# Alerts (issue 36) from the command line: add/edit --alert (repeatable, beside --warn),
# show in words, list --json's array and its mark, edit replacing and clearing them,
# a bad form's one error line, and the export's VALARMs read by an independent reader.
. "$HERE/lib.sh"
export LC_ALL=C

id=$(T add Meet the landlord --due "2099-01-02 09:00" --start "2099-01-02 08:00" --warn 30m \
  --alert start-1h --alert due+15m --alert "at 2099-01-01 18:00") || fail "add with alerts"
short=$(echo "${id:0:8}" | tr A-F a-f)
out=$(T show "$short") || fail "show"
expect_match "$out" "alert: +30m before the deadline" "show: the early warning first"
expect_match "$out" "alert: +1h before the start" "show: from the start"
expect_match "$out" "alert: +15m after the deadline" "show: after the deadline"
expect_match "$out" "alert: +at .*2099" "show: at a time"
expect_match "$(T list | grep Meet)" "◷" "list: an alert to come is marked"

T list --json > list.json || fail "list --json"
/usr/bin/python3 - list.json <<'PY' || fail "list --json carries the alerts as an array"
import json, sys
i = [i for i in json.load(open(sys.argv[1])) if i["title"] == "Meet the landlord"][0]
a = i["alerts"]
assert a[0] == {"related": "deadline", "offset": -1800}, a
assert a[1] == {"related": "start", "offset": -3600}, a
assert a[2] == {"related": "deadline", "offset": 900}, a
assert a[3]["at"].startswith("2099-01-01T18:00:00"), a
assert i["warn"] == 1800, i
PY

# edit --alert replaces the list; --alert none clears it.
T edit "$short" --alert start >/dev/null || fail "edit --alert"
out=$(T show "$short")
expect_match "$out" "alert: +at the start" "edit: the alert given"
expect_eq "$(echo "$out" | grep -c 'alert:')" 1 "edit: the alerts given replace the item's"

before=$(filesum)
expect_fail T edit "$short" --alert "sometime"
expect_match "$LAST_ERR" "^error: .*sometime" "a bad alert: one error line naming it"
expect_fail T edit "$short" --alert none --alert 15m
expect_eq "$(filesum)" "$before" "bad input changes nothing"

# The export: one VALARM an alert, read by python3-icalendar.
/usr/bin/python3 -c 'import icalendar' 2>/dev/null || { T edit "$short" --alert none >/dev/null; exit 0; }
T edit "$short" --alert 10m --alert due+5m >/dev/null || fail "edit two alerts"
T export --format ics > out.ics || fail "export"
/usr/bin/python3 - out.ics <<'PY' || fail "python3-icalendar reads one VALARM an alert"
import sys, datetime, icalendar
cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
t = [t for t in cal.walk("VTODO") if str(t["SUMMARY"]) == "Meet the landlord"][0]
trig = sorted(a["TRIGGER"].dt for a in t.walk("VALARM"))
assert trig == [datetime.timedelta(minutes=-10), datetime.timedelta(minutes=5)], trig
PY
T edit "$short" --alert none >/dev/null || fail "--alert none"
expect_eq "$(T show "$short" | grep -c 'alert:')" 0 "--alert none clears them"
exit 0
