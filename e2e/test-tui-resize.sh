# Resizing: the screen redraws at the new size, down to 40×10; below, "too small".
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
for i in $(seq 1 20); do T add "Item number $i with a rather long title to be cut" --due "in ${i}h" >/dev/null; done
tui_start 80 24
wait_screen '20/64 scheduled'
keys G
wait_screen '^ Item number 20 '
tm resize-window -x 40 -y 10
wait_screen '^ Todo List +0 overdue · 20/64 scheduled$'
s=$(screen)
expect_eq "$(printf '%s\n' "$s" | wc -l)" "10" "rows"
# Rows 2 and 9 hold the scroll marks: the selection is on the last row between them.
expect_match "$(printf '%s\n' "$s" | sed -n 2p)" '^ ↑ [0-9]+ more' "more above"
expect_match "$(printf '%s\n' "$s" | sed -n 8p)" '^ Item .*… +(today|tomorrow) ' "the selection stays on screen"
expect_match "$(printf '%s\n' "$s" | sed -n 8p)" '^ Item [^…]*… +(today|tomorrow) [0-9]+:[0-9]{2}' "cut title, with …"
expect_match "$(screen -e | sed -n 8p)" $'\e\\[7m' "selected row (reverse)"
tm resize-window -x 39 -y 10
wait_screen '^too small: 40×10 at least'
tm resize-window -x 60 -y 8
wait_screen '^too small'
tm resize-window -x 100 -y 30
wait_screen '^ Todo List +0 overdue · 20/64 scheduled$'
wait_screen '^ Item number 20 with a rather long title to be cut +(today|tomorrow) '
exit 0
