# One notifier per file: while the daemon runs, it fires and the open app
# shows its banner from the file; when the daemon ends, the app takes over
# and fires itself. Each notification is delivered once.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
for who in daemon app; do
  printf '#!/bin/sh\necho "$TODO_TITLE" >> %s/%s.log\n' "$WORK" "$who" > "$WORK/notify-$who"
  chmod +x "$WORK/notify-$who"
done
TODO_TUI_NOTIFY="$WORK/notify-daemon" "$TODO_BIN" daemon 2>"$WORK/daemon.err" &
DPID=$!
at_exit 'kill -KILL $DPID 2>/dev/null'
wait_for 10 grep -q "notifying for" "$WORK/daemon.err" || fail "the daemon did not start"
TODO_TUI_NOTIFY="$WORK/notify-app" tui_start 80 24
wait_screen '0/64 scheduled'
T add "Fired by the daemon" --due "$(date -u -d '+2 sec' +%Y-%m-%dT%H:%M:%SZ)" >/dev/null
wait_screen '^ Todo Item “Fired by the daemon” Is Overdue' 5
wait_for 3 grep -q "Fired by the daemon" "$WORK/daemon.log" || fail "the daemon did not notify"
keys Escape
# The daemon ends: the app becomes the notifier.
kill -TERM $DPID; wait $DPID
T add "Fired by the app" --due "$(date -u -d '+2 sec' +%Y-%m-%dT%H:%M:%SZ)" >/dev/null
wait_screen '^ Todo Item “Fired by the app” Is Overdue' 5
wait_for 3 grep -q "Fired by the app" "$WORK/app.log" || fail "the app did not notify"
sleep 0.5
expect_eq "$(cat "$WORK/daemon.log" "$WORK/app.log" 2>/dev/null | sort | uniq -c | awk '{print $1}' | sort -u)" "1" "each notification once"
grep -q "Fired by the app" "$WORK/daemon.log" && fail "the daemon fired after it ended"
grep -q "Fired by the daemon" "$WORK/app.log" && fail "the app fired while the daemon ran"
exit 0
