#!/usr/bin/env bash
# A changed occurrence of a repeating task (a second VTODO with the same UID and
# a RECURRENCE-ID), as Thunderbird writes it, survives import → export, import
# of that export, and a vdir sync: written back as its own VTODO, read by
# python3-icalendar with the same values.
. "$HERE/lib.sh"
FIX="$HERE/../Tests/TodoCoreTests/ICal/Fixtures"
export TZ=America/New_York
out=$(T import "$FIX/thunderbird-override.ics" 2>&1) || fail "import: $out"
[[ "$out" != *RECURRENCE-ID* ]] || fail "a warning about the override: $out"
expect_eq "$(T list --json | /usr/bin/python3 -c 'import json,sys; print([i["title"] for i in json.load(sys.stdin)])')" \
  "['Team-Besprechung vorbereiten']" "one item, the series"
T export --format ics > "$WORK/out.ics" || fail "export"
expect_eq "$(grep -c '^BEGIN:VTODO' "$WORK/out.ics")" 3 "VTODOs written"
expect_eq "$(grep -c '^RECURRENCE-ID;TZID=Europe/Berlin:202611[01][69]T090000' "$WORK/out.ics")" 2 "overrides written"

# Every format's export reads back to the same item, overrides included.
for f in plist json ics; do
  T export --format $f > "$WORK/x.$f" || fail "export $f"
  T import "$WORK/x.$f" --file "$WORK/$f.plist" >/dev/null || fail "import $f"
  T export --format ics --file "$WORK/$f.plist" > "$WORK/back.$f.ics" || fail "export from $f"
  cmp -s "$WORK/out.ics" "$WORK/back.$f.ics" || fail "$f round trip: $(diff "$WORK/out.ics" "$WORK/back.$f.ics")"
done
sum=$(filesum)
T import "$WORK/out.ics" >/dev/null || fail "import again"
expect_eq "$(filesum)" "$sum" "importing our own export again changes nothing"

# The vdir file of the item holds the series and its overrides.
T sync --vdir "$WORK/vdir" --create >/dev/null || fail "sync"
f=$(ls "$WORK"/vdir/*.ics)
expect_eq "$(grep -c '^BEGIN:VTODO' "$f")" 3 "VTODOs in the vdir file"

if /usr/bin/python3 -c 'import icalendar' 2>/dev/null; then
  /usr/bin/python3 - "$WORK/out.ics" "$f" <<'PY' || fail "python3-icalendar reads the overrides"
import sys, datetime
import icalendar
from zoneinfo import ZoneInfo
berlin = ZoneInfo("Europe/Berlin")
for path in sys.argv[1:]:
    todos = list(icalendar.Calendar.from_ical(open(path, "rb").read()).walk("VTODO"))
    assert {str(t["UID"]) for t in todos} == {"c7e1d2f0-8a3b-4c5d-9e6f-1a2b3c4d5e6f"}, path
    series = [t for t in todos if "RECURRENCE-ID" not in t]
    assert len(series) == 1 and series[0]["RRULE"].to_ical() == b"FREQ=WEEKLY;BYDAY=MO", path
    occ = {t["RECURRENCE-ID"].dt.astimezone(datetime.timezone.utc): t for t in todos if "RECURRENCE-ID" in t}
    moved = occ[datetime.datetime(2026, 11, 9, 9, 0, tzinfo=berlin).astimezone(datetime.timezone.utc)]
    assert str(moved["SUMMARY"]) == "Team-Besprechung vorbereiten (verschoben)"
    assert moved["DUE"].dt == datetime.datetime(2026, 11, 10, 10, 0, tzinfo=berlin), moved["DUE"].dt
    assert [a["TRIGGER"].dt for a in moved.walk("VALARM")] == [-datetime.timedelta(minutes=30)]
    done = occ[datetime.datetime(2026, 11, 16, 9, 0, tzinfo=berlin).astimezone(datetime.timezone.utc)]
    assert str(done["STATUS"]) == "COMPLETED" and str(done["PERCENT-COMPLETE"]) == "100"
PY
fi
exit 0
