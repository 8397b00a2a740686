# Issue 25, point 4: with LANG naming a locale that is not installed, or a
# bare UTF-8 (what a Mac sends over ssh), ncurses dropped every non-ASCII
# character: CJK titles blank, emoji, the headings' rules gone. The app now
# takes C.UTF-8's characters then. Run from a shell with a clean environment.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Call 山田さん about the 🎉 party" --due "in 1h" >/dev/null
shell_start 80 24
wait_screen '^\$' 10
for lang in xx_YY.UTF-8 UTF-8 C; do
  keys "clear; LANG=$lang $TODO_BIN; echo EXIT=\$?" Enter
  wait_screen 'Call 山田さん about the 🎉 party' 10
  wait_screen '^ (Today|Tomorrow) ─+ *$'  # in 1h may be past midnight
  keys q
  wait_screen '^EXIT=0' 5
done
