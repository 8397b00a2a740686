#!/usr/bin/env bash
# Deletions that come back (issue 28): a real Radicale on 127.0.0.1 (a free
# port, a password in an htpasswd file), `sync setup`, the daemon running
# (--poll-interval 5). A calendar deleted on the server (as a phone or a web
# page does) takes its list here along, and is not made again on the server;
# the item changed here meanwhile is kept, moved to the default list, told
# once. A list deleted here (`lists delete`) deletes its calendar on the
# server, and does not come back either way.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
server_script
title_of() { T list --all --json | python3 -c "import json,sys; print(''.join(i['title'] for i in json.load(sys.stdin) if i['uid'] == '$1'))"; }
list_of() { T list --all --json | python3 -c "import json,sys; print(''.join(i.get('list') or '' for i in json.load(sys.stdin) if i['uid'] == '$1'))"; }
calendars() { phone calendars | cut -d= -f1 | tr '\n' ' '; }

start_radicale htpasswd
echo secret >"$WORK/password"
calendar_made_there personal Personal rent@phone "Pay rent"
calendar_made_there work Work report@phone "Write report"
PHONE_CAL=work phone put budget.ics budget@phone "Plan budget"
out=$(T sync setup --caldav "http://127.0.0.1:$PORT/" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(lists)" "Personal Work " "two calendars, two lists"
expect_eq "$(title_of budget@phone)" "Plan budget" "the work item here"

server_daemon
sleep 7  # a poll after the files came: they are in step with the server

# 1. The phone deletes the calendar Work; meanwhile one of its items is changed here.
expect_eq "$(PHONE_CAL=work phone rmcalendar)" 200 "DELETE of the calendar work"
T edit budget@phone --title "Plan budget 2027" >/dev/null || fail "edit"
t0=$(date +%s)
wait_for 20 eval '[ "$(lists)" = "Personal " ]' || fail "the list Work is still here: $(T lists); $(cat "$WORK/daemon.err")"
echo "calendar deleted on the server → list gone here: $(( $(date +%s) - t0 )) s"
expect_eq "$(title_of report@phone)" "" "the item in step with the server went with its calendar"
expect_eq "$(title_of budget@phone)" "Plan budget 2027" "the item changed here is kept"
expect_eq "$(list_of budget@phone)" "" "in the default list (Personal)"
wait_for 15 eval 'PHONE_CAL=personal phone list | grep -qx "budget@phone|Plan budget 2027"' || fail "the kept item did not reach the default calendar: $(PHONE_CAL=personal phone list); $(cat "$WORK/daemon.err")"
sleep 11  # two polls more: nothing makes the calendar again
expect_eq "$(calendars)" "personal " "the server's calendars (work not made again)"
expect_eq "$(lists)" "Personal " "the lists here"
expect_eq "$(grep -c "deleted on the server" "$WORK/daemon.err")" 1 "told once ($(grep "deleted on the server" "$WORK/daemon.err"))"
grep -q "moved to “Personal”: “Plan budget 2027”" "$WORK/daemon.err" || fail "the move not told: $(cat "$WORK/daemon.err")"

# 2. A list made here, then deleted here: its calendar goes from the server.
T lists add Groceries >/dev/null || fail "lists add"
T add Milk --list Groceries >/dev/null 2>&1 || fail "add"
wait_for 15 eval 'PHONE_CAL=groceries phone list | grep -q "|Milk$"' || fail "no calendar for the new list: $(calendars); $(cat "$WORK/daemon.err")"
T lists delete Groceries --with-items >/dev/null || fail "lists delete"
t0=$(date +%s)
wait_for 15 eval '[ "$(calendars)" = "personal " ]' || fail "the calendar groceries is still on the server: $(calendars); $(cat "$WORK/daemon.err")"
echo "list deleted here → calendar gone from the server: $(( $(date +%s) - t0 )) s"
sleep 11
expect_eq "$(calendars)" "personal " "the server's calendars after two polls more"
expect_eq "$(lists)" "Personal " "the list does not come back here"
[ -e "$WORK/data/todo-tui/calendars/groceries" ] && fail "its folder came back"
stop_daemon "$DPID"
no_failure_told "$WORK/daemon.err"

# 3. Without the daemon, one `sync` does the same round.
calendar_made_there office Office memo@phone "Read memo"
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(lists)" "Personal Office " "a calendar made on the server: a list after one sync"
expect_eq "$(PHONE_CAL=office phone rmcalendar)" 200 "DELETE of the calendar office"
out=$(T sync 2>&1) || fail "sync: $out"
expect_match "$out" "the calendar “Office” was deleted on the server: its list is removed here" "sync's report"
expect_eq "$(lists)" "Personal " "one sync took the list away"
expect_eq "$(title_of memo@phone)" "" "and its item, in step with the server"
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(calendars)" "personal " "not made again by the next sync"
echo ok
