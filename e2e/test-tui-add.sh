# Adding by keys: a, the title, Enter, the deadline with its live reading,
# Enter saves; the title field's limit on a long paste; Esc cancels, asking
# first when something was typed.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Existing" --due "in 3h" >/dev/null
tui_start 80 24
wait_screen '1/64 scheduled'
keys a
wait_screen 'Add item'
wait_screen '│ Deadline +in 1h'          # the default, shown as a hint
type_text "Buy oat milk"
wait_screen '│ Title +Buy oat milk'
keys Enter
type_text "tomorrow 9am"
wait_screen '→ [A-Z][a-z]{2} [A-Z][a-z]{2} [0-9]+ at 9:00( AM)?'   # parsed live, in the rows' clock
keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
type_text "someday"
wait_screen 'is not a time'
keys C-u
day0=$(date +%F)
type_text "tomorrow 9am"
keys Enter
wait_screen 'Added “Buy oat milk”'
# Past midnight since the typing, "tomorrow" may read as today.
day=tomorrow; [ "$(date +%F)" = "$day0" ] || day='(today|tomorrow)'
wait_screen "^ Buy oat milk +$day 9:00( AM)? *\$"
expect_match "$(T list)" "$day 9:00( AM)? +Buy oat milk" "saved to the file"
# Esc on a form with typed changes asks first (n keeps editing, y discards);
# on an untouched form it closes at once.
keys a
wait_screen 'Add item'
type_text "Never mind"
keys Escape
wait_screen 'Discard the changes\? y discards, n keeps editing'
keys n
wait_gone 'Discard the changes'
wait_screen '│ Title +Never mind'
keys Escape
wait_screen 'Discard the changes'
keys y
wait_screen 'Discarded'
wait_gone 'Add item'
keys a
wait_screen 'Add item'
keys Escape
wait_screen 'Cancelled'
expect_eq "$(T list | wc -l)" "2" "nothing added by Esc"
# A long paste into the title is cut at 200 characters, and says so.
keys a
wait_screen 'Add item'
long=$(printf 'x%.0s' $(seq 1 300))
tm set-buffer -- "$long"
tm paste-buffer -p
wait_screen 'at most 200 characters'
keys Enter Enter
wait_screen 'Added “x+'
expect_match "$(T list --json | tr -d ' \n')" "\"title\":\"x{200}\"" "a 200-character title"
# A paste with a line break does not submit the form: the break becomes a space.
keys a
wait_screen 'Add item'
tm set-buffer -- $'two\nlines'
tm paste-buffer -p
wait_screen '│ Title +two lines'
keys Enter Enter
wait_screen '^ two lines '
expect_match "$(T list)" "two lines" "pasted title saved"
exit 0
