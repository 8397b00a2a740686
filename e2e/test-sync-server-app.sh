#!/usr/bin/env bash
# The open app runs the round with the server (issue 33, points 1 and 12;
# SPEC 10): a real Radicale, `sync setup --poll-interval 3`, the full-screen
# app in tmux and no daemon. A to-do PUT on the server (as a phone does) shows
# in the app within the poll interval plus 5 s, and one deleted there goes
# within that time too; one added in the app reaches the server within 10 s;
# the server stopped, the header shows `✗` within one round, and `✓` again once
# it is back. The app takes the round over from a daemon that ends; a daemon
# started while the app holds the notifier role waits, and takes the round
# over when the app quits.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-tui.sh"
server_script
export TODO_TUI_NOTIFY=/bin/true
POLL=3
on_server() { phone list | grep -xF "$1" >/dev/null; }
in_file() { T list --all --json | grep -qF "\"$1\""; }
since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

start_radicale htpasswd
echo secret >"$WORK/password"
out=$(T sync setup --caldav "http://127.0.0.1:$PORT/" --user user --password-command "cat $WORK/password" \
  --poll-interval $POLL 2>&1) || fail "setup: $out"
T add "Written before the app" >/dev/null

# 0. A daemon holds the notifier role when the app opens: the app waits;
# when the daemon ends, the app takes the role and the round over.
"$TODO_BIN" daemon 2>>"$WORK/daemon0.err" &
D0=$!; DAEMONS+=("$D0")
wait_for 10 grep -q "syncing with the server every $POLL s" "$WORK/daemon0.err" || fail "the first daemon: $(cat "$WORK/daemon0.err")"
tui_start 100 24 "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" "XDG_DATA_HOME=$XDG_DATA_HOME" "PATH=$PATH"
wait_for 15 eval 'phone list | grep -q "|Written before the app$"' || fail "the daemon's round did not push: $(cat "$WORK/daemon0.err")"
wait_screen '✓ synced [0-9]{2}:[0-9]{2}' 10
stop_daemon "$D0"
phone put first.ics first@phone "Arrived after the daemon"
wait_screen 'Arrived after the daemon' $((POLL + 5))

# 1. The phone's item shows in the open app within the poll interval plus 5 s.
phone put milk.ics milk@phone "Buy milk"
t0=$(date +%s%N)
wait_screen 'Buy milk' $((POLL + 5))
echo "phone → open app: $(since "$t0") ms (poll interval ${POLL} s)"

# 2. An item added in the app reaches the server within 10 s.
keys a
wait_screen 'Add item'
type_text "Added in the app"
keys Enter
keys Enter
wait_screen 'Added “Added in the app”' 5
t0=$(date +%s%N)
wait_for 10 eval 'phone list | grep -q "|Added in the app$"' || { screen; fail "the app's item did not reach the server within 10 s: $(phone list)"; }
echo "open app → server: $(since "$t0") ms"

# 3. A deletion on the server leaves the app within the poll interval plus 5 s.
phone delete milk@phone
t0=$(date +%s%N)
wait_gone 'Buy milk' $((POLL + 5))
echo "deletion on the server → open app: $(since "$t0") ms"
in_file milk@phone && fail "the deleted item is still in the data file"

# 4. The server stopped: `✗` within one round; back: `✓` again, and what waited goes across.
stop_radicale
t0=$(date +%s%N)
wait_screen '✗ sync failed [0-9]{2}:[0-9]{2}' $((POLL + 5))
echo "server stopped → ✗ in the header: $(since "$t0") ms"
T add "Added while offline" >/dev/null
start_radicale
wait_screen '✓ synced' 30
wait_for 15 eval 'phone list | grep -q "|Added while offline$"' || fail "what waited did not reach the server: $(phone list)"
expect_match "$(T sync status)" "last sync: .*, ok" "sync status after the app's rounds"

# 5. A daemon started now waits; when the app quits, it runs the round.
"$TODO_BIN" daemon 2>>"$WORK/daemon.err" &
DPID=$!; DAEMONS+=("$DPID")
wait_for 10 grep -q "another notifier" "$WORK/daemon.err" || fail "the daemon did not wait: $(cat "$WORK/daemon.err")"
keys q
wait_for 10 grep -q "syncing with the server every $POLL s" "$WORK/daemon.err" || fail "the daemon did not take the round over: $(cat "$WORK/daemon.err")"
phone put bread.ics bread@phone "Buy bread"
wait_for $((POLL + 5)) in_file bread@phone || fail "the daemon's round did not bring the phone's item: $(cat "$WORK/daemon.err")"
stop_daemon "$DPID"
pgrep -f "vdirsyncer -c $XDG_CONFIG_HOME/" >/dev/null && fail "a vdirsyncer run was left behind: $(pgrep -af vdirsyncer)"
want=$(printf '%s\n' "Added in the app" "Added while offline" "Arrived after the daemon" "Buy bread" "Written before the app" | sort)
expect_eq "$(phone list | cut -d'|' -f2 | sort)" "$want" "the server at the end"
echo ok
