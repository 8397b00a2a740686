#!/usr/bin/env bash
# Every calendar a list through `sync setup` (SPEC 9, 10): a real Radicale on
# 127.0.0.1 (a free port, a password in an htpasswd file) with two calendars
# the phone made, an item in each. After `sync setup` and one `sync`, both are
# lists here with their names; with the daemon running (--poll-interval 5), a
# list made here (`lists add Groceries`) becomes a calendar with its name on
# the server, an item added to it goes there, and the phone's item PUT into
# the second calendar shows in that list.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
command -v radicale >/dev/null || { echo "skipped: radicale is not installed (apt-get install radicale, or scripts/deps.sh test)"; exit 77; }
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed (apt-get install vdirsyncer, or scripts/deps.sh test)"; exit 77; }
unset TODO_TUI_VDIR TODO_TUI_LIST
export TODO_TUI_FILE="$WORK/todos.plist" XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data"
T() { "$TODO_BIN" "$@"; }
phone() { python3 "$HERE/phone.py" "$PORT" "$@"; }
on_calendar() { PHONE_CAL=$1 phone list | grep -q "|$2\$"; }
in_list() { T list --list "$1" | grep -qF "$2"; }

start_radicale htpasswd
echo secret >"$WORK/password"

# 1. The server has two calendars, an item in each: two lists here, with their names.
expect_eq "$(PHONE_CAL=personal phone mkcalendar Personal)" 201 "MKCALENDAR personal"
expect_eq "$(PHONE_CAL=work phone mkcalendar Work)" 201 "MKCALENDAR work"
PHONE_CAL=personal phone put plants.ics plants@phone "Water plants"
PHONE_CAL=work phone put report.ics report@phone "Write report"
out=$(T sync setup --caldav "http://127.0.0.1:$PORT/" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
expect_match "$out" "^found 2 lists: Personal, Work$" "setup's report"
printf '%s\n' "$out" | grep -qi "not yet\|note:" && fail "setup still leaves lists out: $out"
root="$WORK/data/todo-tui/calendars"
expect_eq "$(cat "$root/personal/displayname")" "Personal" "the displayname setup left"
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(T lists)" "$(printf '* Personal  1 pending\n  Work      1 pending')" "two calendars, two lists"
in_list Personal "Water plants" || fail "the personal item: $(T list --all)"
in_list Work "Write report" || fail "the work item: $(T list --all)"
expect_eq "$(find "$root" -maxdepth 1 -name '*.ics' | wc -l)" 0 "no item file in the root"

# 2. The daemon: a list made here becomes a calendar there, with its name.
"$TODO_BIN" daemon --poll-interval 5 2>>"$WORK/daemon.err" &
DPID=$!; DAEMONS+=("$DPID")
wait_for 10 grep -q "syncing with the server every 5 s" "$WORK/daemon.err" || fail "no server sync: $(cat "$WORK/daemon.err")"
t0=$(date +%s)
T lists add Groceries >/dev/null || fail "lists add"
wait_for 15 eval 'phone calendars | grep -qx "groceries=Groceries"' || fail "no calendar for the new list within 15 s: $(phone calendars); $(cat "$WORK/daemon.err")"
echo "lists add → calendar on the server: $(( $(date +%s) - t0 )) s"
milk=$(T add Milk --list Groceries)
wait_for 10 on_calendar groceries Milk || fail "an item of the new list did not reach its calendar: $(PHONE_CAL=groceries phone list); $(cat "$WORK/daemon.err")"
expect_eq "$(phone calendars)" "$(printf 'groceries=Groceries\npersonal=Personal\nwork=Work')" "the server's calendars"

# 3. The phone PUTs into the second calendar: the item shows in that list.
t0=$(date +%s)
PHONE_CAL=work phone put budget.ics budget@phone "Plan budget"
wait_for 15 in_list Work "Plan budget" || fail "the phone's item did not arrive in Work within 15 s: $(T list --all); $(cat "$WORK/daemon.err")"
echo "phone → the Work list: $(( $(date +%s) - t0 )) s"
in_list Personal "Plan budget" && fail "the phone's item is in Personal too"
expect_eq "$(T lists)" "$(printf '* Personal   1 pending\n  Work       2 pending\n  Groceries  1 pending')" "the lists at the end"
stop_daemon "$DPID"
grep -E "failed|offline|conflict" "$WORK/daemon.err" && fail "the daemon told a failure: $(cat "$WORK/daemon.err")"
[ -n "$milk" ] || fail "add printed no id"
echo ok
