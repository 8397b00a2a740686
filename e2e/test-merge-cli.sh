#!/usr/bin/env bash
# Every writer merges (issue 12), through the real binary: import merges
# fields instead of replacing items; the file's own structure (unknown keys at
# the root and in items) survives every rewrite; a key twice does not parse;
# instants outside years 1-9999 are refused from every input; a lock file that
# is a symbolic link changes nothing it points to.
source "$HERE/lib.sh"

# --- import merges fields: an export taken earlier does not undo later changes.
id=$(T add "Pay rent" --due 2030-01-01) || fail "add"
T export --format plist >"$WORK/old.plist" || fail "export"
T edit "$id" --title "Pay the rent" >/dev/null || fail "edit"
T remind "$id" --in 2h >/dev/null || fail "remind"
T import "$WORK/old.plist" >/dev/null || fail "import"
out=$(T list --json)
expect_match "$out" '"title" *: *"Pay the rent"' "a title changed after the export survives the import"
expect_match "$out" '"reminder" *: *"20' "a reminder set after the export survives the import"
# Importing the same file twice changes nothing.
T import "$WORK/old.plist" >/dev/null || fail "import again"
before=$(filesum)
T import "$WORK/old.plist" >/dev/null || fail "import a third time"
expect_eq "$(filesum)" "$before" "a repeated import leaves the file byte for byte"
# Import never reopens a completed item.
T complete "$id" >/dev/null || fail "complete"
T import "$WORK/old.plist" >/dev/null || fail "import after complete"
expect_match "$(T list --json --all)" '"completed" *: *"20' "import reopened a completed item"

# --- unknown keys at the root and in items survive every kind of write.
python3 - "$TODO_TUI_FILE" <<'PY'
import plistlib, sys
p = sys.argv[1]
d = plistlib.load(open(p, "rb"))
d["fromTheFuture"] = {"nested": [1, "two", True]}
for v in d["todoItems"].values():
    v["colour"] = "green"
    v["weight"] = 2.5
plistlib.dump(d, open(p, "wb"))
PY
id2=$(T add "Second" --due 2031-01-01) || fail "add after unknown keys"
T edit "$id2" --title "Second, renamed" >/dev/null || fail "edit"
T delete "$id2" >/dev/null || fail "delete"
python3 - "$TODO_TUI_FILE" <<'PY' || fail "unknown keys were lost"
import plistlib, sys
d = plistlib.load(open(sys.argv[1], "rb"))
assert d["fromTheFuture"] == {"nested": [1, "two", True]}, d.get("fromTheFuture")
for v in d["todoItems"].values():
    assert v["colour"] == "green" and v["weight"] == 2.5, v
PY

# --- a key twice in a dictionary does not parse; the file is left as it was.
dup="$WORK/dup.plist"
cat >"$dup" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>todoItems</key>
	<dict/>
	<key>todoItems</key>
	<dict>
		<key>A5C6B3B6-0C4E-4C8E-9C5D-2B6C1E0F1A11</key><dict><key>UUID</key><string>A5C6B3B6-0C4E-4C8E-9C5D-2B6C1E0F1A11</string><key>title</key><string>kept</string><key>deadline</key><date>2030-01-01T09:00:00Z</date></dict>
	</dict>
</dict>
</plist>
XML
sum=$(sha256sum "$dup" | cut -d' ' -f1)
expect_fail T add "x" --due 2030-01-01 --file "$dup"
expect_match "$LAST_ERR" "todoItems.*twice|twice.*todoItems" "the error names the repeated key"
expect_eq "$(sha256sum "$dup" | cut -d' ' -f1)" "$sum" "a file with a key twice is untouched"
# The same through Foundation's path (a comment sends the file there), and a field twice in an entry.
sed 's|<dict/>|<dict/><!-- a comment -->|' "$dup" >"$WORK/dup2.plist"
expect_fail T list --file "$WORK/dup2.plist"
expect_match "$LAST_ERR" "twice" "Foundation's path refuses a key twice"
sed -e '/<dict\/>/d' -e '0,/<key>todoItems<\/key>/{/<key>todoItems<\/key>/d}' \
  -e 's|<key>title</key><string>kept</string>|<key>title</key><string>kept</string><key>title</key><string>lost</string>|' \
  "$dup" >"$WORK/dup3.plist"
expect_fail T list --file "$WORK/dup3.plist"
expect_match "$LAST_ERR" "title.*twice" "a field twice in an entry"

# --- instants outside years 1-9999 are refused from every input, never written.
before=$(filesum)
expect_fail env TZ=America/Los_Angeles "$TODO_BIN" add "late" --due "9999-12-31 23:00"
expect_match "$LAST_ERR" "9999|range" "the CLI in a zone west of UTC"
expect_fail env TZ=Asia/Tokyo "$TODO_BIN" add "early" --due "0001-01-01 09:00"
expect_eq "$(filesum)" "$before" "refused instants leave the file as it was"
python3 - "$WORK/far.plist" <<'PY'
import sys
open(sys.argv[1], "w").write("""<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>todoItems</key><dict>
<key>A5C6B3B6-0C4E-4C8E-9C5D-2B6C1E0F1A12</key><dict><key>UUID</key><string>A5C6B3B6-0C4E-4C8E-9C5D-2B6C1E0F1A12</string><key>title</key><string>far</string><key>deadline</key><date>10000-01-01T00:00:00Z</date></dict>
</dict></dict></plist>
""")
PY
expect_fail T import "$WORK/far.plist"
# (iCalendar input: e2e/test-ical-*.sh)
expect_eq "$(filesum)" "$before" "refused imports leave the file as it was"
T list >/dev/null || fail "the file still reads"

# --- a lock file that is a symbolic link: an error, and its target is untouched.
export TODO_TUI_FILE="$WORK/lk/todos.plist"
mkdir -p "$WORK/lk"
echo "precious" >"$WORK/target"
ln -s "$WORK/target" "$WORK/lk/todos.plist.lock"
expect_fail T add "x" --due 2030-01-01
expect_match "$LAST_ERR" "symbolic link" "the error says the lock file is a link"
expect_eq "$(cat "$WORK/target")" "precious" "the link's target is unchanged"
[ ! -e "$TODO_TUI_FILE" ] || fail "nothing is written through a planted lock link"
exit 0
