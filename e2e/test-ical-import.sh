# iCalendar files as Thunderbird, Evolution, Nextcloud Tasks, Apple and todoman
# write them import through libical with the SPEC 7 mapping; a folder and
# stdin too; importing twice changes nothing; export → import gives the same
# items in every format; a bad file is one error naming it, nothing imported.
. "$HERE/lib.sh"
FIX="$HERE/../Tests/TodoCoreTests/ICal/Fixtures"
export TZ=Europe/Berlin

T import "$FIX/thunderbird-berlin.ics" >/dev/null || fail "import thunderbird"
json=$(T list --json)
/usr/bin/python3 - "$json" <<'PY' || fail "thunderbird mapping"
import json, sys
items = {i["title"]: i for i in json.loads(sys.argv[1])}
a = items["Steuererklärung abgeben"]
assert a["deadline"] == "2026-07-15T17:00:00+02:00", a
assert a["uid"] == "3f1b6a3e-2c4d-4e5f-8a9b-0c1d2e3f4a5b", a
assert a["warn"] == 900, a
assert items["Winterreifen wechseln"]["deadline"] == "2026-12-01T17:00:00+01:00"
PY

# Twice: the data file is byte-identical.
before=$(filesum)
T import "$FIX/thunderbird-berlin.ics" >/dev/null || fail "import again"
expect_eq "$(filesum)" "$before" "second import changes nothing"

# A folder of .ics files, and stdin.
mkdir -p "$WORK/vdir"
cp "$FIX/evolution-date.ics" "$FIX/nextcloud-tasks.ics" "$WORK/vdir/"
T import "$WORK/vdir" >/dev/null || fail "import a folder"
T import - < "$FIX/apple-reminders.ics" >/dev/null || fail "import stdin"
T import - < "$FIX/todoman-lowercase.ics" >/dev/null || fail "import lowercase with BOM"
all=$(T list --all --json)
expect_eq "$(printf '%s' "$all" | /usr/bin/python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" 10 "items"
# (PRIORITY:9 in the file: the low priority's mark, SPEC 8.)
expect_match "$(T list | grep cello)" "^[0-9a-f]{8} +! Learn the cello$" "a VTODO without DUE is a someday item (no deadline shown)"
if T list | grep -q "Old plan"; then fail "a cancelled item is not listed"; fi
expect_match "$(T list --all)" "Old plan" "list --all shows the cancelled item"
expect_eq "$(T list | tail -1 | sed 's/.*  //')" "! Learn the cello" "someday items list last"

# Completed here, then the same file again: not reopened, and nothing changes.
id=$(printf '%s' "$all" | /usr/bin/python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["title"]=="Renew passport"][0])')
T complete "$id" >/dev/null || fail "complete"
before=$(filesum)
T import "$WORK/vdir" >/dev/null || fail "import the folder again"
expect_eq "$(filesum)" "$before" "nothing reopened, nothing changed"

# export → import: the same items, in every format.
for f in plist json ics; do
  T export --format $f > "$WORK/out.$f" || fail "export $f"
  rm -f "$WORK/copy-$f.plist"
  T import "$WORK/out.$f" --file "$WORK/copy-$f.plist" >/dev/null || fail "import $f"
  expect_eq "$(T export --format json --file "$WORK/copy-$f.plist")" "$(T export --format json)" "$f round trip"
  before=$(sha256sum "$WORK/copy-$f.plist")
  T import "$WORK/out.$f" --file "$WORK/copy-$f.plist" >/dev/null || fail "import $f again"
  expect_eq "$(sha256sum "$WORK/copy-$f.plist")" "$before" "$f imported twice"
done

# Bad input: one error line naming the file (and the UID), nothing imported.
before=$(filesum)
for bad in bad-value.ics bad-year.ics bad-truncated.ics; do
  expect_fail T import "$FIX/$bad"
  expect_match "$LAST_ERR" "$bad" "the error names the file"
  expect_eq "$(filesum)" "$before" "$bad: data file unchanged"
done
expect_fail T import "$FIX/bad-value.ics"
expect_match "$LAST_ERR" "broken-due-1" "the error names the UID"
cp "$FIX/bad-year.ics" "$WORK/vdir/zz.ics"
expect_fail T import "$WORK/vdir"
expect_match "$LAST_ERR" "zz.ics" "a bad file in a folder is named"
expect_eq "$(filesum)" "$before" "nothing imported from the folder"
printf 'not a calendar\n' | expect_fail T import -
exit 0
