# The item's detail (SPEC 8, issue 26) with the real binary: Enter on a row
# shows every field; the note is edited over two lines and a tag is added by
# Tab completion; Ctrl-S saves only what was touched, so the priority the CLI
# set while the detail was open survives the save. The rows show the marks,
# the filter finds a note, Esc on a changed detail asks, and at 40×10 the
# fields scroll to the one being edited. Then the list and the parent: the
# item moves to another list and under another item through the detail, and a
# parent that would close a cycle is refused, as edit --parent refuses it.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
# saved ID FIELD…: those fields of `show ID --json`, as one JSON array.
saved() { local id=$1; shift; T show "$id" --json | python3 -c 'import json,sys; i=json.load(sys.stdin); print(json.dumps([i[k] for k in sys.argv[1:]]))' "$@"; }
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
# The note, two lines: Enter starts the second (past the list and the parent).
keys Down Down Down End
type_text " (blue)"
keys Enter
type_text "second line"
wait_screen '│ +second line'
wait_screen 'Enter new line'
keys C-s
wait_screen 'Edited “Pay rent”'
wait_gone 'Edit item'
expect_eq "$(saved "$id" note tags priority)" '["IBAN in the folder (blue)\nsecond line", ["home", "work"], 1]' "note, tags and the CLI's priority"
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
keys Down Down Down Down Down Down Down Down Down Down
wait_screen '↑ more'
wait_screen '│ Note +IBAN in the folder'
wait_screen '│ +second line'
keys Escape
wait_gone 'Edit item'
wait_screen 'Cancelled'
# The list and the parent, at 80×24: a second list, made by the CLI, shows in the header.
tm resize-window -x 80 -y 24
T lists add Work >/dev/null
bob=$(id_of "Call Bob")
# The parent in Work too: a subtask lives in its parent's list (SPEC 9), so both hold.
T edit "$bob" --list Work >/dev/null || fail "Call Bob to Work"
wait_screen 'Todo List · All lists'
keys g Enter
wait_screen '│ Title +Pay rent'
keys Down Down Down Down Down Down Down Down      # title → … → tags → list
wait_screen '│ List +Tasks '
keys Right
wait_screen '│ List +Work '
keys Down
wait_screen '│ Parent +unchanged: none'
type_text "bo"
wait_screen '→ a subtask of “Call Bob”'
keys Enter
wait_screen 'Edited “Pay rent”'
wait_gone 'Edit item'
expect_eq "$(saved "$id" list parent priority tags)" "[\"work\", \"$bob\", 1, [\"home\", \"work\"]]" "the list and the parent saved, the rest kept"
wait_screen '^ +Call Bob \[0/1\] #work'
wait_screen '^   +!!! Pay rent '
# Call Bob under Pay rent would close a cycle: refused in place (as edit
# --parent refuses it), nothing written.
before=$(filesum)
keys g Enter
wait_screen '│ Title +Call Bob'
keys Down Down Down Down Down Down Down Down Down
type_text "rent"
wait_screen 'A cycle: “Pay rent” is a subtask of this item'
keys C-s
sleep 0.3
wait_screen 'Edit item'
wait_screen '│ Parent +rent'
expect_eq "$(filesum)" "$before" "nothing written for a cycle"
out=$(T edit "$bob" --parent "$id" 2>&1) && fail "edit --parent took a cycle"
expect_eq "$out" "error: “Call Bob” cannot be a subtask of itself or of one of its own subtasks; nothing changed" "the CLI refuses it too"
keys Escape
wait_screen 'Discard the changes'
keys y
wait_gone 'Edit item'
exit 0
