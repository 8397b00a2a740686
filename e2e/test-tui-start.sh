# The full-screen app starts on the list: header with badge and slots, rows
# by deadline, overdue in red, wide characters, the terminal title, NO_COLOR.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Water the plants" --due "in 2h" >/dev/null
T add "Pay rent" --due "2020-01-01 09:00" >/dev/null
T add "Call 山田さん about the 🎉 party" --due "in 1d" >/dev/null
tui_start 80 24
wait_screen '1/64 scheduled|2/64 scheduled' 5
wait_screen '^ Todo List +1 overdue · 2/64 scheduled$'
# The missed deadline fired at start (the app is the notifier): a banner.
wait_screen '^ Todo Item “Pay rent” Is Overdue'
keys Escape
wait_gone 'Is Overdue'
s=$(screen)
# Sorted by deadline under headings: the overdue one first.
expect_match "$(printf '%s\n' "$s" | sed -n 2p)" '^ Overdue ─+ *$' "first heading"
expect_eq "$(printf '%s\n' "$s" | sed -n 3p | cut -c1-10)" " Pay rent " "first row"
expect_match "$(printf '%s\n' "$s" | sed -n 4p)" '^ (Today|Tomorrow) ─+ *$' "second heading"
expect_match "$(printf '%s\n' "$s" | sed -n 5p)" '^ Water the plants +(today|tomorrow) ' "second row"
expect_match "$s" $'\n Call 山田さん about the 🎉 party +tomorrow ' "wide characters"
# The overdue deadline is red (SGR 31), the others are not.
row=$(screen -e | sed -n 3p)
expect_match "$row" $'\e\\[[0-9;]*31m[^\e]*! Jan 1 2020 9:00' "red overdue deadline, with its glyph"
screen -e | sed -n 5p | grep -q $'31m' && fail "a row that is not overdue is red"
# The status line shows the main keys; the terminal title carries the badge.
expect_match "$(printf '%s\n' "$s" | tail -n 1)" 'a add .*q quit' "status line"
expect_eq "$(tm display -p '#{pane_title}')" "todo-tui (1)" "terminal title"
# Default background: no background colour is ever set (SGR 4x other than 49).
screen -e | grep -Eq $'\e\\[([0-9;]*;)?4[0-8](;[0-9;]*)?m' && fail "a background colour was set"
keys q
wait_for 5 sh -c "tmux -L $TSOCK list-panes -F '#{pane_dead}' | grep -q 1" || fail "q did not quit"
# NO_COLOR: no colour at all.
tm kill-server
tui_start 80 24 NO_COLOR=1
wait_screen '2/64 scheduled'
screen -e | grep -q $'\e\\[[0-9;]*3[1-7]m' && fail "colour despite NO_COLOR"
exit 0
