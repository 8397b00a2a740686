# `todo-tui agenda [--days N] [--json]` (SPEC 2, issue 38 point 2): golden
# files of its output on fixed data, a fixed clock (TODO_TUI_NOW) and TZ, in a
# 12-hour (en_US) and a 24-hour (en_GB) locale: overdue items first, then each
# coming day with items under its name, at their times; someday and completed
# items and days past N left out. UPDATE_GOLDEN=1 rewrites the golden files.
. "$HERE/lib.sh"
export TZ=Europe/Berlin TODO_TUI_NOW=2026-11-23T14:30:00+01:00  # a Monday afternoon
gold="$HERE/fixtures/agenda"

rows_plist "$TODO_TUI_FILE" <<'PY'
rows = [
  ("1f0c9a2e", "Pay rent", at(2026, 11, 22, 17), {}),
  ("2b7d4e10", "Call the bank", at(2026, 11, 23, 9), {}),
  ("3c8e5f21", "Buy milk", at(2026, 11, 23, 17), {}),
  ("4d9f6a32", "Stand-up", at(2026, 11, 24, 9), {"repeat": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"}),
  ("5ea07b43", "Submit the report", at(2026, 11, 27, 17, 30), {"priority": 1}),
  ("6fb18c54", "Dentist", at(2026, 11, 29, 23, 59), {}),
  ("70c29d65", "Renew passport", at(2026, 11, 30, 0, 0), {}),
  ("81d3ae76", "Zoë's party 生日快乐", at(2026, 11, 27, 8), {}),
  ("92e4bf87", "Learn the cello", None, {}),
  ("a3f5c098", "Old task", at(2026, 11, 24, 12), {"completed": at(2026, 11, 20, 11)}),
  ("b406d1a9", "New year", at(2027, 1, 1, 10), {}),
]
PY
cp "$TODO_TUI_FILE" "$WORK/before.plist"

check en_US env LC_ALL=en_US.UTF-8 "$TODO_BIN" agenda
check en_GB env LC_ALL=en_GB.UTF-8 "$TODO_BIN" agenda
check days-1 env LC_ALL=en_GB.UTF-8 "$TODO_BIN" agenda --days 1
# 7 days end on Sunday 29th: the 23:59 dentist is in, the passport at Monday 0:00 is not; with 8 it is.
check days-8 env LC_ALL=en_GB.UTF-8 "$TODO_BIN" agenda --days 8
check days-40 env LC_ALL=en_GB.UTF-8 "$TODO_BIN" agenda --days 40
# The same file as our writer lays it out (agenda then reads it as list's fast path does): the same lines.
"$TODO_BIN" --file "$WORK/ours.plist" import "$TODO_TUI_FILE" >/dev/null 2>&1 || fail "import"
env LC_ALL=en_GB.UTF-8 "$TODO_BIN" --file "$WORK/ours.plist" agenda --days 40 > "$WORK/ours.out" || fail "agenda ours"
diff -u "$gold/days-40.txt" "$WORK/ours.out" || fail "agenda of our writer's file differs"
env LC_ALL=en_US.UTF-8 "$TODO_BIN" --file "$WORK/ours.plist" agenda > "$WORK/ours.out" || fail "agenda ours"
diff -u "$gold/en_US.txt" "$WORK/ours.out" || fail "agenda of our writer's file differs (en_US)"
check json env LC_ALL=en_GB.UTF-8 "$TODO_BIN" agenda --days 3 --json

# The JSON parses, has every day (an empty one too), overdue first.
/usr/bin/python3 - "$WORK/json.out" <<'PY' || fail "agenda --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert [x["date"] for x in d["days"]] == ["2026-11-23", "2026-11-24", "2026-11-25"], d["days"]
assert [i["title"] for i in d["overdue"]] == ["Pay rent", "Call the bank"], d["overdue"]
assert [i["title"] for i in d["days"][0]["items"]] == ["Buy milk"]
assert [i["title"] for i in d["days"][1]["items"]] == ["Stand-up"]
assert d["days"][2]["items"] == []
assert all(i["overdue"] for i in d["overdue"])
PY

# No colour into a pipe.
grep -q $'\e' "$WORK/en_US.out" && fail "agenda into a pipe has escape codes"

# Nothing due: one line on stderr, nothing on stdout, status 0.
empty="$WORK/empty.plist"
"$TODO_BIN" --file "$empty" add Someday --due none >/dev/null 2>&1
out=$("$TODO_BIN" --file "$empty" agenda 2>"$WORK/err") || fail "agenda of nothing failed"
[ -z "$out" ] || fail "agenda of nothing printed: $out"
grep -qx "Nothing due in the next 7 days." "$WORK/err" || fail "agenda of nothing says: $(cat "$WORK/err")"

# A bad --days is a usage error, one error: line; the file is unchanged by any of it.
for bad in 0 367 x; do
  "$TODO_BIN" agenda --days "$bad" >/dev/null 2>"$WORK/err"; code=$?
  [ "$code" = 64 ] || fail "agenda --days $bad exited $code, not 64"
  [ "$(grep -c '^error:' "$WORK/err")" = 1 ] || fail "agenda --days $bad: $(cat "$WORK/err")"
done
cmp -s "$TODO_TUI_FILE" "$WORK/before.plist" || fail "agenda changed the data file"
exit 0
