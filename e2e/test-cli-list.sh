# The list at a glance (SPEC 2, issue 18): golden files of `list`'s human
# output on fixed data, a fixed clock (TODO_TUI_NOW, the CLI's test hook) and
# TZ, in a 12-hour (en_US) and a 24-hour (en_GB, C) locale; overdue glyph,
# marks for reminder / repeat / no slot; colour only on a terminal, never
# with NO_COLOR or TERM=dumb. UPDATE_GOLDEN=1 rewrites the golden files.
. "$HERE/lib.sh"
export TZ=Europe/Berlin TODO_TUI_NOW=2026-11-23T14:30:00+01:00  # a Monday afternoon
gold="$HERE/fixtures/list"

rows_plist "$TODO_TUI_FILE" <<'PY'
rows = [
  ("1f0c9a2e", "Pay rent", at(2026, 11, 22, 17), {}),
  ("2b7d4e10", "Call the bank", at(2026, 11, 23, 9), {"reminder": at(2026, 11, 23, 15)}),
  ("3c8e5f21", "Buy milk", at(2026, 11, 23, 17), {}),
  ("4d9f6a32", "Stand-up", at(2026, 11, 24, 9), {"repeat": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"}),
  ("5ea07b43", "Submit the report", at(2026, 11, 27, 17, 30), {}),
  ("6fb18c54", "Dentist", at(2026, 12, 3, 9), {}),
  ("70c29d65", "Renew passport", at(2027, 12, 3, 9), {}),
  ("81d3ae76", "Zoë's party 生日快乐", at(2026, 11, 30, 19), {}),
  ("92e4bf87", "Learn the cello", None, {}),
  ("a3f5c098", "Old task", at(2026, 11, 20, 12), {"completed": at(2026, 11, 20, 11)}),
]
PY

check en_US env LC_ALL=en_US.UTF-8 "$TODO_BIN" list
check en_GB env LC_ALL=en_GB.UTF-8 "$TODO_BIN" list
check all-de_DE env LANG=de_DE.UTF-8 LC_ALL= LC_TIME= "$TODO_BIN" list --all
# LC_TIME beats LANG; C is a 24-hour clock.
env LANG=en_US.UTF-8 LC_TIME=en_GB.UTF-8 LC_ALL= "$TODO_BIN" list > "$WORK/lctime.out"
diff -u "$gold/en_GB.txt" "$WORK/lctime.out" || fail "LC_TIME beats LANG"
env LC_ALL=C "$TODO_BIN" list > "$WORK/c.out"
diff -u "$gold/en_GB.txt" "$WORK/c.out" || fail "C is a 24-hour clock"

# JSON: the fields of SPEC 2, dates with the offset, someday as null.
"$TODO_BIN" list --json > "$WORK/list.json" || fail "list --json"
/usr/bin/python3 - "$WORK/list.json" <<'PY' || fail "list --json fields"
import json, sys
items = json.load(open(sys.argv[1]))
assert len(items) == 9, len(items)
for i in items:
    for k in ["id", "uid", "title", "deadline", "overdue", "completed", "reminder", "repeat", "warn", "scheduled"]:
        assert k in i, (k, i)
by = {i["title"]: i for i in items}
assert by["Pay rent"]["overdue"] is True and by["Pay rent"]["deadline"] == "2026-11-22T17:00:00+01:00", by["Pay rent"]
assert by["Call the bank"]["reminder"] == "2026-11-23T15:00:00+01:00" and by["Call the bank"]["scheduled"] is True
assert by["Stand-up"]["repeat"] == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", by["Stand-up"]
assert by["Learn the cello"]["deadline"] is None and by["Learn the cello"]["overdue"] is False
assert by["Learn the cello"]["scheduled"] is False
assert by["Buy milk"]["uid"] == by["Buy milk"]["id"] == "3C8E5F21-0000-4000-8000-3C8E5F210000"
assert [i["title"] for i in items][-1] == "Learn the cello", "someday last"
PY

# Colour: never into a pipe; on a terminal red for overdue, unless NO_COLOR or TERM=dumb.
grep -q $'\e' "$WORK/en_US.out" && fail "colour sent into a pipe"
tty_list() {  # the list as written to a pseudo-terminal
  /usr/bin/python3 - "$TODO_BIN" <<'PY'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "list"])
out = b""
while True:
    try: chunk = os.read(fd, 65536)
    except OSError: break
    if not chunk: break
    out += chunk
os.waitpid(pid, 0)
sys.stdout.write(out.decode())
PY
}
out=$(TERM=xterm-256color tty_list)
expect_match "$out" $'1f0c9a2e  \e\\[31m!' "overdue in red on a terminal"
expect_eq "$(printf '%s' "$out" | grep -c $'\e\\[31m')" 2 "two overdue lines in red"
out=$(NO_COLOR=1 TERM=xterm-256color tty_list)
printf '%s' "$out" | grep -q $'\e' && fail "NO_COLOR is honoured"
out=$(TERM=dumb tty_list)
printf '%s' "$out" | grep -q $'\e' && fail "TERM=dumb gets no colour"
expect_match "$out" "1f0c9a2e  !" "the glyph stays without colour"

# An item over the 64-slot limit carries the no-slot mark: fill the free
# slots, check that one more waits (and says so), take it away again, then
# give the file one more, the latest.
used=$(T pending | tail -n 1 | sed 's|/.*||')
for i in $(seq 1 $((64 - used))); do
  T add "filler $i" --due "$(printf '2027-01-01T%02d:%02d:00+01:00' $((i / 60)) $((i % 60)))" >/dev/null || fail "filler $i"
done
extra=$(T add one too many --due 2098-01-01 2>"$WORK/.note") || fail "the 65th add was refused"
expect_eq "$(grep "^note:" "$WORK/.note")" "note: waits for a slot: 64 sooner notifications are scheduled" "the slots are full"
T delete "$extra" >/dev/null || fail "delete the 65th"
/usr/bin/python3 - "$TODO_TUI_FILE" <<'PY'
import plistlib, sys, datetime as dt
d = plistlib.load(open(sys.argv[1], "rb"))
u = "B4A6D1A9-0000-4000-8000-B4A6D1A90000"
d["todoItems"][u] = {"UUID": u, "title": "Over the limit", "deadline": dt.datetime(2028, 6, 1, 8),
                     "created": dt.datetime(2026, 11, 1, 8)}
plistlib.dump(d, open(sys.argv[1], "wb"))
PY
line=$(env LC_ALL=C "$TODO_BIN" list | grep "Over the limit")
expect_match "$line" "^b4a6d1a9     ⊘ Jun 1 2028 10:00 +Over the limit$" "no-slot mark"
expect_eq "$(env LC_ALL=C "$TODO_BIN" list | grep -c "⊘")" 1 "only the item without a slot is marked"
exit 0
