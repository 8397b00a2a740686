# The mouse (SPEC 4, issue 38 point 3), through the real binary in tmux, by
# writing xterm's SGR mouse reports into the pane as a terminal sends them:
# a click selects a row, the wheel scrolls, a click on a key's name in the
# footer does the key, a drag to the left on a row opens its swipe actions
# and a longer drag completes it, a click in a form moves to the field, a
# click in the week selects a day; with
# `mouse = false` in the settings the app leaves the mouse alone.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
export TZ=UTC LC_ALL=C.UTF-8
sgr() {  # sgr B X Y M|m: one SGR report (1-based cells), written raw into the pane
  local s; s=$(printf '\033[<%s;%s;%s%s' "$1" "$2" "$3" "$4")
  tm send-keys -H $(printf '%s' "$s" | od -An -tx1)
}
click() { sgr 0 "$1" "$2" M; sgr 0 "$1" "$2" m; }
line_of() { screen | grep -n -- "$1" | head -1 | cut -d: -f1; }   # the 1-based screen line showing REGEX
col_of() { screen | awk -v t="$1" 'index($0, t) { print index($0, t); exit }'; }  # its 1-based column
T add Alpha --due "in 1h" >/dev/null 2>&1
T add Bravo --due "in 2h" >/dev/null 2>&1
T add Charlie --due "in 3h" >/dev/null 2>&1
for i in $(seq 10 40); do T add "Later $i" --due "in ${i}d" >/dev/null 2>&1; done
tui_start 80 24
wait_screen '^ Alpha '
expect_eq "$(tm display -p '#{mouse_button_flag}#{mouse_sgr_flag}')" "11" "the app asks for button and drag reports, SGR"

# A click selects Bravo's row; x then completes Bravo, not the first row.
click 10 "$(line_of '^ Bravo ')"
keys x
wait_screen 'Completed “Bravo”'
[ "$(field "$(id_of Bravo)" completed)" != null ] || fail "the clicked row was not the one completed"
expect_eq "$(field "$(id_of Alpha)" completed)" null "Alpha untouched"

# The wheel scrolls the list: items come from below, the top ones go.
for _ in 1 2 3 4 5 6; do sgr 65 10 10 M; done
wait_screen '^ ↑ [0-9]+ more'
for _ in 1 2 3 4 5 6 7 8; do sgr 64 10 10 M; done
wait_gone '^ ↑ [0-9]+ more'

# A drag of a few cells to the left opens the swipe's actions; Esc closes them.
y=$(line_of '^ Charlie ')
sgr 0 50 "$y" M; sgr 32 47 "$y" M; sgr 32 44 "$y" M; sgr 0 44 "$y" m
wait_screen 'Remind in 30 min  *Complete'
keys Escape
wait_gone 'Remind in 30 min  *Complete'
# A longer drag (a third of the screen) completes it.
sgr 0 60 "$y" M; sgr 32 40 "$y" M; sgr 32 25 "$y" M; sgr 0 20 "$y" m
wait_screen 'Completed “Charlie”'
[ "$(field "$(id_of Charlie)" completed)" != null ] || fail "the long drag did not complete Charlie"

# A click on a key's name in the footer does the key: "v view" shows the completed items.
wait_screen 'v view' 10  # the hints show in full once the message fades (5 s)
click "$(( $(col_of 'v view') + 1 ))" 24
wait_screen '^ Todo List · completed'
keys v v

# In the add form a click on a field gives it the keyboard: the warning, typed there.
keys a
type_text "Delta"
wait_screen 'Warning'
click 20 "$(line_of 'Warning')"
type_text "15m"
keys Enter
wait_screen 'Added “Delta”'
expect_eq "$(field "$(id_of Delta)" warn)" 900 "the warning typed into the clicked field"

# The week: a click on a day's heading selects that day (the week then starts there).
keys w
wait_screen '^ Todo List · week'
y=$(line_of "^ $(date -d '+2 days' '+%a %b %-d')")
click 5 "$y"
wait_screen "^ $(date -d '+2 days' '+%a %b %-d')"
wait_gone '^ Today'
keys w w
wait_screen '^ Todo List  '

# mouse = false: the app does not ask the terminal for mouse reports (tmux's pane flags),
# so clicks and drags stay the terminal's own (selecting text).
keys q
tm kill-server >/dev/null 2>&1  # the at_exit of lib-tui.sh ends the server TSOCK names when the test ends
TSOCK="$TSOCK-off"  # a server of its own
mkdir -p "$WORK/cfg/todo-tui"
printf 'mouse = false\n' > "$WORK/cfg/todo-tui/config.toml"
tui_start 80 24 XDG_CONFIG_HOME="$WORK/cfg"
wait_screen '^ Alpha '
expect_eq "$(tm display -p '#{mouse_button_flag}#{mouse_sgr_flag}')" "00" "mouse modes with mouse = false"
exit 0
