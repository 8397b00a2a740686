#!/usr/bin/env bash
# todo-tui with a CalDAV server, set up and driven by todo-tui (SPEC 10,
# issue 28): a real Radicale on 127.0.0.1 (a free port, a password in an
# htpasswd file) and a phone that PUTs VTODOs on it. `sync setup` writes the
# vdirsyncer configuration (no password in it) and runs discovery; bad input
# leaves nothing behind. With the daemon running (--poll-interval 5), the
# phone's item shows in the data file within 10 s, one added here reaches
# the server within 10 s, and one deleted on the server goes within 10 s; the server stopped and started again loses nothing
# and the daemon says offline once and back once; a title changed on both
# sides is told, listed by `sync conflicts` and put back by `--restore 1`;
# without the daemon, `sync` runs the same round once.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
command -v radicale >/dev/null || { echo "skipped: radicale is not installed (apt-get install radicale, or scripts/deps.sh test)"; exit 77; }
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed (apt-get install vdirsyncer, or scripts/deps.sh test)"; exit 77; }
unset TODO_TUI_VDIR
export TODO_TUI_FILE="$WORK/todos.plist" XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data"
T() { "$TODO_BIN" "$@"; }
phone() { python3 "$HERE/phone.py" "$PORT" "$@"; }
# title_of UID: the item's title in the data file (empty when absent).
title_of() { T list --all --json | python3 -c "import json,sys; print(''.join(i['title'] for i in json.load(sys.stdin) if i['uid'] == '$1'))"; }
on_server() { phone list | grep -xF "$1" >/dev/null; }
in_list() { [ "$(title_of "$1")" = "$2" ]; }

# The server: a password in an htpasswd file, each user their own calendars.
start_radicale htpasswd
echo secret >"$WORK/password"
URL="http://127.0.0.1:$PORT/"

# 1. Bad input: one error line, nothing written.
nothing_left() { [ ! -e "$WORK/config/todo-tui/vdirsyncer.conf" ] && [ ! -e "$WORK/config/todo-tui/server.json" ] && [ ! -e "$WORK/data/todo-tui/calendars" ] || fail "$1 left files: $(find "$WORK/config" "$WORK/data" 2>/dev/null)"; }
out=$(T sync setup --caldav "$URL" --user user 2>&1) && fail "setup without a password command succeeded"
expect_match "$out" "^error: no password command: add --password-command" "no password command"
expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "lines of the error"
nothing_left "no password command"
out=$(T sync setup --caldav "$URL" --user user --password-command "echo wrong" 2>&1) && fail "a wrong password was set up"
expect_match "$out" "^error: cannot reach the lists at .*Unauthorized.*nothing was set up$" "wrong password"
nothing_left "a wrong password"
out=$(T sync setup --caldav "http://127.0.0.1:1/" --user user --password-command "cat $WORK/password" 2>&1) && fail "an unreachable server was set up"
expect_match "$out" "^error: cannot reach the lists at http://127.0.0.1:1/: Cannot connect" "unreachable server"
nothing_left "an unreachable server"
out=$(T sync setup --caldav "ftp:/x" --user user --password-command "cat $WORK/password" 2>&1) && fail "a bad URL was set up"
expect_match "$out" "^error: --caldav ftp:/x: not a server address" "bad URL"
nothing_left "a bad URL"

