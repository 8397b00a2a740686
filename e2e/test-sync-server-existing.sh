#!/usr/bin/env bash
# An existing vdirsyncer set-up named to `sync setup --vdirsyncer-config FILE
# --pair NAME` (issue 28): a real Radicale on 127.0.0.1 (a free port, a
# password in an htpasswd file) and the user's own configuration (a pair of
# collections keeping displayname and color), discovered and synced once by
# the user. The daemon (--poll-interval 5) runs discovery and metasync as it
# does for our own set-up: a list made here becomes a calendar with its name
# on the server within seconds; a calendar deleted on the server takes its
# list along; one `sync` brings a calendar made on the server; the user's
# file is never rewritten.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
server_script

start_radicale htpasswd
echo secret >"$WORK/password"
calendar_made_there personal Personal rent@phone "Pay rent"

# The user's own set-up, discovered and synced by the user.
mkdir -p "$WORK/calendars" "$WORK/vstatus"
conf="$WORK/vdirsyncer.conf"
vdirsyncer_conf "$conf" "$WORK/vstatus/" cal "$WORK/calendars/" "http://127.0.0.1:$PORT/" '["from a", "from b"]' \
  $'metadata = ["displayname", "color"]\nconflict_resolution = "a wins"' \
  "password.fetch = [\"command\", \"cat\", \"$WORK/password\"]"
sum=$(sha256sum "$conf")
yes | vdirsyncer -c "$conf" discover cal >/dev/null 2>&1 || fail "the user's discovery"
vdirsyncer -c "$conf" sync cal >/dev/null 2>&1 || fail "the user's sync"
vdirsyncer -c "$conf" metasync cal >/dev/null 2>&1 || fail "the user's metasync"
out=$(T sync setup --vdirsyncer-config "$conf" --pair cal 2>&1) || fail "setup: $out"
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(lists)" "Personal " "the user's calendar, a list"

# 1. With the daemon, a list made here becomes a calendar there, with its name.
server_daemon
t0=$(date +%s)
T lists add Groceries >/dev/null || fail "lists add"
wait_for 15 eval 'phone calendars | grep -qx "groceries=Groceries"' || fail "no calendar for the new list within 15 s: $(phone calendars); $(cat "$WORK/daemon.err")"
echo "lists add → calendar on the server: $(( $(date +%s) - t0 )) s"
T add Milk --list Groceries >/dev/null 2>&1 || fail "add"
wait_for 10 eval 'PHONE_CAL=groceries phone list | grep -q "|Milk$"' || fail "the item did not reach its calendar: $(cat "$WORK/daemon.err")"
sleep 6  # a poll after it went: in step with the server

# 2. The calendar deleted on the server: the list goes here, and stays gone there.
expect_eq "$(PHONE_CAL=groceries phone rmcalendar)" 200 "DELETE of the calendar groceries"
wait_for 20 eval '[ "$(lists)" = "Personal " ]' || fail "the list Groceries is still here: $(T lists); $(cat "$WORK/daemon.err")"
sleep 11
expect_eq "$(phone calendars)" "personal=Personal" "the server's calendars (groceries not made again)"
stop_daemon "$DPID"
no_failure_told "$WORK/daemon.err"

# 3. A calendar made on the server: one `sync` discovers it.
calendar_made_there office Office memo@phone "Read memo"
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(lists)" "Personal Office " "the server's new calendar, a list after one sync"
T list --list Office | grep -q "Read memo" || fail "its item: $(T list --all)"
expect_eq "$(sha256sum "$conf")" "$sum" "the user's configuration, never rewritten"
echo ok
