# Issue 25, a new user's second hour (the clierr part), through the real binary: what add and
# edit say they understood (points 6), the errors (7), the man page (9), sync
# for a beginner (11) and what import says (12).
. "$HERE/lib.sh"
export TODO_TUI_NOW=2026-11-25T10:00:00Z  # a Wednesday
field() { T list --all --json | /usr/bin/python3 -c 'import json,sys; print([i for i in json.load(sys.stdin) if i["id"].lower().startswith(sys.argv[1].lower())][0][sys.argv[2]])' "$1" "$2"; }

# 6. Into a pipe: stdout is the UUID alone, stderr says what was understood.
out=$(T add Pay rent due:tomorrow 2>"$WORK/err")
expect_match "$out" '^[0-9A-F-]{36}$' "stdout is the UUID alone"
expect_eq "$(cat "$WORK/err")" "Due tomorrow 9:00" "due:WHEN (Taskwarrior) is the deadline, said on stderr"
expect_eq "$(field "$out" title)" "Pay rent"
id=$(T add Buy milk due tomorrow 2>"$WORK/err")
expect_match "$(cat "$WORK/err")" "warning: the title ends with 'due tomorrow'.*--due 'tomorrow'" "a title ending like a date"
expect_match "$(cat "$WORK/err")" "Due today 11:00" "the default, said"
expect_eq "$(field "$id" title)" "Buy milk due tomorrow" "the title is kept"
id=$(T add Call the garage --due "fri 5" 2>"$WORK/err")
expect_eq "$(cat "$WORK/err")" "Due Fri 17:00" "fri 5 is 17:00, as monday 9 is 9:00"
id=$(T add Rendez-vous --due 17h 2>"$WORK/err")
expect_eq "$(cat "$WORK/err")" "Due today 17:00" "17h is 17:00"
for w in "in a week" "next month" "in 1 month" weekend yesterday; do
  T add "form $w" --due "$w" >/dev/null 2>&1 || fail "--due '$w' refused"
done
expect_eq "$(T add x --due "next friday" 2>&1 >/dev/null)" "Due Dec 4 9:00" "next friday on a Wednesday: next week's"
T edit "$id" --due +1d >/dev/null 2>"$WORK/err" || fail "edit +1d"
expect_eq "$(cat "$WORK/err")" "Due tomorrow 17:00" "+1d postpones from the deadline"
T edit "$id" --title "Rendez-vous chez le garagiste" >/dev/null 2>"$WORK/err" || fail "edit --title"
expect_eq "$(cat "$WORK/err")" "" "an edit of the title says nothing of the deadline"
T edit "$id" --due none >/dev/null 2>"$WORK/err" || fail "edit --due none"
expect_eq "$(cat "$WORK/err")" "No deadline (someday)"
TODO_TUI_NOW=2026-11-25T18:00:00Z T add late --due eod 2>"$WORK/err" >/dev/null
expect_eq "$(cat "$WORK/err")" "Due tomorrow 17:00" "eod after 17:00 is not in the past"

