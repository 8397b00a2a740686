# Issue 37 points 10-16: the full-screen app as the new user met it, in tmux,
# at 80x24 and 40x12.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"

# 10. Ctrl-C in the add form asks, as Esc does; n keeps the text.
T add "Something" --due "in 1h" >/dev/null
shell_start 80 24
wait_screen '^\$'
keys "$TODO_BIN; echo EXIT=\$?" Enter
wait_screen '1/64 scheduled'
keys a
type_text "Call the plumber"
wait_screen 'Title +Call the plumber'  # (a ^C flushes the terminal's unread input, as a person sees it first)
keys C-c
wait_screen 'Discard the changes\?'
screen | grep -q 'EXIT=' && fail "Ctrl-C quit the app"
keys n
wait_gone 'Discard the changes\?'
wait_screen 'Call the plumber'
keys C-c
wait_screen 'Discard the changes\?'
keys y
wait_gone 'Call the plumber'
keys C-c
wait_screen 'EXIT=0'
tm kill-server

# 11-14 at 40x12: the subtask question, the header, the row marks, the banners.
export TODO_TUI_FILE="$WORK/small.plist"
T lists add "Groceries and errands for the week" >/dev/null || fail "lists add"
for i in 1 2 3 4; do T add "Late $i" --list "Groceries and errands for the week" --due "$(date -u -d "-$i hour" +%Y-%m-%dT%H:%M:%SZ)" >/dev/null 2>&1; done
trip=$(T add "Plan the trip" --priority high --list "Groceries and errands for the week" --due "in 5h" 2>/dev/null)
for i in 1 2 3; do T add "Step $i" --parent "$trip" --due "in 4h" >/dev/null 2>&1; done
tui_start 40 12
# 14. Four overdue items: the banner says the count the header says, and one Esc dismisses them all.
wait_screen '^ Todo Item “Late 4” Is Overdue'
wait_screen '· 4 overdue'
keys Escape
wait_gone 'Is Overdue'
sleep 0.3
screen | grep -q 'Is Overdue' && fail "another banner after Esc"
# 12. The list shown by name: the header cuts the name, never the overdue count.
keys L
wait_screen 'Groceries and errands'
keys End Enter
wait_screen '^ Todo List · Gro.*…  4 overdue'
# 12. A parent's [0/3] keeps its !!!.
wait_screen '!!! Plan the .*\[0/3\]'
# 11. Completing a parent: all, this one only, or nothing; o completes it alone.
keys g
for i in 1 2 3 4; do keys j; done
keys x
wait_screen 'a: all 4, o: this one only, n: none'
keys o
wait_for 5 sh -c "[ \"\$(\"$TODO_BIN\" list --all --json --file '$TODO_TUI_FILE' | python3 -c 'import json,sys; d={i[\"title\"]: i[\"completed\"] is not None for i in json.load(sys.stdin)}; print(d[\"Plan the trip\"], d[\"Step 1\"], d[\"Step 2\"], d[\"Step 3\"])')\" = 'True False False False' ]" \
  || fail "o did not complete the parent alone: $(T list --all)"
tm kill-server

# 12. The detail at 40 columns: an unchanged time whole, not "17:0".
export TODO_TUI_FILE="$WORK/detail.plist"
T add "Water plants" --due "dec 3 2099 17:00" >/dev/null 2>&1
tui_start 40 12
wait_screen 'Water plants'
keys Enter
wait_screen 'Edit item'
wait_screen '│ Deadline   Dec 3,? 2099 at 17:00 *│'
tm kill-server

# 13. After a resize, the first heading scrolled away is said, not a blank row.
export TODO_TUI_FILE="$WORK/resize.plist"
for i in $(seq 1 10); do T add "Item $i" --due "in $((i + 4))d" >/dev/null 2>&1; done
tui_start 80 24
wait_screen 'Item 10'
tm resize-window -x 40 -y 12
wait_screen '↓ [0-9]+ more'
for i in 1 2 3 4 5 6 7; do keys j; done
wait_screen '^ ↑ [A-Z][a-z ]+$'  # the first heading's name (Later, This week…), not "N more"
[ -n "$(screen | sed -n 2p | tr -d ' ')" ] || fail "row 2 is blank: $(screen)"
tm kill-server

# 15. TERM=xterm-256color inside tmux: Home and End move in a field, not Esc, in each of the
# forms terminals send them (xterm's terminfo names \eOH \eOF alone; tmux sends \e[1~ \e[4~,
# rxvt \e[7~ \e[8~, others \e[H \e[F), written to the app as the terminal would.
export TODO_TUI_FILE="$WORK/keys.plist"
T add "Something" --due "in 1h" >/dev/null 2>&1
tm new-session -d -x 80 -y 24 -e "TODO_TUI_FILE=$TODO_TUI_FILE" -e TZ="$TZ" -e TODO_TUI_NOTIFY=/bin/true -e TERM=xterm-256color "$TODO_BIN"
wait_screen '1/64 scheduled'
keys a
type_text "abc"
text=abc
for pair in "1~ 4~" "7~ 8~" "H F" "OH OF"; do
  set -- $pair
  case $1 in O*) home=$'\e'$1 end=$'\e'$2 ;; *) home=$'\e['$1 end=$'\e['$2 ;; esac
  type_text "$home"
  type_text "<"
  type_text "$end"
  type_text ">"
  text="<$text>"
  wait_screen "Title +$text"
  screen | grep -q 'Discard the changes' && fail "End or Home (${pair}) was taken as Esc"
done
tm kill-server

# 16. The list pickers: End and Home (G and g); m starts on a list the item can go to.
export TODO_TUI_FILE="$WORK/pick.plist"
T lists rename Tasks Personal >/dev/null && T lists add Work >/dev/null && T lists add Groceries >/dev/null || fail "lists"
T add "Call Bob" --due "in 1h" >/dev/null 2>&1
tui_start 80 24
wait_screen 'Call Bob'
keys m
wait_screen 'Move “Call Bob” to'
keys Enter
wait_screen 'Edited “Call Bob”'
screen | grep -q 'already in' && fail "m started on the item's own list"
[ "$(field "$(id_of "Call Bob")" list)" = work ] || fail "not moved to Work: $(field "$(id_of "Call Bob")" list)"
keys L
wait_screen 'All lists'
keys End Enter
wait_screen '^ Todo List · Groceries'
keys L g Enter
wait_screen 'Call Bob'
keys L G k Enter
wait_screen '^ Todo List · Work'
tm kill-server

# 17 (the app's part). Opening the app in the default location with nothing yet: the folder
# it makes to watch is said once it closes; a mistyped TODO_TUI_FILE opens nothing.
mkdir -p "$WORK/newhome"
tm new-session -d -x 80 -y 24 -e PS1='$ ' "env -i HOME=$WORK/newhome PATH=$PATH TERM=tmux-256color TZ=$TZ TODO_TUI_NOTIFY=/bin/true PS1='$ ' sh"
wait_screen '^\$'
keys "$TODO_BIN; echo EXIT=\$?" Enter
wait_screen 'Nothing to do'
keys q
wait_screen 'EXIT=0'
wait_screen '^note: made the folder ~/.local/share/todo-tui for the data file$'
keys "TODO_TUI_FILE=$WORK/nope/todos.plist $TODO_BIN; echo EXIT=\$?" Enter
wait_screen 'EXIT=1'
wait_screen "^error: the folder $WORK/nope of TODO_TUI_FILE"
[ ! -e "$WORK/nope" ] || fail "the app made the mistyped folder"
