# The item's detail (SPEC 8, issue 26) with the real binary: Enter on a row
# shows every field; the note is edited over two lines and a tag is added by
# Tab completion; Ctrl-S saves only what was touched, so the priority the CLI
# set while the detail was open survives the save. The rows show the marks,
# the filter finds a note, Esc on a changed detail asks, and at 40×10 the
# fields scroll to the one being edited.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Pay rent" --due "in 1h" --tag home --note "IBAN in the folder" >/dev/null
T add "Call Bob" --due "in 2h" --tag work >/dev/null
id=$(id_of "Pay rent")
tui_start 80 24
wait_screen '2/64 scheduled'
wait_screen '^ Pay rent #home ✎ '                     # the row's marks, as list has them
keys Enter
wait_screen 'Edit item'
wait_screen '│ Note +IBAN in the folder'
wait_screen '│ Tags +home '
wait_screen '│ Priority +none'
# Meanwhile the CLI sets the priority; the detail, untouched there, follows it.
T edit "$id" --priority high >/dev/null
wait_screen '│ Priority +!!! high'
# Tags: title → deadline → start → repeat → warning → priority → progress → tags.
keys Down Down Down Down Down Down Down
wait_screen 'Tab complete'
type_text ", wo"
wait_screen '→ #home #wo +Tab: #work'
keys Tab
wait_screen '│ Tags +home, work '
# The note, two lines: Enter starts the second.
keys Down End
type_text " (blue)"
keys Enter
type_text "second line"
wait_screen '│ +second line'
wait_screen 'Enter new line'
keys C-s
wait_screen 'Edited “Pay rent”'
wait_gone 'Edit item'
json=$(T show "$id" --json)
got=$(printf '%s' "$json" | python3 -c 'import json,sys; i=json.load(sys.stdin); print(json.dumps([i["note"], i["tags"], i["priority"]]))')
expect_eq "$got" '["IBAN in the folder (blue)\nsecond line", ["home", "work"], 1]' "note, tags and the CLI's priority"
wait_screen '^ !!! Pay rent #home #work ✎ '
# The filter finds a note's words.
keys /
type_text "blue"
wait_gone 'Call Bob'
wait_screen '^ !!! Pay rent '
keys Escape
wait_screen 'Call Bob'
# Esc on a changed detail asks; y discards and the file stays as it was.
before=$(filesum)
keys Enter
wait_screen 'Edit item'
keys Down Down Down Down Down
keys Right                                       # high → none
wait_screen '│ Priority +none'
keys Escape
wait_screen 'Discard the changes\? y discards, n keeps editing'
keys y
wait_screen 'Discarded'
expect_eq "$(filesum)" "$before" "nothing written by a discarded detail"
# 40×10: the fields scroll to the note.
tm resize-window -x 40 -y 10
keys Enter
wait_screen 'Edit item'
wait_screen '│ Title +Pay rent'
keys Down Down Down Down Down Down Down Down
wait_screen '↑ more'
wait_screen '│ Note +IBAN in the folder'
wait_screen '│ +second line'
keys Escape
wait_gone 'Edit item'
wait_screen 'Cancelled'
exit 0
