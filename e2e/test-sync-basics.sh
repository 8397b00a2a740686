#!/usr/bin/env bash
# `todo-tui sync` through the real binary (SPEC 7, issue 16): new items cross
# both ways (our files named after the UID, others' files keep their names),
# a change on one side reaches the other, changes of different fields on both
# sides merge, deletions cross unless the other side changed the item, a sync
# with nothing to do touches no file, and bad input changes nothing.
. "$HERE/lib.sh"; . "$HERE/lib-sync.sh"
V="$WORK/vdir"

# No vdir, or a vdir that is a file: one error line, nothing written.
expect_fail T sync
expect_match "$LAST_ERR" "no vdir" "no vdir given"
touch "$WORK/afile"
expect_fail T sync --vdir "$WORK/afile"
expect_match "$LAST_ERR" "afile" "a file as the vdir"
[ ! -e "$TODO_TUI_FILE" ] || fail "a failed sync wrote the data file"

a=$(T add "Pay rent" --due "2030-01-10 09:00")
b=$(T add "Call mum" --due "2030-01-11 18:00")
# A vdir that does not exist (a typo?) is refused, unless --create (issue 25 point 11).
before=$(filesum)
expect_fail T sync --vdir "$V"
expect_match "$LAST_ERR" "no vdir at $V .*--create" "a missing vdir is refused"
[ ! -e "$V" ] || fail "a missing vdir was created"
expect_eq "$(filesum)" "$before" "a refused sync changed nothing"
out=$(T sync --vdir "$V" --create)
echo "$out"
expect_match "$out" 'vdir: created “Pay rent”'
expect_match "$out" 'list: 0 created, 0 updated, 0 deleted; vdir: 2 created, 0 updated, 0 deleted'
[ -f "$V/$a.ics" ] || fail "no file named after the UID: $(ls "$V")"
expect_eq "$(ics_get "$V/$a.ics" SUMMARY)" "Pay rent" "SUMMARY"
expect_eq "$(ics_get "$V/$a.ics" DUE)" "20300110T090000Z" "DUE"

# Nothing to do: nothing touched (data file, status, vdir).
export TODO_TUI_VDIR="$V"
before=$(tree_stamp "$V" "$WORK"/todos.plist*)
expect_eq "$(T sync)" "nothing to do" "a second sync"
expect_eq "$(tree_stamp "$V" "$WORK"/todos.plist*)" "$before" "files after a sync with nothing to do"

# A file made elsewhere (a phone's task app): a time zone, a repeat rule, a
# warning, a property we do not map. It keeps its name and UID.
ics_write "$V/f00d.ics" "Phone-1@Example.com" "Buy milk" "DUE;TZID=Europe/Berlin:20300124T183000" \
  $'RRULE:FREQ=WEEKLY;BYDAY=MO\nPRIORITY:1\nBEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Buy milk\nTRIGGER;RELATED=END:-PT15M\nEND:VALARM'
out=$(T sync)
expect_match "$out" 'list: created “Buy milk”'
T list --json | python3 -c '
import json, sys
i = [x for x in json.load(sys.stdin) if x["title"] == "Buy milk"][0]
assert i["uid"] == "Phone-1@Example.com", i
assert i["deadline"] == "2030-01-24T17:30:00Z", i
assert i["repeat"] == "FREQ=WEEKLY;BYDAY=MO", i
assert i["warn"] == 900, i' || fail "the phone's item as read"
expect_eq "$(ls "$V" | LC_ALL=C sort | tr '\n' ' ')" "$(printf '%s\n' "$a.ics" "$b.ics" f00d.ics | LC_ALL=C sort | tr '\n' ' ')" "files"

# A change on each side reaches the other.
T edit "$a" --title "Pay rent (edited here)" >/dev/null
ics_set "$V/f00d.ics" SUMMARY "Buy oat milk"
out=$(T sync)
echo "$out"
expect_match "$out" 'vdir: updated “Pay rent \(edited here\)”'
expect_match "$out" 'list: updated “Buy oat milk”'
expect_eq "$(ics_get "$V/$a.ics" SUMMARY)" "Pay rent (edited here)" "SUMMARY after an edit here"
expect_match "$(list_summary)" 'Phone-1@Example.com\|Buy oat milk' "title after an edit there"

# Both sides, different fields: the deadline here, the title there; both kept.
# The file also keeps what we do not map.
T edit "$b" --due "2030-02-01 10:00" >/dev/null
ics_set "$V/$b.ics" SUMMARY "Call mum (from the phone)"
phone=$(T list --json | python3 -c 'import json,sys; print([x["id"] for x in json.load(sys.stdin) if x["uid"].startswith("Phone")][0])')
T edit "$phone" --due "2030-03-01 08:00" >/dev/null
T sync >/dev/null
expect_match "$(list_summary)" "$b\|Call mum \(from the phone\)" "title merged into the list"
expect_eq "$(T list --json | python3 -c "import json,sys; print([x['deadline'] for x in json.load(sys.stdin) if x['id'] == '$b'][0])")" \
  "2030-02-01T10:00:00Z" "deadline kept in the list"
expect_eq "$(ics_get "$V/$b.ics" SUMMARY)" "Call mum (from the phone)" "title in the file"
expect_eq "$(ics_get "$V/$b.ics" DUE)" "20300201T100000Z" "deadline merged into the file"
expect_eq "$(ics_get "$V/f00d.ics" PRIORITY)" "1" "an unmapped property after a rewrite"
expect_eq "$(ics_get "$V/f00d.ics" UID)" "Phone-1@Example.com" "the UID after a rewrite"
expect_eq "$(ics_get "$V/f00d.ics" RRULE)" "FREQ=WEEKLY;BYDAY=MO" "the RRULE after a rewrite"

# Deletions cross: one here, one there.
T delete "$a" >/dev/null
rm "$V/f00d.ics"
out=$(T sync)
echo "$out"
expect_match "$out" 'vdir: deleted “Pay rent \(edited here\)”'
expect_match "$out" 'list: deleted “Buy oat milk”'
[ ! -e "$V/$a.ics" ] || fail "the file of an item deleted here is still there"
expect_eq "$(list_summary | cut -d'|' -f1)" "$b" "items after the deletions"

# Deleted there but changed here since: kept, on both sides.
c=$(T add "Keep me")
T sync >/dev/null
rm "$V/$c.ics"
T edit "$c" --title "Keep me (edited)" >/dev/null
out=$(T sync)
expect_match "$out" 'vdir: created again “Keep me \(edited\)”'
[ -f "$V/$c.ics" ] || fail "an item changed here was not kept in the vdir"
# Deleted here but changed there since: kept, on both sides.
T sync >/dev/null
T delete "$c" >/dev/null
ics_set "$V/$c.ics" SUMMARY "Keep me (phone)"
out=$(T sync)
expect_match "$out" 'list: created again “Keep me \(phone\)”'

# Settled: the same items on both sides, once each.
expect_eq "$(T sync)" "nothing to do" "the last sync"
expect_eq "$(vdir_summary "$V")" "$(list_summary)" "both sides"

# A status that does not parse: one error line, nothing written.
status=$(ls "$WORK"/todos.plist.sync-*.status)
echo "not json" >"$status"
before=$(tree_stamp "$V" "$TODO_TUI_FILE")
T edit "$b" --title "changed" >/dev/null
before=$(tree_stamp "$V" "$TODO_TUI_FILE")
expect_fail T sync
expect_match "$LAST_ERR" "sync status" "a bad status"
expect_eq "$(tree_stamp "$V" "$TODO_TUI_FILE")" "$before" "files after a failed sync"
echo "ok"
