#!/usr/bin/env bash
# One set-up, one data file (issue 33, point 2; SPEC 10): a real Radicale,
# `sync setup` for todos.plist. A second data file (notify.plist) has a daemon
# and the app of its own: they say in one line that the server is set up for
# the other file and sync nothing with it; `sync`, `sync status` and `sync
# setup` on it are refused with one error line; its header shows no sync mark.
# Meanwhile the first file's daemon syncs as before: no item crosses from one
# file to the other.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-tui.sh"
server_script
export TODO_TUI_NOTIFY=/bin/true
A="$WORK/todos.plist" B="$WORK/notify.plist"
on_b() { TODO_TUI_FILE="$B" "$TODO_BIN" "$@"; }
titles() { TODO_TUI_FILE="$1" "$TODO_BIN" list --all --json | python3 -c 'import json,sys; print(" ".join(sorted(i["title"] for i in json.load(sys.stdin))))'; }

start_radicale htpasswd
echo secret >"$WORK/password"
out=$(T sync setup --caldav "http://127.0.0.1:$PORT/" --user user --password-command "cat $WORK/password" \
  --poll-interval 3 2>&1) || fail "setup: $out"
phone put milk.ics milk@phone "Buy milk"
expect_match "$out" "set up for $A" "setup names its data file"
T add "Only in A" >/dev/null
on_b add "Only in B" >/dev/null
sumB=$(TODO_TUI_FILE="$B" filesum)

# The commands on B: one line each, nothing written.
expect_fail on_b sync
expect_match "$LAST_ERR" "^error: no vdir: .*the server is set up for $A, not for this file" "sync on B"
expect_fail on_b sync status
expect_match "$LAST_ERR" "^error: the server is set up for $A, not for this file" "sync status on B"
expect_fail on_b sync setup --caldav "http://127.0.0.1:$PORT/" --user user --password-command "cat $WORK/password"
expect_match "$LAST_ERR" "^error: the server is already set up for $A; a set-up serves one data file" "sync setup on B"
expect_eq "$(TODO_TUI_FILE="$B" filesum)" "$sumB" "B after the refusals"
expect_match "$(cat "$XDG_CONFIG_HOME/todo-tui/server.json")" "\"dataFile\" : \"$A\"" "the set-up still A's"

# Both daemons: A's syncs, B's says why it does not, once.
"$TODO_BIN" daemon 2>>"$WORK/a.err" &
DA=$!; DAEMONS+=("$DA")
TODO_TUI_FILE="$B" "$TODO_BIN" daemon --poll-interval 3 2>>"$WORK/b.err" &
DB=$!; DAEMONS+=("$DB")
wait_for 10 grep -q "syncing with the server every 3 s" "$WORK/a.err" || fail "A's daemon: $(cat "$WORK/a.err")"
wait_for 10 grep -q "notifying for $B" "$WORK/b.err" || fail "B's daemon: $(cat "$WORK/b.err")"
expect_eq "$(grep -c "the server is set up for $A, not for this file" "$WORK/b.err")" 1 "B's daemon says it once"
grep -q "syncing with the server" "$WORK/b.err" && fail "B's daemon syncs with the server: $(cat "$WORK/b.err")"

# The app on B: no sync mark in its header.
TODO_TUI_FILE="$B" tui_start 100 24 "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" "XDG_DATA_HOME=$XDG_DATA_HOME" "PATH=$PATH"
wait_screen 'Only in B'

# A's round runs: the phone's item in A, A's on the server.
wait_for 15 eval '[ "$(titles "$A")" = "Buy milk Only in A" ]' || fail "A: $(titles "$A")"
wait_for 15 eval 'phone list | grep -q "|Only in A$"' || fail "A's item did not reach the server"
phone put bread.ics bread@phone "Buy bread"
wait_for 10 eval '[ "$(titles "$A")" = "Buy bread Buy milk Only in A" ]' || fail "A after a poll: $(titles "$A")"
sleep 4  # one more poll of A's: B's daemon and app would have run theirs by now
screen | grep -Eq '✓ synced|✗ sync' && { screen; fail "the app on B shows a sync mark"; }
expect_eq "$(titles "$B")" "Only in B" "B: nothing of the server's came in"
expect_eq "$(phone list | cut -d'|' -f2 | sort | tr '\n' ' ')" "Buy bread Buy milk Only in A " "the server: nothing of B's went out"
stop_daemon "$DB"
stop_daemon "$DA"
echo ok
