# Bad input: one `error:` line, a non-zero exit, nothing changed on disk.
. "$HERE/lib.sh"

id=$(T add "keep me" --due 2099-01-01) || fail add
before=$(filesum)

expect_fail T add "x" --due "someday"
expect_match "$LAST_ERR" "Try: now, in 2h, 17:00.*--help lists every form" "a bad WHEN names a few forms, in one line"
expect_fail T add "" --due 2099-01-01
expect_fail T add $'bell\a' --due 2099-01-01
expect_match "$LAST_ERR" "control character"
expect_fail T add "$(printf 'x%.0s' $(seq 1 201))" --due 2099-01-01
expect_match "$LAST_ERR" "limit is 200"
expect_fail T add
expect_match "$LAST_ERR" "title" "usage errors name what was expected"
expect_fail T complete
expect_fail T complete ffff
expect_match "$LAST_ERR" "no item matches 'ffff'"
expect_fail T complete abc
expect_match "$LAST_ERR" "at least 4"
expect_fail T complete "$id" ffff
expect_match "$LAST_ERR" "ffff" "one bad id fails the whole command"
expect_fail T remind "$id" --in "forever"
expect_match "$LAST_ERR" "duration"
expect_fail T edit "$id"
expect_match "$LAST_ERR" "--title or --due"
expect_fail T edit "$id" --due "yesterday-ish"
expect_fail T delete
expect_fail T export --format docx
expect_fail T import "$WORK/does-not-exist.plist"
printf 'not a plist' > "$WORK/bad-import.plist"
expect_fail T import "$WORK/bad-import.plist"
expect_match "$LAST_ERR" "bad-import.plist.*nothing was imported" "the import error names the file"
expect_fail T frobnicate
expect_eq "$(filesum)" "$before" "nothing changed on disk"
expect_eq "$(T list --all | wc -l)" 1

# Ambiguous prefixes.
for i in $(seq 1 40); do T add "n$i" --due 2099-01-01 >/dev/null || fail add; done
first=$(T list --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
before=$(filesum)
# Find a 4-char prefix shared by two ids, if any; otherwise test a single-char overlap via the shortest common prefix.
amb=$(T list --json | /usr/bin/python3 -c '
import json,sys,collections
ids=[i["id"] for i in json.load(sys.stdin)]
c=collections.Counter(i[:4] for i in ids)
print(next((k for k,v in c.items() if v>1), ""))')
if [ -n "$amb" ]; then expect_fail T complete "$amb"; expect_match "$LAST_ERR" "matches [0-9]+ items"; fi
expect_eq "$(filesum)" "$before"

# The 64-slot limit (SPEC 5): the 65th future notification is not refused; it
# is added, waits for a slot (said once, on stderr), and takes one as it frees.
rm -f "$TODO_TUI_FILE"
for i in $(seq 1 64); do T add "slot $i" --due "2099-01-01T00:$(printf %02d $((i % 60))):00Z" >/dev/null || fail "add $i"; done
late=$(T add "slot 65" --due 2099-02-01 2>"$WORK/.note") || fail "the 65th add was refused: $(cat "$WORK/.note")"
expect_match "$(cat "$WORK/.note")" "^note: waits for a slot: 64 sooner notifications are scheduled$" "add past 64 says it waits"
expect_eq "$(T pending | tail -n 1)" "64/64 scheduled · 1 waiting" "pending counts what waits"
some=$(T list --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
out=$(T remind "$some" --in 30000d 2>"$WORK/.note") || fail "remind past 64 was refused: $(cat "$WORK/.note")"
expect_match "$out" "^Reminder set for" "remind past 64"
expect_match "$(cat "$WORK/.note")" "^note: waits for a slot: 64 sooner notifications are scheduled$" "remind past 64 says it waits"
expect_eq "$(T pending | tail -n 1)" "64/64 scheduled · 2 waiting" "never more than 64 scheduled"
T add "overdue needs no slot" --due 2020-01-01 >/dev/null 2>"$WORK/.note" || fail "past deadline refused"
expect_eq "$(grep -c '^note:' "$WORK/.note")" 0 "a past deadline waits for nothing"
T complete "$some" >/dev/null || fail complete
expect_eq "$(T pending | tail -n 1)" "64/64 scheduled" "a freed slot is taken by what waited"
T pending | grep -qi "  ${late:0:8}  " || fail "the 65th now holds a slot"

# A corrupt data file: one error line naming the file, never overwritten.
printf '<?xml version="1.0"?><plist><dict><key>todoItems</key><dict>' > "$TODO_TUI_FILE"
before=$(filesum)
expect_fail T list
expect_match "$LAST_ERR" "$TODO_TUI_FILE"
expect_match "$LAST_ERR" "property list parser"
expect_fail T add "x" --due 2099-01-01
expect_eq "$(filesum)" "$before" "corrupt file untouched"
exit 0
