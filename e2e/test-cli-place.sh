# The url and location fields (issue 35) from the command line: add and edit
# with --url and --location, show's rows, show --json and list --json, none
# clears, a bad value is one error line, and the export as another reader sees it.
. "$HERE/lib.sh"
export LC_ALL=C.UTF-8

id=$(T add Fahrrad abholen --url "https://radladen.example.de/a?id=4711&t=x" \
  --location "Radladen Müller, Hauptstr. 5") || fail "add with url and location"
short=$(echo "${id:0:8}" | tr A-F a-f)
out=$(T show "$short") || fail "show"
expect_match "$out" "url: +https://radladen.example.de/a\?id=4711&t=x" "show: url"
expect_match "$out" "location: +Radladen Müller, Hauptstr. 5" "show: location"

# An edit of one leaves the other; none clears.
T edit "$short" --location "Werkstatt; Hof 2" >/dev/null || fail "edit location"
T show "$short" --json > show.json || fail "show --json"
/usr/bin/python3 - show.json <<'PY' || fail "show --json holds url and location"
import json, sys
i = json.load(open(sys.argv[1]))
assert i["url"] == "https://radladen.example.de/a?id=4711&t=x", i
assert i["location"] == "Werkstatt; Hof 2", i
PY
T list --json > list.json || fail "list --json"
/usr/bin/python3 - list.json <<'PY' || fail "list --json holds url and location"
import json, sys
i = json.load(open(sys.argv[1]))[0]
assert i["url"] == "https://radladen.example.de/a?id=4711&t=x" and i["location"] == "Werkstatt; Hof 2", i
PY

# The export: iCalendar that python3-icalendar reads with the same values.
if /usr/bin/python3 -c 'import icalendar' 2>/dev/null; then
  T export --format ics > out.ics || fail "export"
  /usr/bin/python3 - out.ics <<'PY' || fail "python3-icalendar reads URL and LOCATION"
import sys, icalendar
cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
t = list(cal.walk("VTODO"))[0]
assert str(t["URL"]) == "https://radladen.example.de/a?id=4711&t=x", t["URL"]
assert str(t["LOCATION"]) == "Werkstatt; Hof 2", t["LOCATION"]
PY
fi

T edit "$short" --url none >/dev/null || fail "edit --url none"
out=$(T show "$short") || fail "show after none"
case "$out" in *"url:"*) fail "url cleared: $out" ;; esac
expect_match "$out" "location: +Werkstatt; Hof 2" "location kept"

before=$(filesum)
expect_fail T edit "$short" --location "$(printf 'a\tb')"
expect_match "$LAST_ERR" "^error: --location " "--location: one error line naming the option"
expect_fail T add x --url ""
expect_fail T edit "$short" --url a --url b
expect_eq "$(filesum)" "$before" "bad input changes nothing"
exit 0
