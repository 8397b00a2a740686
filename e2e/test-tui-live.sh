# Live: a change by the CLI shows within a second, keeping the selection and a
# form in progress; a deadline passing turns the row red and updates the badge
# and the terminal title with no key press.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Early" --due "in 1h" >/dev/null
T add "Late" --due "in 5h" >/dev/null
tui_start 80 24
wait_screen '2/64 scheduled'
keys j
keys a
type_text "Half typed"
wait_screen '│ Title +Half typed'
t0=$(date +%s%N)
T add "From the CLI" --due "in 2h" >/dev/null
wait_screen '^ From the CLI ' 1
echo "appeared after $(( ($(date +%s%N) - t0) / 1000000 )) ms"
wait_screen '│ Title +Half typed'        # the form is untouched
keys Escape
wait_screen 'Discard the changes'
keys y
wait_screen '3/64 scheduled'
# The selection stayed on "Late" (now the third row): x completes it.
keys x
wait_screen 'Completed “Late”'
# A deadline 3 s from now: the row turns red and the badge counts it, on time.
due=$(date -u -d '+3 sec' +%Y-%m-%dT%H:%M:%SZ)
T add "Soon" --due "$due" >/dev/null
wait_screen '^ Soon ' 2
wait_screen '0 overdue'
wait_screen '1 overdue' 5
late_ms=$(( $(date +%s%N) / 1000000 - $(date -d "$due" +%s) * 1000 ))
echo "badge changed ${late_ms} ms after the deadline"
[ "$late_ms" -lt 1500 ] || fail "the badge changed ${late_ms} ms after the deadline"
expect_match "$(screen -e | grep 'Soon')" $'31m' "red row"
expect_eq "$(tm display -p '#{pane_title}')" "todo-tui (1)" "terminal title"
# The app is the notifier (no daemon): the deadline fired as a banner.
wait_screen 'Todo Item “Soon” Is Overdue'
keys C   # the banner's key: completes its item
wait_screen 'Completed “Soon”'
wait_screen '0 overdue'
# Idle between deadlines: it sleeps (no polling loop).
expect_idle "$(tm display -p '#{pane_pid}')" 2
exit 0
