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
exit 0
