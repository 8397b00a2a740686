# `list`'s fast path (issue 17): a file our writer wrote is listed from the
# scan's records (`todo-tui list --file F`, which reads in 64 KiB pieces),
# anything else the general way (`todo-tui --file F list` goes through the
# argument parser and the general reader: the reference). Both must print the
# same bytes, in several zones (UTC, Europe/Berlin across its changes, a POSIX
# TZ string, TZ empty and unset), clocks, with and without colour (on a
# terminal), for --all, --completed and --json, at several instants; and a file
# the fast path declines (written by another program, an unknown key) is still
# listed exactly as before. Items carry the fields of SPEC 8 (note, priority,
# tags, start, progress: issue 26), which the fast path shows as the general one.
. "$HERE/lib.sh"
export TODO_TUI_NOTIFY=/bin/true
F="$WORK/todos.plist"

# Items from another writer (Python's plistlib), then written by ours (import):
# more than 64 future deadlines (no-slot marks), reminders, repeats, warnings,
# completed and cancelled items, someday items, titles that need escaping;
# notes, priorities, tags (wide, escaped, empty), start times and progress.
/usr/bin/python3 - "$WORK/src.plist" <<'PY'
import plistlib, sys, uuid, random, datetime as dt
random.seed(17)
base = dt.datetime(2026, 10, 20, 12, 0)
items = {}
titles = ["Pay rent", "a & b < c > d", 'say "hi"', "Zoë's party 生日快乐", "C:\\Users", "x" * 150]
for k in range(400):  # more than 64 KiB: the fast path reads it in 64 KiB pieces
    u = str(uuid.UUID(int=random.getrandbits(128))).upper()
    e = {"UUID": u, "title": random.choice(titles) + " %d" % k, "created": base - dt.timedelta(days=30)}
    if k % 17:
        e["deadline"] = base + dt.timedelta(minutes=random.randrange(-20000, 60000) * 10)
    if k % 5 == 0 and "deadline" in e:
        e["reminder"] = e["deadline"] - dt.timedelta(hours=random.randrange(1, 30))
    if k % 7 == 0:
        e["repeat"] = "FREQ=WEEKLY"
    if k % 11 == 0:
        e["warn"] = 3600
    if k % 9 == 0:
        e["completed"] = base - dt.timedelta(days=1)
    if k % 23 == 0:
        e["cancelled"] = True
    if k % 2 == 0:
        e["note"] = random.choice(["Call back", "line 1\nline 2", "a & b <c>", "日本語 😀", "", "x" * 300])
    if k % 3 == 0:
        e["priority"] = random.choice([0, 1, 4, 5, 6, 9])
    if k % 4 == 0:
        e["tags"] = random.choice([["home"], ["work", "日本"], [""], ["a & b", "<t>"], ["Zoë", "x y"]])
    if k % 6 == 0:
        e["progress"] = random.choice([0, 40, 100])
    if k % 8 == 0:
        e["start"] = base + dt.timedelta(days=random.randrange(-5, 5))
    items[u] = e
plistlib.dump({"formatVersion": 1, "todoItems": items}, open(sys.argv[1], "wb"))
PY
T --file "$F" import "$WORK/src.plist" > /dev/null || fail "import"

# The fast path really takes our writer's file: it reads in 64 KiB pieces, the general reader does not.
strace -f -e trace=read -o "$WORK/fast.trace" "$TODO_BIN" list --file "$F" > /dev/null || fail "list"
grep -q ", 65536) = " "$WORK/fast.trace" || fail "the fast path did not read the file"
strace -f -e trace=read -o "$WORK/general.trace" "$TODO_BIN" --file "$F" list > /dev/null || fail "--file F list"
! grep -q ", 65536) = " "$WORK/general.trace" || fail "the reference went the fast way"

