# The commands of SPEC 2 on a fresh file: add, list, complete, remind, edit,
# delete, badge, pending, export; output formats and exit codes.
. "$HERE/lib.sh"
export LC_ALL=C  # a 24-hour clock (test-cli-list covers the 12-hour one)

id1=$(T add "Pay rent & <deposit>" --due "2099-01-02 09:00") || fail "add"
expect_match "$id1" '^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$' "add prints a UUID"
id2=$(T add "Overdue thing" --due "2020-01-01") || fail "add overdue"
id3=$(T add "Zoë 生日快乐" --due "2099-03-01T10:30") || fail "add"
[ "$(stat -c %a "$TODO_TUI_FILE")" = 600 ] || fail "mode 0600"

out=$(T list)
expect_eq "$(printf '%s\n' "$out" | wc -l)" 3 "list lines"
expect_match "$(printf '%s\n' "$out" | sed -n 1p)" "^$(echo "${id2:0:8}" | tr A-F a-f)  ! Jan 1 2020 9:00 +Overdue thing$" "overdue first, marked"
expect_match "$(printf '%s\n' "$out" | sed -n 2p)" "  Jan 2 2099 9:00 +Pay rent & <deposit>$" "second by deadline"
expect_match "$(printf '%s\n' "$out" | sed -n 3p)" "  Mar 1 2099 10:30 +Zoë 生日快乐$"
expect_eq "$(T badge)" 1 badge

# JSON: one document, the fields of SPEC 2, dates with an offset.
T list --json > list.json
/usr/bin/python3 - "$id1" "$id2" <<'PY' || fail "list --json"
import json, sys
items = json.load(open("list.json"))
assert [i["title"] for i in items] == ["Overdue thing", "Pay rent & <deposit>", "Zoë 生日快乐"], items
by = {i["id"]: i for i in items}
a, b = by[sys.argv[1]], by[sys.argv[2]]
for k in ["id", "title", "deadline", "overdue", "completed", "reminder", "scheduled"]:
    assert k in a, k
assert a["deadline"] == "2099-01-02T09:00:00Z" and a["overdue"] is False and a["scheduled"] is True
assert b["overdue"] is True and b["scheduled"] is False and b["completed"] is None and b["reminder"] is None
PY

# Prefix ids in any case; remind keeps the deadline.
short=$(echo "${id1:0:6}" | tr A-F a-f)
T remind "$short" --in 45m >/dev/null || fail "remind"
T list --json | /usr/bin/python3 -c '
import json,sys,datetime as dt
i=[x for x in json.load(sys.stdin) if x["title"].startswith("Pay")][0]
assert i["deadline"]=="2099-01-02T09:00:00Z", i
r=dt.datetime.fromisoformat(i["reminder"].replace("Z","+00:00"))
d=(r-dt.datetime.now(dt.timezone.utc)).total_seconds()
assert 44*60 < d <= 45*60+5, d' || fail "reminder in 45 minutes, deadline unchanged"
T pending --json | /usr/bin/python3 -c '
import json,sys
p=json.load(sys.stdin)
k=[(n["kind"],n["title"],n["badge"]) for n in p["notifications"]]
assert k==[("reminder","Pay rent & <deposit>",1),("deadline","Pay rent & <deposit>",2),("deadline","Zoë 生日快乐",3)], k
assert p["unscheduled"]==0' || fail "pending --json"

T edit "${id3:0:8}" --title "Zoë's party" --due "2099-03-02 11:00" >/dev/null || fail edit
expect_match "$(T list)" "Mar 2 2099 11:00  Zoë's party"

T complete "$id2" >/dev/null || fail complete
expect_eq "$(T badge)" 0 "badge after complete"
expect_eq "$(T list | wc -l)" 2 "completed items leave list"
expect_eq "$(T list --all | wc -l)" 3 "list --all keeps them"
expect_match "$(T list --all)" "✓ +Jan 1 2020"

T delete "$id3" >/dev/null || fail delete
expect_eq "$(T list --all | wc -l)" 2 "delete removes for good"

# Export: a plist that parses back equal, JSON, iCalendar.
T export --format plist > out.plist
/usr/bin/python3 -c '
import plistlib
d=plistlib.load(open("out.plist","rb"))
assert d["formatVersion"]==1 and len(d["todoItems"])==2
t=sorted(v["title"] for v in d["todoItems"].values())
assert t==["Overdue thing","Pay rent & <deposit>"], t' || fail "export plist"
T export --format json | /usr/bin/python3 -c 'import json,sys; assert len(json.load(sys.stdin))==2' || fail "export json"
T export --format ics | grep -q "BEGIN:VTODO" || fail "export ics"

# --file beats TODO_TUI_FILE.
T add "elsewhere" --due 2099-01-01 --file "$WORK/other.plist" >/dev/null || fail "--file"
expect_eq "$(T list --file "$WORK/other.plist" | wc -l)" 1 "--file"
expect_eq "$(T list --all | wc -l)" 2 "TODO_TUI_FILE untouched"

# A title that starts with --.
T add --due 2099-01-01 -- "--not-an-option" >/dev/null || fail "title starting with --"
expect_match "$(T list)" "  --not-an-option$"

# The default file lives under XDG_DATA_HOME.
( unset TODO_TUI_FILE; XDG_DATA_HOME="$WORK/xdg" T add "xdg" --due 2099-01-01 >/dev/null ) || fail "xdg add"
[ -f "$WORK/xdg/todo-tui/todos.plist" ] || fail "default path under XDG_DATA_HOME"
[ "$(stat -c %a "$WORK/xdg/todo-tui")" = 700 ] || fail "folder 0700"
exit 0
