# Issue 37 points 3-9: dates and the command line, on a Saturday morning
# (2026-11-28 08:08 UTC), as the new user typed them.
. "$HERE/lib.sh"
export TODO_TUI_NOW=2026-11-28T08:08:00Z
id=$(T add test --due tomorrow 2>/dev/null) || fail "add"
due() { T edit "$id" --due "$1" 2>&1 >/dev/null | head -1; }

# 3. A negative shift the help lists, as a separate word.
T edit "$id" --due "dec 10 9:00" 2>/dev/null >/dev/null
expect_eq "$(due -1w)" "Due Thu 9:00" "edit --due -1w (a week before Dec 10)"

# 4. A weekday with a time still ahead today is today; past, a week on.
expect_eq "$(due 'sat 18')" "Due today 18:00" "sat 18 on a Saturday morning"
expect_eq "$(due 'saturday')" "Due today 9:00" "saturday at 8:08"
expect_eq "$(due 'sat 8:00')" "Due Dec 5 8:00" "sat 8:00, already past: next Saturday"
expect_eq "$(due 'next sat 18')" "Due Dec 5 18:00" "next sat: unchanged"

# 5. Times and dates as people write them; a day the month does not have, said so.
expect_eq "$(due 17.30)" "Due today 17:30" "17.30"
expect_eq "$(due 5.30pm)" "Due today 17:30" "5.30pm"
expect_eq "$(due 'in 1.5h')" "Due today 9:38" "in 1.5h"
expect_eq "$(due 0900)" "Due today 9:00" "0900"
expect_eq "$(due 03.12.2026)" "Due Thu 9:00" "03.12.2026 is 3 December (dots: day first)"
expect_fail T edit "$id" --due 2027-02-30
expect_eq "$LAST_ERR" "error: cannot read '2027-02-30' as a time: February 2027 has 28 days" "a day February has not"
for r in "every other week" biweekly; do
  T edit "$id" --repeat "$r" >/dev/null 2>&1 || fail "--repeat '$r'"
  expect_match "$(T show "$id")" '^repeat: +biweekly$' "$r"
done

# 6. --due twice is refused; due: inside a quoted title is read; options after -- are said.
before=$(filesum)
expect_fail T add milk --due 1h --due 2h
expect_eq "$LAST_ERR" "error: --due given twice ('1h', then '2h'): give it once" "--due twice"
expect_eq "$(filesum)" "$before" "nothing written"
mum=$(T add "Call mum due:fri about Xmas" 2>"$WORK/err") || fail "due: in a quoted title"
expect_eq "$(cat "$WORK/err")" "Due Fri 9:00" "due: in the middle of a quoted title"
expect_match "$(T show "$mum")" '^title: +Call mum about Xmas$' "the rest is the title"
kg=$(T add -- "-5 kg by summer" --due none 2>"$WORK/err") || fail "add after --"
expect_match "$(cat "$WORK/err")" "^warning: the title has '--due none' after --, which ends the options; it was kept in the title" "said"

# 7. --tag none clears the tags, as none clears every other field.
T edit "$id" --tag home --tag garden >/dev/null 2>&1 || fail "tags"
T edit "$id" --tag none >/dev/null 2>&1 || fail "--tag none"
if T show "$id" | grep -q '^tags:'; then fail "--tag none left tags: $(T show "$id")"; fi
expect_fail T edit "$id" --tag ''
expect_match "$LAST_ERR" "--tag none clears them all" "the way to clear them named"

# 8. weekdays starts on a weekday; show says the rule in words; remind says the time as list does.
up=$(T add standup --repeat weekdays --due "tomorrow 9:30" 2>"$WORK/err") || fail "add weekdays"
expect_eq "$(cat "$WORK/err")" "Due Mon 9:30" "the first occurrence is Monday, not Sunday"
expect_match "$(T show "$up")" '^repeat: +weekdays$' "show: weekdays"
expect_match "$(T remind "$up" --in 30m)" ': today 8:38$' "remind: today 8:38"

# 9. An empty filter says which; --search; rows of several lists say their list.
T list --tag nosuch >/dev/null 2>"$WORK/err"
expect_eq "$(cat "$WORK/err")" "No pending items match --tag nosuch; no item has the tag #nosuch." "list --tag nosuch"
T edit "$mum" --tag family >/dev/null 2>&1
T list --tag famly >/dev/null 2>"$WORK/err"
expect_match "$(cat "$WORK/err")" "did you mean #family\?" "a near tag"
expect_eq "$(T list --search XMAS | sed 's/  */ /g')" "$(printf %s "${mum:0:8}" | tr A-F a-f) Fri 9:00 Call mum about Xmas #family" "list --search"
T lists add Work >/dev/null || fail "lists add"
T add report --list Work --due "mon 10:00" >/dev/null 2>&1 || fail "add to Work"
out=$(T list)
expect_match "$out" 'report  \[Work\]$' "a row of Work says so"
expect_match "$out" 'standup  \[Tasks\]$' "a row of the default list says so"
expect_eq "$(T list --list Work | grep -c '\[Work\]')" 0 "one list named: no word"
# The fast path (plain list) and the general one (--sort takes it) write the same rows.
expect_eq "$(T list --all)" "$(T list --all --sort due)" "both paths name the lists alike"
