# Issue 25, point 8: with no notification server, the daemon printed
# libnotify's raw warning at every retry (2, 4, 8, 16 s). Now one sentence,
# once: on a session bus without a server (dbus-run-session, nothing owning
# org.freedesktop.Notifications) and with no bus at all. The real notify-send.
. "$HERE/lib.sh"
command -v notify-send >/dev/null || { echo "skipped: needs libnotify-bin"; exit 77; }
command -v dbus-run-session >/dev/null || { echo "skipped: needs dbus-bin"; exit 77; }
. "$HERE/daemon-lib.sh"
unset TODO_TUI_NOTIFY   # the real notify-send
sentence="No notification server is running; bubbles will show once one is."

T add "Pay rent" --due "$(in_seconds 1)" >/dev/null
cp "$TODO_TUI_FILE" "$WORK/nobus.plist"
# A bus without a server, and no bus at all, side by side (each its own file).
# (The daemon on the private bus tells its pid, so that it is ended too, and its bus with it.)
dbus-run-session -- sh -c 'echo $$ >"$1"; exec "$2" daemon' _ "$WORK/bus.pid" "$TODO_BIN" 2>"$WORK/bus.err" &
DAEMONS+=($!)
env -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY TODO_TUI_FILE="$WORK/nobus.plist" \
  "$TODO_BIN" daemon 2>"$WORK/nobus.err" &
nobus=$!
DAEMONS+=($nobus)
wait_for 5 test -s "$WORK/bus.pid" || fail "the daemon on the private bus did not start"
bus=$(cat "$WORK/bus.pid")
DAEMONS+=($bus)
# The bubble is tried at once, again 2 s and 4 s later: three tries in about 5 s.
sleep 6.5
for e in bus nobus; do
  err=$(grep -v '^dbus-daemon' "$WORK/$e.err")   # dbus-daemon's own notes about fd limits
  expect_eq "$(grep -c -- "$sentence" <<<"$err")" 1 "$e: the sentence, once: $err"
  grep -qi "libnotify\|GDBus\|autolaunch" <<<"$err" && fail "$e: a raw warning: $err"
done
stop_daemon "$nobus"
kill -TERM "$bus"
wait_for 5 sh -c "! kill -0 $bus 2>/dev/null" || fail "the daemon on the private bus did not end"
