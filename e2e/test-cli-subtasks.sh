# Subtasks from the command line (SPEC 9): add/edit --parent, list as a tree
# with the done count, complete and delete of a parent, cycles refused, show,
# and a cycle imported from a Tasks.org file broken with a warning.
. "$HERE/lib.sh"
export LC_ALL=C TZ=UTC TODO_TUI_NOW=2099-01-01T10:00:00Z
FIX="$HERE/../Tests/TodoCoreTests/ICal/Fixtures"

trip=$(T add Plan trip --due "2099-01-10 09:00") || fail "add parent"
hotel=$(T add Book hotel --parent "${trip:0:8}" --due "2099-01-02 09:00") || fail "add --parent"
pack=$(T add Pack --parent "${trip:0:8}" --due "2099-01-03 09:00") || fail "add second child"
socks=$(T add Buy socks --parent "${pack:0:8}" --due "2099-01-02 12:00") || fail "add grandchild"
T add Other --due "2099-01-05 09:00" >/dev/null || fail "add other"
s() { echo "${1:0:8}" | tr A-F a-f; }
expect_eq "$(T list | sed 's/^[0-9a-f]* *//')" "$(printf '%s\n' \
  'Mon 9:00        Other' \
  'Jan 10 9:00     Plan trip [0/2]' \
  'tomorrow 9:00     Book hotel' \
  'Sat 9:00          Pack [0/1]' \
  'tomorrow 12:00      Buy socks')" "list: children under their parent"
T list --json | /usr/bin/python3 -c '
import json, sys
items = {i["title"]: i for i in json.load(sys.stdin)}
assert items["Pack"]["parent"] == items["Plan trip"]["uid"], items["Pack"]
assert items["Plan trip"]["parent"] is None' || fail "list --json carries the parent"

# Completing a parent with open subtasks: refused, nothing changed; --with-children completes them.
before=$(filesum)
expect_fail T complete "$(s "$pack")"
expect_match "$LAST_ERR" "“Pack” has 1 open subtask; .*--with-children" "the refusal says what to do"
expect_fail T edit "$(s "$trip")" --parent "$(s "$socks")"
expect_match "$LAST_ERR" "cannot be a subtask of itself or of one of its own subtasks" "a cycle"
expect_fail T edit "$(s "$trip")" --parent "$(s "$trip")"
expect_fail T delete "$(s "$pack")"
expect_fail T delete "$(s "$pack")" --with-children --keep-children
expect_eq "$(filesum)" "$before" "refusals change nothing"
expect_eq "$(T complete "$(s "$pack")" --with-children)" "Completed 2 items" "--with-children"
expect_match "$(T list | grep 'Plan trip')" "Plan trip \[1/2\]$" "the done count"
expect_eq "$(T list --all | grep -c 'Buy socks')" 1 "done subtasks listed with --all"

# show: the parent and the subtasks.
out=$(T show "$(s "$socks")")
expect_match "$out" "parent: +$(s "$pack")  Pack" "show names the parent"
out=$(T show "$(s "$trip")")
expect_match "$out" "subtasks: 1/2 done" "show counts the subtasks"
expect_match "$out" "✓ $(s "$pack")  Pack" "show lists them"

# delete --keep-children moves them up; --with-children takes them.
T delete "$(s "$pack")" --keep-children >/dev/null || fail "delete --keep-children"
expect_match "$(T show "$(s "$socks")")" "parent: +$(s "$trip")  Plan trip" "moved up to the grandparent"
T edit "$(s "$socks")" --parent none >/dev/null || fail "edit --parent none"
expect_eq "$(T show "$(s "$socks")" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["parent"])')" \
  None "--parent none: top level"
T delete "$(s "$trip")" --with-children >/dev/null || fail "delete --with-children"
expect_eq "$(T list --all | grep -c -e 'Plan trip' -e 'Book hotel')" 0 "deleted with its subtasks"

# A file from Tasks.org: a subtask, and a task related to itself (a cycle), broken with a warning.
err=$(T import "$FIX/tasks-org-subtasks.ics" 2>&1 >/dev/null) || fail "import"
expect_match "$err" "^warning: subtasks in a cycle \(“Related to itself” → “Related to itself”\)" "the warning names it"
expect_match "$(T list | grep -A1 'Umzug von Google')" "   !!! Fehlende Alben finden" "the subtask under its parent"
expect_match "$(T list)" "  !!! Related to itself" "the cycle's item listed"
expect_eq "$(T import "$FIX/tasks-org-subtasks.ics" 2>&1 >/dev/null | grep -c cycle)" 0 "broken once: no warning again"

# Issue 33 point 8: a subtask lives in its parent's list (the parent in Work, no --list given).
T lists add Work >/dev/null && T lists add Home >/dev/null || fail "lists add"
report=$(T add Write report --list Work | tail -1)
draft=$(T add Draft --parent "$(s "$report")" | tail -1)
expect_eq "$(T list --list Work | grep -c -e 'Write report' -e 'Draft')" 2 "add --parent: in the parent's list"
expect_match "$(T list --list Work | grep 'Write report')" "\[0/1\]" "the parent counts its subtask in its list"
expect_fail T edit "$(s "$draft")" --list Home
expect_match "$LAST_ERR" \
  "^error: “Draft” is a subtask of “Write report” and lives in its list, “Work”" "a subtask moved alone: refused"
T edit "$(s "$report")" --list Home >/dev/null || fail "move the parent"
expect_eq "$(T list --list Home | grep -c -e 'Write report' -e 'Draft')" 2 "its subtask moved with it"
exit 0