# 7. Errors: one short line, did you mean, exit 64 for every usage error.
before=$(filesum)
expect_fail T add x --due tomorow
expect_match "$LAST_ERR" "did you mean 'tomorrow'\?" "did you mean for a date"
[ ${#LAST_ERR} -lt 220 ] || fail "a bad --due is ${#LAST_ERR} characters"
expect_eq "$(T add x --due tomorow 2>/dev/null; echo $?)" 64 "a bad value exits 64"
expect_eq "$(T remind "$id" --in forever 2>/dev/null; echo $?)" 64 "a bad duration exits 64"
expect_eq "$(T add x --repeat sometimes 2>/dev/null; echo $?)" 64 "a bad rule exits 64"
expect_fail T help nope
expect_eq "$(T help nope 2>/dev/null; echo $?)" 64 "help nope"
expect_fail T add x -d tomorrow
expect_match "$LAST_ERR" "did you mean '--due'" "-d suggests --due"
expect_eq "$(filesum)" "$before" "nothing changed on disk"

# 7. TODO_TUI_NOTIFY with arguments: named as such, not "not installed".
T add overdue --due 2020-01-01 >/dev/null 2>&1
TODO_TUI_NOTIFY="notify-send -u low" timeout 3 "$TODO_BIN" daemon >/dev/null 2>"$WORK/daemon.err"
expect_match "$(cat "$WORK/daemon.err")" "names one executable, without arguments" "the notify command's contract"
grep -q "not installed" "$WORK/daemon.err" && fail "said not installed: $(cat "$WORK/daemon.err")"

# 9. The man page has the date grammar, the keys, TODO_TUI_VDIR and the notify contract.
/usr/bin/python3 "$HERE/../scripts/manpage.py" "$TODO_BIN" >"$WORK/todo-tui.1" || fail manpage
for s in '^\.SH DATES' '^\.SH KEYS' 'TODO_TUI_VDIR' '^\.SH NOTIFY COMMAND' 'next friday' 'summary bubble'; do
  grep -q -- "$s" "$WORK/todo-tui.1" || fail "the man page lacks $s"
done

# 11. Sync: a relative --file; a missing vdir refused unless --create; a broken .ics named once.
mkdir -p "$WORK/rel" && cd "$WORK/rel"
T add "rel item" --file todos.plist --due 2099-01-01 >/dev/null 2>&1 || fail "add with a relative --file"
expect_fail T sync --file todos.plist --vdir vdri
expect_match "$LAST_ERR" "no vdir at .*/vdri .*--create" "a mistyped vdir is refused"
[ ! -e vdri ] || fail "the mistyped vdir was created"
T sync --file todos.plist --vdir vdir --create >/dev/null 2>"$WORK/err" || fail "sync, relative --file: $(cat "$WORK/err")"
printf 'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:broken\r\nSUMMARY:x\r\nDUE:notadate\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' >vdir/zz.ics
T sync --file todos.plist --vdir vdir >/dev/null 2>"$WORK/err"
warn=$(grep "zz.ics" "$WORK/err")
expect_eq "$(printf '%s' "$warn" | grep -o 'zz.ics' | wc -l)" 1 "the broken file is named once"
grep -q "nothing was imported" "$WORK/err" && fail "sync says nothing was imported: $warn"
cd "$WORK"

# 12. Import: what changed, in words; a Taskwarrior export.
rm -f "$WORK/i.plist"
T export --format ics >"$WORK/all.ics"
n=$(grep -c BEGIN:VTODO "$WORK/all.ics")
expect_eq "$(T import --file "$WORK/i.plist" "$WORK/all.ics")" "Imported $n items: $n new"
expect_eq "$(T import --file "$WORK/i.plist" "$WORK/all.ics")" "Imported $n items: $n unchanged" "the same file again"
# A change time beyond now counts as now, and now is TODO_TUI_NOW as for every other time of the
# command: import used the real clock, so a file stamped between the two said "1 updated" the
# second time whenever the real second moved on between the two imports.
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:later-1\r\nDTSTAMP:20261125T120000Z\r\nLAST-MODIFIED:20261125T120000Z\r\nSUMMARY:stamped later\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' >"$WORK/later.ics"
T import --file "$WORK/later.plist" "$WORK/later.ics" >/dev/null
expect_eq "$(T show --file "$WORK/later.plist" later-1 --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["modified"])')" \
  "2026-11-25T10:00:00Z" "an import's change time beyond TODO_TUI_NOW counts as TODO_TUI_NOW"
expect_eq "$(T import --file "$WORK/later.plist" "$WORK/later.ics")" "Imported 1 item: 1 unchanged" "the stamped-later file again"
mkdir -p "$WORK/one" && T sync --file "$WORK/i.plist" --vdir "$WORK/one" --create >/dev/null 2>&1
T export --file "$WORK/i.plist" --format ics >"$WORK/one/export.ics"  # the same items again: said 2n
expect_eq "$(T import --file "$WORK/fresh.plist" "$WORK/one")" "Imported $n items: $n new" "a folder counts each item once"
T add solo --file "$WORK/solo.plist" --due 2099-01-01 >/dev/null 2>&1
T export --file "$WORK/solo.plist" --format json >"$WORK/solo.json"
expect_eq "$(T import --file "$WORK/s2.plist" "$WORK/solo.json")" "Imported 1 item: 1 new" "one item, not 1 items"
cat >"$WORK/task.json" <<'JSON'
[{"id":1,"description":"Pay rent","due":"20261201T090000Z","entry":"20261120T100000Z","status":"pending","uuid":"5f1c9a2e-0b1d-4c3a-9e2f-6a7b8c9d0e1f","urgency":8.9},
{"id":0,"description":"Call mum","end":"20261122T180000Z","entry":"20261120T100000Z","status":"completed","uuid":"6a2d0b3f-1c2e-4d4b-8f30-7b8c9d0e1f20"}]
JSON
expect_eq "$(T import --file "$WORK/tw.plist" "$WORK/task.json")" "Imported 2 items: 2 new" "task export"
expect_eq "$(T list --file "$WORK/tw.plist" --json | /usr/bin/python3 -c 'import json,sys; print(" / ".join(i["title"] + " " + str(i["deadline"]) for i in json.load(sys.stdin)))')" \
  "Pay rent 2026-12-01T09:00:00Z" "the pending task, its deadline"
exit 0
