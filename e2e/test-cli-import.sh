# The tutorial app's export (plistlib / `defaults export`, XML and binary)
# opens as the data file and imports; titles with &, < and non-ASCII come back exactly.
. "$HERE/lib.sh"
/usr/bin/python3 "$HERE/fixtures/make-tutorial-export.py" "$WORK" || fail "fixture"

for kind in xml binary; do
  rm -f "$TODO_TUI_FILE"
  cp "$WORK/tutorial-export.$kind.plist" "$WORK/opened.plist"
  out=$(T list --file "$WORK/opened.plist") || fail "open $kind as the data file"
  expect_match "$out" "Pay rent & <deposit>"
  expect_match "$out" "Zoë's birthday — 生日快乐 🎂"
  expect_match "$out" "Müller: \"quotes\" & 'apostrophes' > less"

  T import "$WORK/tutorial-export.$kind.plist" >/dev/null || fail "import $kind"
  T import "$WORK/tutorial-export.$kind.plist" >/dev/null || fail "import again"
  expect_eq "$(T list --all | wc -l)" 3 "same UUID = same item ($kind)"
  T export --format plist > back.plist
  /usr/bin/python3 - "$WORK/tutorial-export.$kind.plist" <<'PY' || fail "titles come back exactly ($kind)"
import plistlib, sys
src = plistlib.load(open(sys.argv[1], "rb"))["todoItems"]
got = plistlib.load(open("back.plist", "rb"))["todoItems"]
assert set(src) == set(got), (set(src), set(got))
for u, v in src.items():
    assert got[u]["title"] == v["title"], (got[u]["title"], v["title"])
    assert got[u]["UUID"] == u
    assert abs((got[u]["deadline"] - v["deadline"]).total_seconds()) < 1
PY
done

# Changing the opened tutorial file upgrades it and keeps every item and its other keys' absence is fine.
T complete --file "$WORK/opened.plist" 6f96 >/dev/null || fail "change the tutorial file"
/usr/bin/python3 -c '
import plistlib
d=plistlib.load(open("'"$WORK"'/opened.plist","rb"))
assert d["formatVersion"]==1 and len(d["todoItems"])==3' || fail "upgraded on write"

# Our own export imports into another file.
T export --format plist > ours.plist
T import ours.plist --file "$WORK/copy.plist" >/dev/null || fail "import ours"
expect_eq "$(T list --all --file "$WORK/copy.plist")" "$(T list --all)" "same items"

# A file whose one list is renamed: its JSON and plist exports keep the items in that list, by name.
T lists rename Tasks Home --file "$WORK/src-home.plist" >/dev/null || fail "rename the list"
T add "milk" --file "$WORK/src-home.plist" >/dev/null || fail "add to Home"
for fmt in json plist; do
  T export --format $fmt --file "$WORK/src-home.plist" > "$WORK/home.$fmt" || fail "export $fmt"
  expect_eq "$(T import "$WORK/home.$fmt" --file "$WORK/home-$fmt.plist")" "Imported 1 item: 1 new"
  expect_match "$(T lists --file "$WORK/home-$fmt.plist")" '^\* Home +1 pending$' "lists after $fmt import"
  expect_eq "$(T import "$WORK/home.$fmt" --file "$WORK/home-$fmt.plist")" "Imported 1 item: 1 unchanged"
done

# The ics export: one VCALENDAR a list, named and coloured as calendar programs name theirs
# (python3-icalendar reads several calendars with their names); import puts each item back in its list.
S="$WORK/src-lists.plist"
T lists rename Tasks Personal --file "$S" >/dev/null || fail "rename the default list"
T lists add Work --color '#336699' --file "$S" >/dev/null || fail "add Work"
T lists add "Home, garden" --color '#00AA00' --file "$S" >/dev/null || fail "add Home, garden"
T add bread --file "$S" >/dev/null && T add report --list Work --file "$S" >/dev/null &&
  T add roses --list "home, garden" --file "$S" >/dev/null || fail "add to the lists"
T export --format ics --file "$S" > "$WORK/lists.ics" || fail "export ics"
if /usr/bin/python3 -c 'import icalendar' 2>/dev/null; then
  /usr/bin/python3 - "$WORK/lists.ics" <<'PY' || fail "python3-icalendar reads a named calendar a list"
import icalendar, sys
cals = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read(), multiple=True)
got = [(str(c["NAME"]), str(c["X-WR-CALNAME"]), str(c.get("X-APPLE-CALENDAR-COLOR")),
        [str(t["SUMMARY"]) for t in c.walk("VTODO")]) for c in cals]
want = [("Personal", "Personal", "None", ["bread"]), ("Work", "Work", "#336699", ["report"]),
        ("Home, garden", "Home, garden", "#00AA00", ["roses"])]
assert got == want, got
PY
fi
expect_eq "$(T import "$WORK/lists.ics" --file "$WORK/lists-back.plist")" "Imported 3 items: 3 new"
lists=$(T lists --file "$WORK/lists-back.plist")
expect_match "$lists" '^\* Personal +1 pending$' "default list after ics import"
expect_match "$lists" '^  Work +1 pending$' "Work after ics import"
expect_match "$lists" '^  Home, garden +1 pending$' "Home, garden after ics import"
expect_match "$(T list --list Work --file "$WORK/lists-back.plist")" 'report' "report in Work"
expect_match "$(T list --list 'Home, garden' --file "$WORK/lists-back.plist")" 'roses' "roses in Home, garden"
expect_eq "$(T import "$WORK/lists.ics" --file "$WORK/lists-back.plist")" "Imported 3 items: 3 unchanged"
# A file of the implicit list alone exports as before: one calendar, no name.
T export --format ics > "$WORK/plain.ics" || fail "export ics of one list"
expect_eq "$(grep -c 'BEGIN:VCALENDAR' "$WORK/plain.ics")" 1 "one calendar"
expect_eq "$(grep -c 'NAME' "$WORK/plain.ics")" 0 "no name"

# A list id that cannot name a folder (sync makes a folder of each list) is replaced.
cat > "$WORK/evil.json" <<'JSON'
[{"id": "00000000-0000-0000-0000-0000000000E1", "title": "escape", "list": "../../outside", "listName": "Outside"}]
JSON
T import "$WORK/evil.json" --file "$WORK/evil.plist" >/dev/null || fail "import an unfit list id"
expect_match "$(T lists --file "$WORK/evil.plist")" 'Outside +1 pending'
/usr/bin/python3 -c '
import plistlib
d=plistlib.load(open("'"$WORK"'/evil.plist","rb"))
ids=[l["id"] for l in d["todoLists"]]
assert all("/" not in i and not i.startswith(".") for i in ids), ids' || fail "list ids fit for folders"

# A damaged JSON export: one error line, the file untouched.
export TODO_TUI_FILE="$WORK/home-json.plist"
before=$(filesum)
head -c 300 "$WORK/home.json" > "$WORK/cut.json"
expect_fail T import "$WORK/cut.json"
expect_match "$LAST_ERR" 'cut.json.*not a JSON export of ours.*nothing was imported'
expect_eq "$(filesum)" "$before" "file after a damaged import"

# JSON of some other program (issue 37 point 2): the one line names the formats import reads.
printf '[{"name": "groceries", "items": 3}]\n' > "$WORK/other.json"
expect_fail T import "$WORK/other.json"
expect_match "$LAST_ERR" "other.json.*Taskwarrior's task export, todo.txt, iCalendar.*nothing was imported"
expect_eq "$(filesum)" "$before" "file after an import of someone else's JSON"
exit 0
