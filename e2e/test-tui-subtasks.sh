# Subtasks in the full-screen app (SPEC 9), the real binary in tmux: children
# indented under their parent with [done/all], z folds, A adds a child, a on a
# child a sibling, completing a parent with open subtasks asks, deleting one
# asks what becomes of them; a subtask added from the CLI meanwhile shows.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
trip=$(T add "Plan the trip" --due "in 5h" 2>/dev/null)
T add "Book the hotel" --parent "${trip:0:8}" --due "in 1h" >/dev/null 2>&1
T add "Water the plants" --due "in 2h" >/dev/null 2>&1
tui_start 80 24
wait_screen '^ Plan the trip \[0/1\] '
wait_screen '^   Book the hotel '
# The CLI adds a second subtask: it shows under the parent within a second.
T add "Pack the bags" --parent "${trip:0:8}" --due "in 3h" >/dev/null 2>&1
wait_screen '^ Plan the trip \[0/2\] '
wait_screen '^   Pack the bags '
# Select the parent (the rows: Water, Plan, Book, Pack), fold it, unfold it.
keys g j
keys z
wait_screen '^ Plan the trip \[0/2\] ▸'
wait_gone 'Book the hotel'
keys z
wait_screen '^   Book the hotel '
# A: a subtask of the selected row.
keys A
wait_screen 'A subtask of “Plan the trip”'
type_text "Buy a map"
keys Enter Enter
wait_screen '^   Buy a map '
wait_screen '^ Plan the trip \[0/3\] '
expect_eq "$(field "$(id_of "Buy a map")" parent)" "$trip" "A made a subtask of the trip"
# a on a subtask: a sibling.
keys g j j
keys a
type_text "Get the visa"
keys Enter Enter
wait_screen '^   Get the visa '
expect_eq "$(field "$(id_of "Get the visa")" parent)" "$trip" "a on a subtask made a sibling"
# Completing the parent asks; n keeps everything; y completes them all.
keys g j
keys x
wait_screen 'Complete its 4 open subtasks too\? a: all, o: “Plan the trip” only, n: nothing'
keys n
wait_screen 'Not completed'
[ "$(field "$trip" completed)" = null ] || fail "n completed the trip"
keys x
wait_screen 'a: all, o: '
keys y
wait_screen 'Completed 5 items'
[ "$(field "$(id_of "Pack the bags")" completed)" != null ] || fail "y did not complete the subtasks"
keys u
wait_screen 'Undid: Completed 5 items'
wait_screen '^ Plan the trip \[0/4\] '
# Deleting the parent: k keeps the subtasks, moved up to the top level.
keys g j
keys d
wait_screen 'Delete “Plan the trip” and its 4 subtasks\? y: with them, k: keep them, n: no'
keys k
wait_screen 'Deleted “Plan the trip”'
wait_screen '^ Book the hotel '
expect_eq "$(field "$(id_of "Book the hotel")" parent)" "null" "moved up to the top level"
expect_eq "$(T list --all | grep -c .)" 5 "the subtasks kept"
keys q
wait_gone 'Todo List'
exit 0
