# The detail's alerts (issue 36 point 3) with the real binary: an item with an
# alert from the CLI shows it in its --alert form on a row after the others;
# an alert typed on the blank row (due+15m), one changed, one bad refused in
# red with the forms; Ctrl-S saves and `show` prints them in words. Emptying a
# row removes its alert; u undoes that.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Pay rent" --due "in 2h" --alert 30m >/dev/null
id=$(id_of "Pay rent")
tui_start 80 24
wait_screen '^ Pay rent'
keys Enter
wait_screen 'Edit item'
wait_screen '│ Alert +30m '
# The alerts come after every other row: Shift-Tab from the title goes round to the last, the blank one.
keys BTab
wait_screen 'add one: 15m, due\+15m'
type_text "soonish"
keys C-s
wait_screen 'not an alert: try 15m, due\+15m'
wait_screen 'Edit item'
keys C-u
type_text "due+15m"
wait_screen '→ 15m after the deadline'
keys BTab
wait_screen '│ Alert +30m '
keys C-u
type_text "1h"
wait_screen '→ 1h before the deadline'
keys C-s
wait_screen 'Edited “Pay rent”'
wait_gone 'Edit item'
out=$(T show "$id")
expect_match "$out" "alert: +1h before the deadline" "show: the alert changed in the detail"
expect_match "$out" "alert: +15m after the deadline" "show: the alert added in the detail"
expect_eq "$(T show "$id" | grep -c 'alert:')" "2" "two alerts, no more"
# Emptying a row removes its alert; u undoes it.
keys Enter
wait_screen 'Edit item'
keys BTab BTab
wait_screen '→ 15m after the deadline'
keys C-u
wait_screen '→ removed when saved'
keys C-s
wait_screen 'Edited “Pay rent”'
expect_eq "$(T show "$id" | grep -c 'alert:')" "1" "removed in the detail"
keys u
sleep 0.3
wait_gone 'Edit item'
for _ in $(seq 50); do [ "$(T show "$id" | grep -c 'alert:')" = 2 ] && break; sleep 0.1; done
expect_eq "$(T show "$id" | grep -c 'alert:')" "2" "u: the alert back"
exit 0
