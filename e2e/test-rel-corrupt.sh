#!/usr/bin/env bash
# Corrupt data files (issue 6 part 4). Each is either a clear error (one
# `error:` line naming the file, non-zero exit) or a tolerant read with a
# warning; never a crash, and a file that does not read is never overwritten:
# `add`, `complete` and `delete` on it fail and leave it byte for byte.
# Among them a 100 MB file of random bytes; STRESS=1 adds a 100 MB valid file.
source "$HERE/lib.sh"
T add "one" --due 2020-01-01 >/dev/null && T add "two & <three>" --due 2020-01-02 >/dev/null || fail "setup"
cp "$TODO_TUI_FILE" "$WORK/good.plist"
mkdir "$WORK/c"
big=10000000
[ "${STRESS:-0}" = 1 ] && big=100000000
python3 - "$WORK/good.plist" "$WORK/c" "$big" <<'PY'
import os, re, sys
g = open(sys.argv[1]).read(); out = sys.argv[2]; big = int(sys.argv[3])
u1, u2 = re.findall(r"<key>([0-9A-F-]{36})</key><dict>", g)
def w(n, s): open(os.path.join(out, n), "wb").write(s.encode() if isinstance(s, str) else s)
head = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>formatVersion</key><integer>1</integer><key>todoItems</key><dict/><key>x</key>'
first = g.split('\t\t<key>' + u2)[0]
# error: files that must be refused
w("error-truncated", g[: len(g) // 2])
w("error-truncated-late", g[:-12])
w("error-empty", "")
w("error-garbage", bytes(range(256)) * 20)
w("error-huge-garbage", os.urandom(100 * 1024 * 1024))
w("error-deep-arrays", head + "<array>" * 100000 + "</array>" * 100000 + "</dict></plist>")
w("error-deep-dicts", head + "<dict><key>a</key>" * 100000 + "<true/>" + "</dict>" * 100000 + "</dict></plist>")
w("error-deep-unclosed", head + "<array>" * 200000)
w("error-root-array", '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><array/></plist>\n')
w("error-items-array", g.split("<key>todoItems</key>")[0] + "<key>todoItems</key><array/></dict></plist>")
w("error-version-string", g.replace("<integer>1</integer>", "<string>1</string>", 1))
w("error-title-integer", g.replace("<string>one</string>", "<integer>5</integer>"))
w("error-deadline-string", g.replace("<date>2020-01-01T09:00:00Z</date>", "<string>tomorrow</string>", 1))
w("error-entry-string", g.replace(f"<key>{u1}</key><dict>", f"<key>{u1}</key><string>x</string><!--", 1).replace("</dict>\n\t\t<key>" + u2, "-->\n\t\t<key>" + u2, 1))
w("error-duplicate-uuid", g.replace(u2, u1))
w("error-duplicate-uuid-lowercase", g.replace(u2, u1.lower()))
# A comment sends the file to Foundation's parser, which would merge the two entries.
w("error-duplicate-uuid-commented", g.replace(u2, u1).replace("<dict>", "<dict><!-- c -->", 1))
w("error-key-differs", g.replace(f"<key>{u1}</key>", "<key>00000000-0000-4000-8000-000000000001</key>"))
w("error-missing-title", g.replace("<key>title</key><string>one</string>", ""))
# No deadline: a someday item (SPEC 2, 7), read and kept without one.
w("someday-missing-deadline", g.replace("<key>deadline</key><date>2020-01-01T09:00:00Z</date>", "", 1))
w("error-missing-uuid", g.replace(f"<key>UUID</key><string>{u1}</string>", ""))
w("error-bad-uuid", g.replace(f"<string>{u1}</string>", "<string>not-a-uuid</string>"))
w("error-date-year-0", g.replace("2020-01-01T09:00:00Z", "0000-01-01T09:00:00Z"))
w("error-date-year-99999", g.replace("2020-01-01T09:00:00Z", "99999-01-01T09:00:00Z"))
w("error-date-negative", g.replace("2020-01-01T09:00:00Z", "-4000-01-01T09:00:00Z"))
w("error-date-month-13", g.replace("2020-01-01T09:00:00Z", "2020-13-45T29:61:61Z"))
w("error-date-feb-30", g.replace("2020-01-01T09:00:00Z", "2021-02-30T09:00:00Z"))
w("error-invalid-utf8", g.encode().replace(b">one<", b">o\xff\xfene<"))
w("error-binary-truncated", open(os.path.join(os.environ["HERE"], "..", "Tests", "TodoCoreTests", "Store", "Fixtures", "tutorial-export.binary.plist"), "rb").read()[:-20])
binary = bytearray(open(os.path.join(os.environ["HERE"], "..", "Tests", "TodoCoreTests", "Store", "Fixtures", "tutorial-export.binary.plist"), "rb").read())
binary[8] = 0xC5  # the root dictionary made a set: crashed Foundation on Linux (found by fuzzing)
w("error-binary-set", bytes(binary))
# warn: read with a warning (characters XML cannot hold are replaced)
w("warn-nul-byte", g.encode().replace(b">one<", b">o\x00ne<"))
w("warn-escape-reference", g.replace(">one<", ">o&#x1b;]0;pwned&#x7;ne<"))
# ok: a big file read whole, one title of 10,000,000 characters (STRESS=1: 100,000,000)
w("ok-big-title", g.replace(">one<", ">" + "A" * big + "<"))
PY
tried=0
for f in "$WORK"/c/*; do
  name=$(basename "$f"); tried=$((tried + 1))
  export TODO_TUI_FILE="$f"
  before=$(filesum)
  T list >"$WORK/out" 2>"$WORK/err"; rc=$?
  [ $rc -lt 128 ] || fail "$name: list crashed (status $rc): $(head -c 300 "$WORK/err")"
  case "$name" in
  error-*)
    [ $rc -ne 0 ] || fail "$name: list read it: $(head -c 300 "$WORK/out")"
    expect_eq "$(wc -l <"$WORK/err")" 1 "$name: stderr lines of list"
    expect_match "$(cat "$WORK/err")" "^error: .*$name" "$name: the error names the file"
    for cmd in "add new --due 2020-01-01" "complete 0000" "delete 0000"; do
      # shellcheck disable=SC2086
      expect_fail T $cmd
      [ "$(filesum)" = "$before" ] || fail "$name: '$cmd' changed the file"
    done
    ;;
  warn-*)
    [ $rc -eq 0 ] || fail "$name: not read: $(cat "$WORK/err")"
    grep -q '^warning: ' "$WORK/err" || fail "$name: no warning"
    expect_match "$(cat "$WORK/out")" "two & <three>" "$name: the other item"
    T add "added" --due 2020-01-01 >/dev/null 2>&1 || fail "$name: add after a tolerant read"
    python3 -c "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))" "$f" || fail "$name: not valid XML after the write"
    [ "$(T list 2>/dev/null | wc -l)" -eq 3 ] || fail "$name: items after the write: $(T list)"
    ;;
  someday-*)
    [ $rc -eq 0 ] || fail "$name: not read: $(cat "$WORK/err")"
    expect_match "$(tail -n 1 "$WORK/out")" "one$" "$name: the someday item lists last"
    T add "added" --due 2020-01-01 >/dev/null || fail "$name: add"
    python3 -c "
import plistlib, sys
items = plistlib.load(open(sys.argv[1], 'rb'))['todoItems'].values()
assert [i['title'] for i in items if 'deadline' not in i] == ['one'], list(items)" "$f" || fail "$name: the someday item was not kept"
    ;;
  ok-*)
    [ $rc -eq 0 ] || fail "$name: not read: $(cat "$WORK/err")"
    T add "added" --due 2020-01-01 >/dev/null || fail "$name: add"
    # The long title is kept whole through the write.
    python3 -c "
import plistlib, sys
items = plistlib.load(open(sys.argv[1], 'rb'))['todoItems'].values()
assert sorted(len(i['title']) for i in items) == [5, 13, int(sys.argv[2])], [len(i['title']) for i in items]" "$f" "$big" ||
      fail "$name: the long title was not kept"
    ;;
  esac
  ls -A "$WORK/c" | grep -q '\.tmp-' && fail "$name: temporary file left"
done
echo "corrupt files tried: $tried, each an error with the file untouched, or read with a warning"
