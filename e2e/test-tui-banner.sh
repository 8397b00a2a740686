# The banner has its own keys (SPEC 4): C completes and R reminds the banner's
# item, shown in it; the list's keys (c, x, r) keep acting on the highlighted row.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Row one" --due "in 1h" >/dev/null
T add "Row two" --due "in 2h" >/dev/null
tui_start 80 24
wait_screen '2/64 scheduled'
T add "Fires first" --due "$(date -u -d '+2 sec' +%Y-%m-%dT%H:%M:%SZ)" >/dev/null
wait_screen '^ Todo Item “Fires first” Is Overdue' 6
# The highlight stayed on "Row one": c completes it, not the banner's item.
keys c
wait_screen 'Completed “Row one”'
wait_screen '^ Todo Item “Fires first” Is Overdue'
wait_screen 'C Complete +R Remind in 30 min'
expect_eq "$(T list --all --json | grep -c '"completed" *: *"')" "1" "one item completed"
# C completes the banner's item and dismisses the banner.
keys C
wait_screen 'Completed “Fires first”'
wait_gone 'Is Overdue'
# R reminds the banner's item; r reminds the highlighted row.
T add "Fires second" --due "$(date -u -d '+2 sec' +%Y-%m-%dT%H:%M:%SZ)" >/dev/null
wait_screen '^ Todo Item “Fires second” Is Overdue' 6
keys r
wait_screen 'Reminder set for “Row two”'
keys R
wait_screen 'Reminder set for “Fires second”'
wait_gone 'Is Overdue'
exit 0
