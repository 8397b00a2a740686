# An independent reader: what `export --format ics` writes, python3-icalendar
# reads with the same values (and our import of a file it wrote reads the same).
. "$HERE/lib.sh"
FIX="$HERE/../Tests/TodoCoreTests/ICal/Fixtures"
/usr/bin/python3 -c 'import icalendar' 2>/dev/null || { echo "python3-icalendar is not installed"; exit 77; }
export TZ=America/New_York
T import "$FIX/thunderbird-berlin.ics" >/dev/null || fail "import"
T import "$FIX/apple-reminders.ics" >/dev/null || fail "import"
T import "$FIX/todoman-lowercase.ics" >/dev/null || fail "import"
T add "Comma, semicolon; backslash \\ and Zoë — 生日快乐 🎂 $(printf 'x%.0s' $(seq 1 60))" --due "2026-12-24 18:00" >/dev/null || fail "add"
T add Someday --due none >/dev/null || fail "add someday"
id=$(T add Done --due "2026-11-01 10:00") && T complete "$id" >/dev/null || fail "complete"
T export --format ics > "$WORK/out.ics" || fail "export"
T list --all --json > "$WORK/list.json"
/usr/bin/python3 - "$WORK/out.ics" "$WORK/list.json" <<'PY' || fail "python3-icalendar reads what we write"
import sys, json, datetime
import icalendar
cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
ours = {i["uid"]: i for i in json.load(open(sys.argv[2]))}
todos = list(cal.walk("VTODO"))
assert len(todos) == len(ours), (len(todos), len(ours))
for t in todos:
    uid = str(t["UID"])
    i = ours[uid]
    assert str(t["SUMMARY"]) == i["title"], (str(t["SUMMARY"]), i["title"])
    if i["deadline"] is None:
        assert "DUE" not in t, uid
    else:
        due = t["DUE"].dt
        want = datetime.datetime.fromisoformat(i["deadline"])
        assert due == want, (uid, due, want)
    assert (str(t.get("STATUS")) == "COMPLETED") == (i["completed"] is not None), uid
    if i["repeat"]:
        assert t["RRULE"].to_ical().decode() == i["repeat"], (t["RRULE"].to_ical(), i["repeat"])
    if i["warn"]:
        alarms = [a for a in t.walk("VALARM") if a["TRIGGER"].params.get("RELATED") == "END"]
        assert alarms and alarms[0]["TRIGGER"].dt == -datetime.timedelta(seconds=i["warn"]), uid
tb = [t for t in todos if str(t["SUMMARY"]) == "Steuererklärung abgeben"][0]
assert str(tb["DESCRIPTION"]) == "Belege im Ordner, Formular 2025\nnicht vergessen", tb["DESCRIPTION"]
assert str(tb["PRIORITY"]) == "1" and str(tb["X-MOZ-GENERATION"]) == "3"
assert tb["DUE"].params["TZID"] == "Europe/Berlin"
apple = [t for t in todos if str(t["UID"]) == "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D"][0]
assert len(list(apple.walk("VALARM"))) == 2 and str(apple["X-APPLE-SORT-ORDER"]) == "736123456"
# Lines folded at 75 octets, never inside a character.
for line in open(sys.argv[1], "rb").read().split(b"\r\n"):
    assert len(line) <= 75, line
    line.decode("utf-8")
PY

# The other way: a file python3-icalendar writes, we read with the same values.
/usr/bin/python3 - "$WORK/py.ics" <<'PY' || fail "write with python3-icalendar"
import sys, datetime
import icalendar
cal = icalendar.Calendar(); cal.add("prodid", "-//python//EN"); cal.add("version", "2.0")
t = icalendar.Todo()
t.add("uid", "py-1@example.org"); t.add("summary", "Written by Python; with, commas")
# (This python3-icalendar writes a zoneinfo datetime's TZID as "CEST": name the zone itself.)
t.add("due", datetime.datetime(2026, 3, 29, 3, 30), parameters={"TZID": "Europe/Berlin"})
t.add("dtstamp", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)); t.add("categories", ["A", "B"])
cal.add_component(t)
open(sys.argv[1], "wb").write(cal.to_ical())
PY
T import "$WORK/py.ics" --file "$WORK/py.plist" >/dev/null || fail "import python's file"
T list --json --file "$WORK/py.plist" | /usr/bin/python3 -c '
import json,sys
i=json.load(sys.stdin)[0]
assert i["uid"]=="py-1@example.org" and i["title"]=="Written by Python; with, commas", i
assert i["deadline"]=="2026-03-28T21:30:00-04:00", i   # 03:30 CEST, the day DST starts in Berlin
' || fail "python's file read with the same values"
exit 0
