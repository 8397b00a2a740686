# The app never freezes on the file's lock (SPEC 4, 6): while another process
# holds it, keys still work, the status line says it is waiting and for which
# process, and the change is saved when the lock frees; q quits while waiting.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
command -v flock >/dev/null || { echo "flock(1) is not installed"; exit 77; }
T add "Alpha" --due "in 1h" >/dev/null
T add "Bravo" --due "in 2h" >/dev/null
# hold: holds the lock in the background until $WORK/release exists; HOLDER is its pid.
hold() {
  rm -f "$WORK/held" "$WORK/release"
  flock "$TODO_TUI_FILE.lock" sh -c "touch '$WORK/held'; while [ ! -e '$WORK/release' ]; do sleep 0.05; done" &
  HOLDER=$!
  wait_for 5 test -e "$WORK/held" || fail "could not take the lock"
}
tui_start 80 24
wait_screen '2/64 scheduled'
T add "Due while locked" --due "$(soon 2)" >/dev/null
wait_screen '3/64 scheduled'
hold
keys c
wait_screen "Waiting for the file's lock, held by process $HOLDER \(flock\)" 3
# A notification falls due while the lock is held: the app waits for the lock
# asleep (no spinning on the due time), and delivers it when the lock frees.
expect_idle "$(tm display -p '#{pane_pid}')" 3
expect_idle "$(tm display -p '#{pane_pid}')" 3   # and after the status message's fade time
wait_screen "Waiting for the file's lock, held by process $HOLDER"   # still said
# Still responsive: the help opens and closes, the selection moves.
keys '?'
wait_screen '^ Keys'
keys Escape
wait_gone '^ Keys'
expect_eq "$(field "$(id_of Alpha)" completed)" "null" "nothing written while the lock is held"
touch "$WORK/release"; wait $HOLDER
wait_screen 'Completed “Alpha”' 3
wait_screen 'Todo Item “Due while locked” Is Overdue' 3
keys Escape
[ "$(field "$(id_of Alpha)" completed)" != null ] || fail "not saved when the lock freed"
# Held again: q quits (asking once, as a change is waiting), nothing is written.
hold
keys x
wait_screen "Waiting for the file's lock, held by process $HOLDER"
keys q
wait_screen 'not saved yet.*q again quits'
keys q
wait_for 3 sh -c "[ \"\$(tmux -L $TSOCK display -p '#{pane_dead}')\" = 1 ]" || fail "q did not quit while waiting"
touch "$WORK/release"; wait $HOLDER
expect_eq "$(field "$(id_of Bravo)" completed)" "null" "the change quit without saving is not written"
exit 0
