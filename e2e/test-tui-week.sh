# The week and the month in the app (SPEC 4, issue 38 point 1), in tmux at
# 80×24 and 40×12: w switches list → week → month and the header says which;
# the week shows the seven days from the selected one with their items at
# their times and the someday items apart; → moves the day; Enter shows the
# day's items, which act as in the list (x completes); Esc goes back; a adds
# on the selected day; the month is a grid of the days under the weekdays,
# which start on the settings' first day of the week; the theme's overdue
# colour; the key the settings give the views. The screens are kept in
# $WORK (week-80x24.txt, month-80x24.txt, week-40x12.txt, month-40x12.txt).
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
export TZ=UTC LC_ALL=C.UTF-8
day() { date -d "$1" '+%a %b %-d'; }        # a day's name as the week shows it
ymd() { date -d "$1" +%F; }
T add Alpha --due "$(ymd tomorrow) 10:00" >/dev/null 2>&1
T add Bravo --due "$(ymd '+2 days') 15:30" >/dev/null 2>&1
T add Late --due "$(ymd yesterday) 9:00" >/dev/null 2>&1
T add Cello --due none >/dev/null 2>&1
mkdir -p "$WORK/cfg/todo-tui"
printf 'first_day_of_week = "monday"\n[colors]\noverdue = 208\n[keys]\ncalendar = "W"\n' > "$WORK/cfg/todo-tui/config.toml"
tui_start 80 24 XDG_CONFIG_HOME="$WORK/cfg"
wait_screen '^ Todo List  '
wait_screen 'Todo Item “Late” Is Overdue'  # the overdue item's banner: Esc dismisses it
keys Escape
wait_gone 'Is Overdue'
# The settings' keys: W switches the views (calendar = "W"), w no more; ? shows W.
keys w
keys '?'
wait_screen '^  W +switch list, week, month'
keys Escape
wait_screen '^ Todo List  '
keys W
wait_screen '^ Todo List · week'
wait_screen "^ 1 overdue before Today, $(day today)"
wait_screen "^ Tomorrow, $(day tomorrow)  1 item"
wait_screen '^ +10:00 +Alpha'
wait_screen "^ $(day '+2 days')  1 item"
wait_screen '^ +15:30 +Bravo'
wait_screen "^ $(day '+6 days')"
wait_gone "^ $(day '+7 days')"
wait_screen '^ Someday: 1 item without a deadline'
screen > "$WORK/week-80x24.txt"
# The theme's overdue colour (208 of 256) on the overdue line, on the terminal's own background.
screen -e | grep -F '1 overdue before' | grep -q $'\e\[[0-9;]*38;5;208[0-9;]*m' \
  || fail "the overdue line is not in colour 208: $(screen -e | grep -F '1 overdue before' | od -c | head -5)"
# → a day on: the week starts tomorrow; Enter: tomorrow's items, which act as in the list.
keys Right
wait_screen "^ Tomorrow, $(day tomorrow)  1 item"
wait_gone "^ Today"
keys Enter
wait_screen "^ Todo List · Tomorrow, $(day tomorrow)"
wait_screen '^ Alpha '
wait_gone '^ Bravo '
keys x
wait_screen 'Completed “Alpha”'
[ "$(field "$(id_of Alpha)" completed)" != null ] || fail "x on the day's item did not complete it"
keys Escape
wait_screen '^ Todo List · week'
# The month: a grid under the weekdays, Monday first (the settings file).
keys W
wait_screen '^ Todo List · month'
wait_screen "$(date '+%B %Y')"
wait_screen '^ Mo +Tu +We +Th +Fr +Sa +Su'
screen > "$WORK/month-80x24.txt"
# a adds on the selected day (tomorrow): the deadline field starts there.
keys a
type_text "Charlie"
keys Enter
wait_screen "$(ymd tomorrow) 9:00"
keys Enter
wait_screen 'Added “Charlie”'
expect_eq "$(T list --json | python3 -c 'import json,sys; print([i["deadline"] for i in json.load(sys.stdin) if i["title"] == "Charlie"][0])')" \
  "$(ymd tomorrow)T09:00:00Z" "Charlie's deadline"
# 40×12: both views still show what matters.
tm resize-window -x 40 -y 12
wait_screen '^ Todo List · month'
wait_screen '^ Mo +Tu +We +Th +Fr +Sa +Su'
screen > "$WORK/month-40x12.txt"
keys W W
wait_screen '^ Todo List · week'
wait_screen "^ Tomorrow, $(day tomorrow)"
wait_screen '^ Someday: 1 item'
screen > "$WORK/week-40x12.txt"
keys q
exit 0
