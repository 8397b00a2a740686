#!/usr/bin/env bash
# A list's last item deleted (issue 34 point 3): a real Radicale, `sync
# setup`, three calendars of one item each. The phone deletes the only item
# of Work, this machine the only item of Home: vdirsyncer refuses to sync a
# collection emptied on one side ("Storage … was completely emptied") unless
# told. One round carries out both emptyings, for those two collections
# only; items added to other lists afterwards cross too; `sync status` says
# ok. A calendar whose items are all gone from the server and the other
# calendars with it (a server that lost its data) is not emptied here: told
# with its real cause, not "offline", and the other lists still sync.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"
server_script
here() { T list --all --json | python3 -c "import json,sys; print(' '.join(sorted(i['title'] for i in json.load(sys.stdin))))"; }
where_there() { phone where | tr '\n' ' '; }

start_radicale htpasswd
echo secret >"$WORK/password"
calendar_made_there personal Personal rent@phone "Pay rent"
calendar_made_there work Work report@phone "Write report"
calendar_made_there home Home plants@phone "Water plants"
out=$(T sync setup --caldav "http://127.0.0.1:$PORT/" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
out=$(T sync 2>&1) || fail "first sync: $out"
expect_eq "$(lists)" "Home Personal Work " "three lists"
expect_eq "$(here)" "Pay rent Water plants Write report" "the items here"

# Both emptyings, one on each side.
phone delete report@phone
T delete plants@phone >/dev/null || fail "delete here"
T sync >"$WORK/sync.out" 2>"$WORK/sync.err" || fail "the round after both emptyings failed: $(cat "$WORK/sync.out" "$WORK/sync.err")"
expect_eq "$(here)" "Pay rent" "the phone's deletion crossed in one round"
expect_eq "$(where_there)" "personal|Pay rent " "this side's deletion crossed in one round"
expect_eq "$(lists)" "Home Personal Work " "the emptied lists stay"
expect_match "$(T sync status)" "last sync: .*, ok" "sync status"

# Afterwards: items added on both sides, to other lists and to the emptied ones.
T add "Buy milk" --list Personal >/dev/null || fail "add"
T add "Plan week" --list Work >/dev/null || fail "add --list"
PHONE_CAL=personal phone put bins.ics bins@phone "Take out bins"
PHONE_CAL=home phone put fern.ics fern@phone "Repot fern"
out=$(T sync 2>&1) || fail "the next round: $out"
expect_eq "$(here)" "Buy milk Pay rent Plan week Repot fern Take out bins" "everything here"
expect_eq "$(where_there)" "home|Repot fern personal|Buy milk personal|Pay rent personal|Take out bins work|Plan week " "everything there"
grep -q "emptied" "$WORK/sync.err" || fail "the emptyings were not told: $(cat "$WORK/sync.err")"

# A server that lost every item of every calendar at once: not carried out here.
for u in rent@phone bins@phone fern@phone; do phone delete "$u"; done
uid=$(T list --all --json | python3 -c "import json,sys; print([i['uid'] for i in json.load(sys.stdin) if i['title'] == 'Buy milk'][0])")
phone delete "$uid"
uid=$(T list --all --json | python3 -c "import json,sys; print([i['uid'] for i in json.load(sys.stdin) if i['title'] == 'Plan week'][0])")
phone delete "$uid"
T sync >"$WORK/lost.out" 2>&1 && fail "a server emptied of everything was carried out: $(cat "$WORK/lost.out")"
expect_eq "$(here)" "Buy milk Pay rent Plan week Repot fern Take out bins" "nothing deleted here"
grep -q "offline" "$WORK/lost.out" && fail "told as offline: $(cat "$WORK/lost.out")"
expect_match "$(cat "$WORK/lost.out")" "emptied" "the real cause told"
expect_match "$(T sync status)" "last error: .*emptied" "sync status names the cause"
echo ok
