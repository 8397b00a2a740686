# The swipe: ← reveals "Remind in 30 min" and "Complete"; Enter completes,
# r reminds, → closes. Also x completes directly and the mark for a reminder.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "First" --due "in 1h" >/dev/null
T add "Second" --due "in 2h" >/dev/null
T add "Third" --due "in 3h" >/dev/null
tui_start 80 24
wait_screen '3/64 scheduled'
keys Left
wait_screen '^ First .* Remind in 30 min  Complete *$'
keys Right
wait_gone 'Remind in 30 min  Complete'
keys j h
wait_screen '^ Second .*Remind in 30 min  Complete'
keys Enter
wait_gone '^ Second'
wait_screen 'Completed “Second”'
expect_match "$(T list --all --json | tr -d ' \n')" '"title":"Second"' "still in the file"
[ "$(T list | grep -c Second)" = 0 ] || fail "Second is still pending"
# r from the swipe sets a reminder: the row gets the mark.
keys Left
wait_screen 'Remind in 30 min  Complete'
keys r
wait_screen 'Reminder set for “Third”'
wait_screen '^ Third .*◷'
expect_match "$(field "$(id_of Third)" reminder)" '^20[0-9T:-]+Z$' "reminder saved"
exit 0
