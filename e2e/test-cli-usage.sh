# The command line of SPEC 2 as a newcomer types it (issue 18): title words
# joined, options anywhere, --file before the command, -- before a title that
# starts with a dash, reopen, list --completed, several IDs, ambiguous IDs
# named, did-you-mean, exit statuses 0/1/64, [] for an empty JSON list.
. "$HERE/lib.sh"

# rc_of CMD…: the exit status (stdout and stderr kept in $WORK/.out, $WORK/.err)
rc_of() { "$@" >"$WORK/.out" 2>"$WORK/.err"; echo $?; }
titles() { T list --json "$@" | /usr/bin/python3 -c 'import json,sys; print("|".join(i["title"] for i in json.load(sys.stdin)))'; }

# An empty list in JSON is [] (it was "[", a blank line, "]").
expect_eq "$(T list --json)" "[]" "empty list --json"
expect_eq "$(T list --completed --json)" "[]" "empty list --completed --json"

# Title words are joined; options may come anywhere.
T add Buy milk --due 2h >/dev/null || fail "add Buy milk --due 2h"
T add --due 2099-01-03 Call   the bank >/dev/null || fail "options first"
T add Water --due 2099-01-04 the plants >/dev/null || fail "option in the middle"
expect_eq "$(titles)" "Buy milk|Call the bank|Water the plants" "titles joined with single spaces"

# After --, everything is title, dashes and all.
T add --due 2099-01-05 -- -5 degrees outside >/dev/null || fail "-- -5 degrees"
T add --due 2099-01-06 -- --verbose is not an option --due 2099-01-07 >/dev/null || fail "-- --verbose"
expect_match "$(titles)" "\|-5 degrees outside\|" "title starting with a dash"
expect_match "$(titles)" "\|--verbose is not an option --due 2099-01-07$" "after -- options are title words"

# --file before the command name, in both spellings.
T --file "$WORK/b.plist" add elsewhere --due 2099-01-01 >/dev/null || fail "--file before add"
T --file="$WORK/b.plist" add there too --due 2099-01-02 >/dev/null || fail "--file= before add"
expect_eq "$(titles --file "$WORK/b.plist")" "elsewhere|there too" "--file before the command"
expect_eq "$(T --file "$WORK/b.plist" list | wc -l)" 2 "--file before list"
expect_eq "$(titles | tr '|' '\n' | grep -c elsewhere)" 0 "TODO_TUI_FILE untouched"

# complete, delete and reopen take several IDs; list --completed shows only those.
ids=$(T list --json | /usr/bin/python3 -c 'import json,sys; print(" ".join(i["id"][:8] for i in json.load(sys.stdin)))')
set -- $ids
T complete "$1" "$2" >/dev/null || fail "complete two ids"
expect_eq "$(titles --completed)" "Buy milk|Call the bank" "list --completed"
expect_eq "$(T list --completed | wc -l)" 2 "list --completed, human"
expect_eq "$(titles)" "Water the plants|-5 degrees outside|--verbose is not an option --due 2099-01-07" "pending after complete"
expect_eq "$(rc_of T reopen "$1" "$2")" 0 "reopen two ids"
expect_eq "$(titles --completed)" "" "reopened items are not completed"
expect_eq "$(titles)" "Buy milk|Call the bank|Water the plants|-5 degrees outside|--verbose is not an option --due 2099-01-07" "reopened items pending again"
T delete "$4" "$5" >/dev/null || fail "delete two ids"
expect_eq "$(titles)" "Buy milk|Call the bank|Water the plants" "delete two ids"
expect_eq "$(rc_of T list --all --completed)" 64 "--all with --completed is a usage error"

# An ID prefix that fits several items: exit 1, naming the candidates.
/usr/bin/python3 - "$WORK/amb.plist" <<'PY'
import plistlib, sys, datetime
d = datetime.datetime(2099, 2, 1, 9, 0)
items = {u: {"UUID": u, "title": t, "deadline": d} for u, t in [
  ("AAAA0001-0000-4000-8000-000000000001", "first twin"),
  ("AAAA0002-0000-4000-8000-000000000002", "second twin")]}
plistlib.dump({"todoItems": items}, open(sys.argv[1], "wb"))
PY
T import "$WORK/amb.plist" >/dev/null || fail "import twins"
before=$(filesum)
expect_eq "$(rc_of T complete aaaa)" 1 "ambiguous prefix exit status"
expect_eq "$(wc -l < "$WORK/.err")" 1 "one error line"
expect_match "$(cat "$WORK/.err")" "^error: .*aaaa0001.*aaaa0002" "the candidates are named"
expect_eq "$(filesum)" "$before" "nothing changed"
expect_eq "$(rc_of T complete aaaa0002)" 0 "a longer prefix is unique"

# did-you-mean for commands and options, exit 64.
expect_eq "$(rc_of T lsit)" 64 "mistyped command exit status"
expect_eq "$(cat "$WORK/.err")" "error: unknown command 'lsit'; did you mean 'list'?" "did you mean list"
expect_eq "$(rc_of T --file "$WORK/b.plist" compelte x)" 64 "mistyped command after --file"
expect_eq "$(cat "$WORK/.err")" "error: unknown command 'compelte'; did you mean 'complete'?"
expect_eq "$(rc_of T frobnicate)" 64 "unknown command"
expect_match "$(cat "$WORK/.err")" "^error: unknown command 'frobnicate' \(commands: add, list," "unknown command lists the commands"
expect_eq "$(rc_of T list --jsno)" 64 "mistyped option exit status"
expect_eq "$(cat "$WORK/.err")" "error: unknown option '--jsno'; did you mean '--json'?" "did you mean --json"
expect_eq "$(rc_of T add x --deu 2h)" 64 "mistyped option of add"
expect_eq "$(cat "$WORK/.err")" "error: unknown option '--deu'; did you mean '--due'?"
expect_eq "$(rc_of T --fiel "$WORK/b.plist" list)" 64 "mistyped option before the command"
expect_eq "$(cat "$WORK/.err")" "error: unknown option '--fiel'; did you mean '--file'?"
expect_eq "$(rc_of T sync conflict)" 64 "mistyped subcommand exit status"
expect_eq "$(cat "$WORK/.err")" "error: unknown command 'sync conflict'; did you mean 'sync conflicts'?"
expect_eq "$(rc_of T sync stauts)" 64 "mistyped subcommand status"
expect_eq "$(cat "$WORK/.err")" "error: unknown command 'sync stauts'; did you mean 'sync status'?"
expect_eq "$(rc_of T add)" 64 "a missing title is a usage error"
expect_eq "$(rc_of T complete ffff)" 1 "no such item is a failure, not usage"

# --help states the exit statuses.
help=$(T --help) || fail "--help"
expect_match "$help" "EXIT STATUS" "--help has an exit status section"
expect_match "$help" "0 +success" "exit 0 in --help"
expect_match "$help" "1 +failure" "exit 1 in --help"
expect_match "$help" "64 +usage error" "exit 64 in --help"
expect_match "$help" "reopen" "reopen in the command list"
exit 0