same() {  # same ARGS…: the fast path's output equals the general path's
  local a b
  a=$(env LC_ALL="$LOC" "$TODO_BIN" list --file "$F" "$@" 2>&1; echo "rc=$?")
  b=$(env LC_ALL="$LOC" "$TODO_BIN" --file "$F" list "$@" 2>&1; echo "rc=$?")
  [ "$a" == "$b" ] || { diff <(echo "$b") <(echo "$a") | head -20; fail "fast and general differ: TZ=${TZ-unset} LC_ALL=$LOC $*"; }
}
# Instants around the items, one of them exactly at a deadline, and across Berlin's change of 2026-10-25.
for now in 2026-10-20T12:00:00Z 2026-10-25T00:59:59Z 2026-10-25T01:00:00Z 2026-11-02T08:10:00Z 1793000000.5; do
  export TODO_TUI_NOW=$now
  for tz in UTC Europe/Berlin "CET-1CEST,M3.5.0,M10.5.0/3" "<+0530>-5:30" "" ":UTC"; do
    export TZ="$tz"
    for LOC in C.UTF-8 en_US.UTF-8; do  # (bash itself has no en_US locale here: env sets it)
      same
      same --all
      same --completed
      same --json
      same --all --json
    done
  done
done
unset TZ
same
export TZ=UTC LOC=C.UTF-8 LC_ALL=C.UTF-8 TODO_TUI_NOW=2026-10-20T12:00:00Z
# The no-slot mark is there (more than 64 want a slot), and the marks of SPEC 8.
"$TODO_BIN" list --file "$F" | grep -q "⊘" || fail "no item without a slot"
"$TODO_BIN" list --file "$F" --all > "$WORK/marks.out"
for m in "!!! " "!! " "#work #日本" "#a & b #<t>" " ✎" " 40%"; do
  grep -qF -- "$m" "$WORK/marks.out" || fail "no '$m' in the rows"
done

# Colour on a terminal: both ways the same escapes; an item not yet started is dimmed (SPEC 8).
"$TODO_BIN" --file "$F" add "Not started yet" --start "2026-10-25 09:00" --due "2026-10-26 09:00" >/dev/null &&
  "$TODO_BIN" --file "$F" add "Started already" --start "2026-10-19 09:00" --due "2026-10-26 09:00" >/dev/null ||
  fail "add --start"
script -qec "\"$TODO_BIN\" list --file \"$F\" --all" /dev/null > "$WORK/fast.tty"
script -qec "\"$TODO_BIN\" --file \"$F\" list --all" /dev/null > "$WORK/general.tty"
grep -q $'\e\[31m' "$WORK/fast.tty" || fail "no colour on a terminal"
cmp -s "$WORK/fast.tty" "$WORK/general.tty" || fail "colour output differs"
grep -a "Not started yet" "$WORK/fast.tty" | grep -q $'\e\[2m' || fail "an item not yet started is not dimmed"
grep -a "Started already" "$WORK/fast.tty" | grep -q $'\e\[2m' && fail "an item started is dimmed"
"$TODO_BIN" list --file "$F" | grep -a "Not started yet" | grep -q $'\e' && fail "escapes in a pipe"
NO_COLOR=1 script -qec "\"$TODO_BIN\" list --file \"$F\"" /dev/null > "$WORK/nocolour.tty"
! grep -q $'\e\[' "$WORK/nocolour.tty" || fail "colour despite NO_COLOR"

# A file the fast path declines is listed the general way, as before: an unknown key.
sed 's|<key>created</key>|<key>zExtra</key><string>kept</string><key>created</key>|' "$F" > "$WORK/odd.plist"
a=$("$TODO_BIN" list --file "$WORK/odd.plist" --all); b=$("$TODO_BIN" --file "$WORK/odd.plist" list --all)
[ -n "$a" ] && [ "$a" == "$b" ] || fail "a declined file lists differently"
# Errors are the general path's: a corrupt file, a missing one.
printf 'not a plist' > "$WORK/bad.plist"
expect_fail "$TODO_BIN" list --file "$WORK/bad.plist"
expect_fail "$TODO_BIN" list --file "$WORK/bad.plist" --json
out=$("$TODO_BIN" list --file "$WORK/none.plist" --json) || fail "a missing file"
expect_eq "$out" "[]" "a missing file's JSON"
echo "ok"
