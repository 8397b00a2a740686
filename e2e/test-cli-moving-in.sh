# Issue 37 points 1 and 2: moving in from Taskwarrior and todo.txt. The fixtures
# are written from the formats' own descriptions (Taskwarrior's JSON format RFC,
# task.md of 2.6, and the todo.txt README), never from our exporter.
. "$HERE/lib.sh"
F="$HERE/fixtures"
export TODO_TUI_NOW=2026-11-28T08:00:00Z  # the dates below are said as seen from then

# 1. Taskwarrior: every field with a home here, and one line of what had none.
out=$(T import "$F/taskwarrior-export.json" 2>"$WORK/err") || fail "import the Taskwarrior export: $(cat "$WORK/err")"
expect_eq "$out" "Imported 7 items: 7 new" "the template is not an item; its pending occurrence is"
expect_eq "$(cat "$WORK/err")" \
  "warning: $F/taskwarrior-export.json: not mapped, left out: estimate (1 task)" "one line of what was not mapped"
lists=$(T lists)
expect_match "$lists" '^  Home\.Garden +2 pending$' "project -> list, made"
expect_match "$lists" '^  Personal Taxes +1 pending$' "project -> list, made"
rose=$(T show 296d)
expect_match "$rose" '^list: +Home\.Garden$' "list"
expect_match "$rose" '^priority: +high \(1\)$' "priority H"
expect_match "$rose" '^tags: +#garden #weekend$' "tags"
expect_match "$rose" '^start: +Thu Dec 3 at 9:00$' "scheduled -> start"
expect_match "$rose" '^deadline: +.*Dec 5.* 16:00$' "due"
expect_eq "$(printf '%s\n' "$rose" | sed -n '/^note:/,$p')" "note:
  2026-11-20 23:42  Remember to get the mail
  2026-11-21 08:00  Pay the bills" "annotations -> the note, a line each with its date"
expect_match "$(T show 3a7e)" '^priority: +medium \(5\)$' "priority M"
taxes=$(T show 4b8f)
expect_match "$taxes" '^priority: +low \(9\)$' "priority L"
expect_match "$taxes" '^start: +.*Dec 10.* 9:00$' "wait -> start"
expect_match "$taxes" '^status: +pending$' "waiting is pending"
expect_match "$taxes" '^depends: +296d[0-9a-f]* +Prune the roses$' "depends kept and shown (RFC's comma list)"
expect_match "$taxes" '^depends: +3a7e[0-9a-f]* +Buy secateurs$' "depends kept and shown"
water=$(T show 6da1)
expect_match "$water" '^repeat: +.*(WEEKLY|weekly).*' "the pending occurrence repeats"
expect_match "$water" '^repeat: +weekly until 2027-03-01$' "until is the rule's end"
expect_match "$(T show 8fc3)" '^depends: +6da1[0-9a-f]* +Water plants$' "depends as a JSON array (2.6's export)"
expect_match "$(T show 8fc3)" '^progress: +0%$' "start (active) -> in process"
expect_match "$(T show 7eb2)" '^status: +completed' "a done occurrence"
expect_match "$(T show 90d4)" '^status: +cancelled$' "deleted -> cancelled"
[ "$(T list --all | grep -c 'Water plants')" = 2 ] || fail "the template is not imported beside its occurrence"
expect_eq "$(T import "$F/taskwarrior-export.json" 2>/dev/null)" "Imported 7 items: 7 unchanged" "again: unchanged"

# 2. todo.txt, read: the README's own examples.
export TODO_TUI_FILE="$WORK/txt.plist"
out=$(T import "$F/todo.txt" 2>"$WORK/err") || fail "import todo.txt: $(cat "$WORK/err")"
expect_eq "$out" "Imported 8 items: 8 new" "todo.txt read"
expect_eq "$(cat "$WORK/err")" "" "nothing to warn"
T export --format json > "$WORK/txt.json" || fail "export json"
/usr/bin/python3 - "$WORK/txt.json" <<'PY' || fail "todo.txt fields"
import json, sys
items = {i["title"]: i for i in json.load(open(sys.argv[1]))}
def f(t, k): return items[t].get(k)
assert f("Thank Mom for the meatballs", "priority") == 1 and f("Thank Mom for the meatballs", "tags") == ["phone"], items
assert f("Schedule Goodwill pickup", "priority") == 5 and f("Schedule Goodwill pickup", "listName") == "GarageSale"
assert f("Post signs around the neighborhood", "listName") == "GarageSale"
assert f("Eskimo pies", "tags") == ["GroceryStore"]
mom = items["Call Mom"]
assert mom["created"].startswith("2011-03-02") and mom["deadline"] == "2026-12-03T09:00:00Z", mom
tim = items["Review Tim's pull request"]
assert tim["completed"].startswith("2011-03-02") and tim["created"].startswith("2011-03-01"), tim
assert tim["listName"] == "TodoTxtTouch" and tim["tags"] == ["github"] and tim["priority"] == 5, tim
assert "Learn how to add 2+2 rec:1w" in items, "other key:value kept"
assert "Email SoAndSo at soandso@example.com" in items, "an address is not a context"
PY
expect_eq "$(T import "$F/todo.txt")" "Imported 8 items: 8 unchanged" "the same file is the same items"

# ... and written: what export writes reads back with the same items.
T export --format todotxt > "$WORK/out.txt" || fail "export todotxt"
expect_match "$(cat "$WORK/out.txt")" '^\(A\) 2011-03-02 Call Mom due:2026-12-03 uuid:' "a line of todo.txt"
expect_match "$(cat "$WORK/out.txt")" "^x 2011-03-02 2011-03-01 Review Tim's pull request \+TodoTxtTouch @github pri:B uuid:" "a done line"
expect_eq "$(T import "$WORK/out.txt")" "Imported 8 items: 8 unchanged" "export read back: the same items"
expect_eq "$(T import "$WORK/out.txt" --file "$WORK/back.plist")" "Imported 8 items: 8 new"
expect_eq "$(T export --format todotxt --file "$WORK/back.plist")" "$(cat "$WORK/out.txt")" "the same lines again"

# A file no importer reads: one line naming the formats, not a parser's message; nothing written.
printf 'just some words\nand more\n' > "$WORK/notes.md"
head -c 64 /dev/zero > "$WORK/zeros.bin"
before=$(filesum)
for f in "$WORK/notes.md" "$WORK/zeros.bin"; do
  expect_fail T import "$f"
  expect_match "$LAST_ERR" "^error: $f: not a format import reads \(.*Taskwarrior.*todo\.txt.*\); nothing was imported$" "formats named"
done
expect_eq "$(filesum)" "$before" "nothing changed"
