# Undo, several levels: complete, delete (after y), edit, add; u brings each back.
# Lists (SPEC 9): a list added in L's picker and one deleted there with its
# item; u brings the list back with its item whole, U deletes them again.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Alpha" --due "in 1h" >/dev/null
T add "Bravo" --due "in 2h" >/dev/null
T add "Charlie" --due "in 3h" >/dev/null
tui_start 80 24
wait_screen '3/64 scheduled'
keys c
wait_screen 'Completed “Alpha”'
wait_gone '^ Alpha '
keys d
wait_screen 'Delete “Bravo”\? \(y/n\)'
keys n
wait_screen 'Not deleted'
keys d
wait_screen 'Delete “Bravo”'
keys y
wait_screen 'Deleted “Bravo”'
wait_gone '^ Bravo '
keys e
wait_screen 'Edit item'
keys End
type_text " renamed"
keys Enter Enter
wait_screen '^ Charlie renamed '
expect_eq "$(T list | wc -l)" "1" "one pending item"
keys u
wait_screen '^ Charlie +(today|tomorrow) '
keys u
wait_screen '^ Bravo '
keys u
wait_screen '^ Alpha '
wait_screen 'Undid: Completed “Alpha”'
expect_eq "$(T list | awk '{print $NF}' | tr '\n' ' ')" "Alpha Bravo Charlie " "all three back in the file"
keys u
wait_screen 'Nothing to undo'

T lists add Work >/dev/null || fail "lists add"
T add "Delta" --list Work --due "in 4h" --note "the whole note" --tag office >/dev/null || fail "add --list"
wait_screen 'Todo List · All lists'
wait_screen '^ Delta '
keys L
wait_screen '│ Work +1 │'
keys a
wait_screen 'New list:'
type_text "Errands"
keys Enter
wait_screen '│ Errands +0 │'
expect_match "$(T lists)" "Errands" "the list added in the app"
keys Escape u
wait_screen 'Undid: Added the list “Errands”'
expect_eq "$(T lists | grep -c Errands)" 0 "u takes the list back"
delta=$(T list --json | /usr/bin/python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["title"] == "Delta"][0])')
T show --json "$delta" > before.json || fail "show --json"
keys L
wait_screen '│ Work +1 │'
keys Down Down d
wait_screen 'Delete the list “Work” and its 1 item\? \(y/n\)'
keys y
wait_screen 'Deleted the list “Work” and its 1 item'
wait_gone '^ Delta '
expect_eq "$(T lists | grep -c Work)" 0 "the list deleted"
expect_eq "$(T list | grep -c Delta)" 0 "its item deleted"
keys Escape u
wait_screen 'Undid: Deleted the list “Work” and its 1 item'
wait_screen '^ Delta '
expect_match "$(T lists)" "Work +1 pending" "u brings the list back with its item"
T show --json "$delta" > after.json || fail "show --json after the undo"
/usr/bin/python3 - <<'PY' || fail "the item back whole"
import json
b, a = json.load(open("before.json")), json.load(open("after.json"))
for k in ("modified", "sequence"): b.pop(k, None); a.pop(k, None)
assert a == b, (b, a)
assert a["listName"] == "Work" and a["note"] == "the whole note" and a["tags"] == ["office"], a
PY
keys U
wait_screen 'Redid: Deleted the list “Work”'
wait_gone '^ Delta '
expect_eq "$(T lists | grep -c Work)" 0 "U deletes it again"
exit 0
