# The v view (SPEC 4): pending, completed, all; x in the completed view
# reopens the item (pending again, its notifications planned afresh); the
# list is grouped under headings (all of them: AppViewTests).
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Alpha" --due "in 1h" >/dev/null
T add "Bravo" --due "in 2h" >/dev/null
T complete "$(id_of Bravo)" >/dev/null
tui_start 80 24
wait_screen '1/64 scheduled'
wait_screen '^ (Today|Tomorrow) ─'
keys v
wait_screen '^ Todo List · completed'
wait_screen '^ Completed ─'
wait_screen '^ Bravo '
wait_gone '^ Alpha '
keys x
wait_screen 'Reopened “Bravo”'
wait_gone '^ Bravo '
expect_eq "$(field "$(id_of Bravo)" completed)" "null" "reopened in the file"
keys v
wait_screen '^ Todo List · all'
wait_screen '^ Bravo '
keys v
wait_screen '^ Todo List  '
wait_screen '2/64 scheduled'
keys u
wait_screen 'Undid: Reopened “Bravo”'
[ "$(field "$(id_of Bravo)" completed)" != null ] || fail "undo did not complete it again"
exit 0
