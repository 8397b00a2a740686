# Lists (SPEC 9) from the command line: a file of today opens in Tasks; lists,
# lists add/rename/delete, --list on add, edit and list, TODO_TUI_LIST, show,
# the JSON; an unknown name is one error line naming the lists; the badge and
# the fast paths cover every list.
. "$HERE/lib.sh"
export LC_ALL=C TZ=UTC TODO_TUI_NOW=2099-01-01T08:00:00Z

old=$(T add Milk --due "2099-01-01 07:00") || fail "add in a file of today"
before=$(filesum)
expect_eq "$(T lists)" "* Tasks  1 pending" "a file of today: one list, Tasks"
expect_eq "$(filesum)" "$before" "listing the lists writes nothing"
expect_eq "$(T lists add Work --color '#336699')" "Added the list “Work”" "lists add"
expect_fail T lists add work
expect_fail T lists add Bad --color blue

w=$(T add Report --list work --due "2099-01-01 07:30") || fail "add --list (any case)"
export TODO_TUI_LIST=Work
e=$(T add Email --due "2099-01-02 09:00") || fail "add into TODO_TUI_LIST"
unset TODO_TUI_LIST
expect_eq "$(T lists)" "$(printf '* Tasks  1 pending\n  Work   2 pending')" "counts per list"
expect_match "$(T show "${w:0:8}")" "list: +Work" "show names the list"
expect_eq "$(T list --list Work | wc -l)" 2 "list --list: one list"
expect_eq "$(T list | wc -l)" 3 "list: every list"
expect_eq "$(T badge)" 2 "the badge counts every list"

before=$(filesum)
out=$(T add X --list Wrok 2>&1 >/dev/null); expect_fail T add X --list Wrok
expect_eq "$out" "error: no list 'Wrok'; did you mean 'Work'? (the lists: Tasks, Work)" "an unknown list"
TODO_TUI_LIST=Nope T add X 2>/dev/null && fail "an unknown TODO_TUI_LIST is refused"
expect_fail T list --list Nope
expect_fail T lists delete Work
expect_fail T lists rename Work Tasks
expect_eq "$(filesum)" "$before" "refusals change nothing"

T edit "${old:0:8}" --list Work >/dev/null || fail "edit --list moves"
T lists rename Work Job >/dev/null || fail "rename"
expect_eq "$(T lists)" "$(printf '* Tasks  0 pending\n  Job    3 pending')" "a rename moves nothing"
T list --json --list Job > j.json || fail "list --json"
T export --format json > x.json || fail "export json"
/usr/bin/python3 - j.json x.json <<'PY' || fail "the JSON carries the list"
import json, sys
j = json.load(open(sys.argv[1])); x = json.load(open(sys.argv[2]))
assert len(j) == 3 and all(i["list"] == "work" for i in j), j
assert all(i["list"] == "work" for i in x), x
PY
# lists --json: one array, each list's id (what an item's "list" holds), name, color (or
# null), pending and completed counts and whether add uses it; show --json names the list.
T lists --json > l.json || fail "lists --json"
TODO_TUI_LIST=job T lists --json > l2.json || fail "lists --json with TODO_TUI_LIST"
expect_eq "$(TODO_TUI_LIST=Job T lists)" "$(printf '  Tasks  0 pending\n* Job    3 pending')" "* marks the list add uses"
T show --json "${w:0:8}" > s.json || fail "show --json"
/usr/bin/python3 - <<'PY' || fail "lists --json and show --json"
import json
l, l2 = json.load(open("l.json")), json.load(open("l2.json"))
assert l == [{"id": "tasks", "name": "Tasks", "color": None, "pending": 0, "completed": 0, "default": True},
             {"id": "work", "name": "Job", "color": "#336699", "pending": 3, "completed": 0, "default": False}], l
assert [x["default"] for x in l2] == [False, True], l2
s = json.load(open("s.json"))
assert (s["list"], s["listName"], s["listColor"], s["title"]) == ("work", "Job", "#336699", "Report"), s
PY
one=$(TODO_TUI_FILE=$PWD/c.plist T add One) && TODO_TUI_FILE=$PWD/c.plist T add Two >/dev/null || fail "add"
TODO_TUI_FILE=$PWD/c.plist T complete "${one:0:8}" >/dev/null || fail "complete One"
expect_eq "$(TODO_TUI_FILE=$PWD/c.plist T lists --json | tr -d ' \n')" \
  '[{"color":null,"completed":1,"default":true,"id":"tasks","name":"Tasks","pending":1}]' "the counts of a new file"
# Issue 27: an export imported into a new file keeps the lists (JSON and plist).
T export > x.plist || fail "export plist"
for f in x.json x.plist; do
  TODO_TUI_FILE=$PWD/new-$f.plist T import $f >/dev/null || fail "import $f into a new file"
  expect_eq "$(TODO_TUI_FILE=$PWD/new-$f.plist T lists)" "$(printf '* Tasks  0 pending\n  Job    3 pending')" \
    "import $f keeps the lists"
  expect_eq "$(TODO_TUI_FILE=$PWD/new-$f.plist T list --list Job | wc -l)" 3 "import $f: list --list Job"
done
T edit "${old:0:8}" --list tasks >/dev/null || fail "back to the default list"
expect_eq "$(T list --list Tasks | wc -l)" 1 "back in Tasks"
expect_eq "$(T lists delete Job --with-items)" "Deleted the list “Job” and its 2 items" "delete --with-items"
expect_eq "$(T lists)" "* Tasks  1 pending" "one list left"
expect_fail T lists delete Tasks
T --generate-completion-script bash | grep -q lists || fail "the completion knows lists"

# Issue 33 point 3: `sync --vdir DIR --create` lays the new folder out as an empty one is
# (one sub-folder a list), not flat; `edit --list` then moves the item's file.
export TODO_TUI_FILE=$PWD/create.plist
T add Paint the fence >/dev/null && T lists add Work >/dev/null || fail "lists for --create"
T add Write report --list Work >/dev/null || fail "add to Work"
T sync --vdir "$PWD/made" --create >/dev/null || fail "sync --create"
expect_eq "$(cd made && ls)" "$(printf 'tasks\nwork')" "--create: a sub-folder a list"
expect_eq "$(cat made/work/displayname)" "Work" "the list's name in its folder"
paint=$(T list --json | /usr/bin/python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["title"]=="Paint the fence"][0])')
T edit "${paint:0:8}" --list Work >/dev/null || fail "edit --list"
expect_match "$(T sync --vdir "$PWD/made")" "updated" "the move synced"
expect_eq "$(ls made/tasks | grep -c '\.ics$')" 0 "no file left in Tasks"
expect_eq "$(ls made/work | grep -c '\.ics$')" 2 "both in Work"
# list --json and show --json name each item's list (issue 33 point 10).
expect_eq "$(T list --json | /usr/bin/python3 -c 'import json,sys; print("|".join(i["listName"] for i in json.load(sys.stdin)))')" \
  "Work|Work" "list --json names the list"
expect_eq "$(T show "${paint:0:8}" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["listName"])')" \
  "Work" "show --json names the list"
export TODO_TUI_FILE=$PWD/one.plist
T add Alone >/dev/null
expect_eq "$(T list --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["listName"])')" "Tasks" \
  "the default list of a file that names none"
exit 0
