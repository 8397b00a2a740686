# Issue 25, point 4: with LANG naming a locale that is not installed, or a
# bare UTF-8 (what a Mac sends over ssh), ncurses dropped every non-ASCII
# character: CJK titles blank, emoji, the headings' rules gone. The app now
# takes C.UTF-8's characters then.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Call 山田さん about the 🎉 party" --due "in 1h" >/dev/null
for lang in xx_YY.UTF-8 UTF-8 C; do
  tui_start 80 24 LANG=$lang LC_ALL= LC_CTYPE= LC_TIME=
  wait_screen 'Call 山田さん about the 🎉 party' 5
  wait_screen '^ Today ─+ *$'
  keys q
  wait_for 3 sh -c "tmux -L $TSOCK list-panes -F '#{pane_dead}' 2>/dev/null | grep -qx 1" || fail "q did not quit ($lang)"
  tm kill-server >/dev/null 2>&1
done
