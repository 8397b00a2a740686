# Undo and redo revert only the fields that still hold the value they set
# (SPEC 6): undo of a complete after the CLI renamed the item keeps the new
# title; undo after the item's deadline notification was shown does not make
# it fire again; U and Ctrl-R redo, by the same rule.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
printf '#!/bin/sh\necho "$TODO_TITLE" >> %s/notify.log\n' "$WORK" > "$WORK/notify"
chmod +x "$WORK/notify"
export TODO_TUI_NOTIFY="$WORK/notify"
T add "Alpha" --due "in 1h" >/dev/null
T add "Bravo" --due "in 2h" >/dev/null
a=$(id_of Alpha)
tui_start 80 24
wait_screen '2/64 scheduled'
keys c
wait_screen 'Completed “Alpha”'
T edit "$a" --title "Alpha renamed" >/dev/null
T add "Marker one" --due "in 3h" >/dev/null   # seen on screen: the rename was read before it
wait_screen '^ Marker one '
keys u
wait_screen 'Undid: Completed “Alpha”'
wait_screen '^ Alpha renamed '
expect_eq "$(field "$a" title)" "Alpha renamed" "title after undo"
expect_eq "$(field "$a" completed)" "null" "pending again after undo"
# Redo with U: completed again, the title untouched.
keys U
wait_screen 'Redid: Completed “Alpha”'
wait_gone '^ Alpha renamed '
[ "$(field "$a" completed)" != null ] || fail "redo did not complete it"
keys u
wait_screen '^ Alpha renamed '
# Renamed once more while undone; Ctrl-R redoes the complete and keeps that title.
T edit "$a" --title "Alpha third" >/dev/null
T add "Marker two" --due "in 3h" >/dev/null
wait_screen '^ Marker two '
keys C-r
wait_screen 'Redid: Completed “Alpha”'
wait_gone '^ Alpha third '
expect_eq "$(field "$a" title)" "Alpha third" "title after redo"
[ "$(field "$a" completed)" != null ] || fail "Ctrl-R did not complete it"
keys C-r
wait_screen 'Nothing to redo'
# A deadline notification shown, then undo of a change made before it: no second bubble.
T add "Soon" --due "$(soon 3)" >/dev/null
wait_screen '^ Soon '
keys g r
wait_screen 'Reminder set for “Soon”'
wait_screen 'Todo Item “Soon” Is Overdue' 8
wait_for 3 grep -qx Soon "$WORK/notify.log" || fail "the deadline did not notify"
keys Escape
keys u
wait_screen 'Undid: Reminder set for “Soon”'
expect_eq "$(field "$(id_of Soon)" reminder)" "null" "the reminder undone"
# A barrier: a later notification fires; had Soon's been made undelivered, it fired with it.
T add "Barrier" --due "$(soon 2)" >/dev/null
wait_for 8 grep -qx Barrier "$WORK/notify.log" || fail "the barrier did not notify"
expect_eq "$(grep -cx Soon "$WORK/notify.log")" "1" "Soon notified once"
exit 0
