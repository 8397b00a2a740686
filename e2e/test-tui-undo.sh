# Undo, several levels: complete, delete (after y), edit, add; u brings each back.
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
exit 0
