# The app's rough edges (SPEC 4): scroll marks on a long list, "…" on a cut
# title, the status message fades, the picker steps minutes by 5 from what was
# typed, and the terminal title shows the badge and is restored on exit.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "A title long enough to be cut at the edge of a forty-column screen" --due "in 1h" >/dev/null
for i in $(seq 2 30); do T add "Item $i" --due "in $((i + 1))h" >/dev/null; done
T add "Overdue one" --due "$(date -u -d '-1 hour' +%Y-%m-%dT%H:%M:%SZ)" >/dev/null 2>&1
shell_start 40 12
wait_screen '^\$'
keys "printf '\\033]2;my shell\\007'" Enter
wait_for 3 sh -c "[ \"\$(tmux -L $TSOCK display -p '#{pane_title}')\" = 'my shell' ]" || fail "no shell title"
keys "LANG=C.UTF-8 $TODO_BIN; echo EXIT=\$?" Enter
wait_screen '31/64 scheduled|30/64 sch'
wait_for 3 sh -c "[ \"\$(tmux -L $TSOCK display -p '#{pane_title}')\" = 'todo-tui (1)' ]" || fail "the badge is not in the title"
# More below, nothing above; at the bottom, the other way round.
wait_screen '^ ↓ [0-9]+ more'
screen | grep -q '↑' && fail "a mark above at the top"
wait_screen '^ A title [a-z ]*… '
keys G
wait_screen '^ ↑ [0-9]+ more'
wait_gone '^ ↓ [0-9]+ more'
# The status message fades by itself.
keys u
wait_screen 'Nothing to undo'
wait_gone 'Nothing to undo' 8
# The picker: minutes by 5, starting from what was typed, which Shift-Tab finds again.
keys a
type_text "Tea"
keys Enter
type_text "tomorrow 9:03"
keys Tab
wait_screen 'Deadline +[A-Z][a-z]{2} [A-Z][a-z]{2} [0-9]+ +09 :'
keys Right Right Up
wait_screen 'Deadline .* 09 : 05'
keys BTab
wait_screen 'Deadline +tomorrow 9:03'
keys Escape
wait_screen 'Discard the changes'
keys y
keys q
wait_screen 'EXIT=0'
wait_for 3 sh -c "[ \"\$(tmux -L $TSOCK display -p '#{pane_title}')\" = 'my shell' ]" || fail "the title was not restored: $(tm display -p '#{pane_title}')"
exit 0
