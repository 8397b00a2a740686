#!/usr/bin/env bash
# `sync setup` run again with another --user (issue 33, point 5): a real
# Radicale with two users. The lists keep the names given here (not
# `someoneelse/tasks`), the new account gets them with their items, and no
# sync afterwards is refused as an emptied calendar, told as "offline", or
# advises --force-delete. Run again for the same user, nothing changes.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"
server_script
start_radicale htpasswd
echo "someoneelse:secret2" >>"$WORK/htpasswd"
echo secret >"$WORK/password"; echo secret2 >"$WORK/password2"
setup() { T sync setup --caldav "http://127.0.0.1:$PORT/" --password-command "cat $WORK/$2" --user "$1" 2>&1; }
# items_of USER: the titles in every calendar of the user on the server (Radicale's own files).
items_of() { cat "$WORK"/radicale/collection-root/"$1"/*/*.ics 2>/dev/null | grep '^SUMMARY:' | cut -d: -f2- | tr -d '\r' | sort | tr '\n' ' '; }

out=$(setup user password) || fail "setup: $out"
out=$(T sync 2>&1) || fail "the first sync: $out"
T lists rename Tasks "My tasks" >/dev/null || fail "rename"
T lists add Errands >/dev/null || fail "lists add"
T add "Pay rent" --list "My tasks" >/dev/null
T add "Buy stamps" --list Errands >/dev/null
out=$(T sync 2>&1) || fail "sync: $out"
expect_eq "$(lists)" "My tasks Errands " "the lists before"
expect_eq "$(items_of user)" "Buy stamps Pay rent " "the first account's items"

# Set up again, another user: the names stay, the new account gets the lists.
out=$(setup someoneelse password2) || fail "setup again: $out"
echo "$out"
expect_match "$out" "found 2 lists: (My tasks, Errands|Errands, My tasks)" "setup's report"
expect_eq "$(lists)" "My tasks Errands " "the lists after setting up again"
out=$(T sync 2>&1) || fail "the first sync with the new account: $out"
if printf '%s' "$out" | grep -Ei "offline|force-delete|emptied"; then fail "the sync told: $out"; fi
expect_eq "$(lists)" "My tasks Errands " "the lists after a sync"
expect_eq "$(items_of someoneelse)" "Buy stamps Pay rent " "the new account's items"
out=$(T sync 2>&1) || fail "the second sync: $out"
expect_match "$out" "nothing to do" "the second sync"

# The same user again: the status is kept, nothing changes.
out=$(setup someoneelse password2) || fail "setup for the same user: $out"
out=$(T sync 2>&1) || fail "sync: $out"
expect_match "$out" "nothing to do" "a sync after setting up the same account again"
expect_eq "$(lists)" "My tasks Errands " "the lists at the end"
echo ok
