# The form's repeat and warning fields (issue 25, point 12): an item added
# with a weekly repeat and a 15-minute warning through the form, each field's
# reading shown live; a rule that does not read keeps the form; an edit of the
# warning alone leaves the rule and the deadline as they were; 40×10 still fits.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
tui_start 80 24
wait_screen '0/64 scheduled'
keys a
wait_screen 'Add item'
wait_screen '│ Repeat +none'                        # blank: no repeat, shown as a hint
wait_screen '│ Warning +none'
type_text "Standup"
keys Enter
type_text "tomorrow 9am"
keys Tab                                          # the picker, left as it is
wait_screen 'Tab repeat'
keys Tab
type_text "every blue moon"
wait_screen 'not a repeat rule: try daily, weekly'
keys Enter
wait_screen 'Add item'                            # refused in place: the form stays
expect_eq "$(T list --json | tr -d ' \n')" "[]" "nothing saved by a bad rule"
keys C-u
type_text "weekly"
wait_screen '→ FREQ=WEEKLY, then [A-Z][a-z]{2} [A-Z][a-z]{2} [0-9]+ at 9:00( AM)?'
keys Tab
type_text "15m"
wait_screen '→ 15m before: [A-Z][a-z]{2} [A-Z][a-z]{2} [0-9]+ at 8:45( AM)?'
keys Enter
wait_screen 'Added “Standup”'
wait_gone 'Add item'
wait_screen '^ Standup .*△↻ *$'                   # marked: an early warning to come, repeats
id=$(id_of "Standup")
expect_eq "$(field "$id" repeat)" "FREQ=WEEKLY" "repeat saved"
expect_eq "$(field "$id" warn)" "900" "warning saved, in seconds"
due=$(field "$id" deadline)
expect_eq "$(TZ=$TZ date -d "$due" +%H:%M)" "09:00" "deadline saved"
# Edit (the detail): the fields hint what the item has; only the warning is changed.
keys e
wait_screen 'Edit item'
wait_screen '│ Repeat +unchanged: FREQ=WEEKLY'
wait_screen '│ Warning +unchanged: 15m'
keys Down Down Down Down                          # title → deadline → start → repeat → warning
type_text "1h"
wait_screen '→ 1h before: .* at 8:00( AM)?'
keys Enter
wait_screen 'Edited “Standup”'
expect_eq "$(field "$id" warn)" "3600" "warning edited"
expect_eq "$(field "$id" repeat)" "FREQ=WEEKLY" "the rule left as it was"
expect_eq "$(field "$id" deadline)" "$due" "the deadline left as it was"
# At 40×10 the detail scrolls to the field being typed in, its reading under it.
tm resize-window -x 40 -y 10
keys e
wait_screen 'Edit item'
keys Down Down Down Down
wait_screen '│ Warning +unchanged: 1h'
type_text "none"
wait_screen '→ no early warning'
wait_screen '└─.*┘'
keys Enter
wait_screen 'Edited'
expect_eq "$(field "$id" warn)" "null" "warning cleared"
exit 0