# 2. The set-up: a server with no list gets one; no password in what was written.
out=$(T sync setup --caldav "$URL" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
expect_match "$out" "^found 1 list: Tasks" "setup's report"
phone list >/dev/null || fail "no list made on the server: $(phone list 2>&1)"
grep -rq secret "$WORK/config" && fail "the password was written: $(grep -r secret "$WORK/config")"
grep -q '^password.fetch = \["shell", "cat ' "$WORK/config/todo-tui/vdirsyncer.conf" || fail "no fetch command: $(cat "$WORK/config/todo-tui/vdirsyncer.conf")"
expect_eq "$(T sync status 2>&1 | sed -n 2p)" "last sync: never (is the daemon or the app running?)" "status before any sync"

# 3. The daemon: the phone's item here, ours there.
early=$(T add "There before the daemon")
"$TODO_BIN" daemon --poll-interval 5 2>>"$WORK/daemon.err" &
DPID=$!; DAEMONS+=("$DPID")
wait_for 10 grep -q "syncing with the server every 5 s" "$WORK/daemon.err" || fail "no server sync: $(cat "$WORK/daemon.err")"
wait_for 10 on_server "$early|There before the daemon" || fail "the first sync did not push: $(cat "$WORK/daemon.err")"
phone put milk.ics milk@phone "Buy milk"
t0=$(date +%s)
wait_for 10 in_list milk@phone "Buy milk" || fail "the phone's item did not arrive within 10 s: $(cat "$WORK/daemon.err")"
echo "phone → data file: $(( $(date +%s) - t0 )) s"
t0=$(date +%s)
mine=$(T add "Added here")
wait_for 10 on_server "$mine|Added here" || fail "an item added here did not reach the server within 10 s: $(cat "$WORK/daemon.err")"
echo "data file → server: $(( $(date +%s) - t0 )) s"
# A deletion on the server reaches the data file within the poll interval plus 5 s (issue 33, point 12).
phone put gone.ics gone@phone "Deleted on the phone"
wait_for 10 in_list gone@phone "Deleted on the phone" || fail "the phone's second item did not arrive: $(cat "$WORK/daemon.err")"
phone delete gone@phone
t0=$(date +%s)
wait_for 10 in_list gone@phone "" || fail "a deletion on the server was not here within 10 s: $(cat "$WORK/daemon.err")"
echo "deletion on the server → data file: $(( $(date +%s) - t0 )) s"
expect_match "$(T sync status)" "last sync: .*, ok" "status after syncs"

# 4. The server stopped and started again: told once each way, nothing lost.
stop_radicale
offline=$(T add "Added offline")
wait_for 10 grep -q "server offline" "$WORK/daemon.err" || fail "offline not told: $(cat "$WORK/daemon.err")"
sleep 12  # tries at 5 s and 10 s pauses, silent
expect_match "$(T sync status)" "last sync: .*, failed" "status while offline"
expect_match "$(T sync status)" "last error: .*Cannot connect" "the last error"
start_radicale
phone put bread.ics bread@phone "Buy bread"
wait_for 30 on_server "$offline|Added offline" || fail "the offline item did not reach the server: $(cat "$WORK/daemon.err")"
wait_for 15 in_list bread@phone "Buy bread" || fail "the phone's item after the outage did not arrive: $(cat "$WORK/daemon.err")"
expect_eq "$(grep -c "server offline" "$WORK/daemon.err")" 1 "offline messages"
expect_eq "$(grep -c "server back online" "$WORK/daemon.err")" 1 "back online messages"
want=$(printf '%s\n' "$early|There before the daemon" "$mine|Added here" "$offline|Added offline" "bread@phone|Buy bread" "milk@phone|Buy milk" | sort)
expect_eq "$(phone list)" "$want" "the server after the outage"
expect_eq "$(list_summary)" "$want" "the data file after the outage"

# 5. A title changed on both sides before a sync: told, set aside, restorable.
stop_daemon "$DPID"
phone set milk@phone SUMMARY "Buy oat milk"
sleep 1.1  # a later LAST-MODIFIED: this side wins
T edit milk@phone --title "Buy 2 l of milk" >/dev/null
"$TODO_BIN" daemon --poll-interval 5 2>>"$WORK/daemon2.err" &
DPID=$!; DAEMONS+=("$DPID")
wait_for 15 grep -q "^todo-tui daemon: conflict: " "$WORK/daemon2.err" || fail "the conflict was not told: $(cat "$WORK/daemon2.err")"
grep "conflict: " "$WORK/daemon2.err"
wait_for 10 on_server "milk@phone|Buy 2 l of milk" || fail "the later title did not win on the server: $(phone list)"
expect_eq "$(T sync conflicts)" "1. “Buy 2 l of milk”: title kept “Buy 2 l of milk”, set aside “Buy oat milk”" "sync conflicts"
out=$(T sync conflicts --restore 1) || fail "restore: $out"
expect_eq "$out" "restored title of “Buy 2 l of milk”: “Buy oat milk”" "restore's report"
expect_eq "$(title_of milk@phone)" "Buy oat milk" "the title put back"
wait_for 10 on_server "milk@phone|Buy oat milk" || fail "the title put back did not reach the server: $(cat "$WORK/daemon2.err")"
expect_eq "$(T sync conflicts)" "no conflicts set aside" "conflicts after the restore"
out=$(T sync conflicts --restore 1 2>&1) && fail "a second restore succeeded"
expect_eq "$out" "error: no conflict is set aside" "restore with none left"
stop_daemon "$DPID"

# 6. Without the daemon, `sync` runs the round once: ours, vdirsyncer's, ours.
phone put mum.ics mum@phone "Call mum"
late=$(T add "Added without the daemon")
out=$(T sync 2>&1) || fail "sync: $out"
expect_match "$out" "list: created “Call mum”" "sync's report"
expect_eq "$(title_of mum@phone)" "Call mum" "the phone's item after one sync"
on_server "$late|Added without the daemon" || fail "one sync did not push: $(phone list)"
grep -q "sync with .* failed:" "$WORK/daemon.err" "$WORK/daemon2.err" && fail "a sync failed: $(cat "$WORK/daemon.err" "$WORK/daemon2.err")"
echo ok
