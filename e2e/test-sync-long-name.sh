#!/usr/bin/env bash
# A vdir file with a 250-byte name (made by another client) is written back
# when its item changes here, and later syncs go on (issue 24.7: the
# temporary name passed the 255-byte limit, and every later sync failed).
. "$HERE/lib.sh"; . "$HERE/lib-sync.sh"
export TODO_TUI_VDIR="$WORK/vdir"
V="$TODO_TUI_VDIR"
mkdir -p "$V"
name="$(printf 'n%.0s' $(seq 246)).ics"
expect_eq "${#name}" 250 "name length"
ics_write "$WORK/long.ics" "long-name@example.com" "Made elsewhere" "DUE:20300110T090000Z"
mv "$WORK/long.ics" "$V/$name"
T sync >/dev/null || fail "first sync"
id=$(T list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
T edit "$id" --title "Changed here" >/dev/null
out=$(T sync 2>&1) || fail "the sync failed: $out"
expect_eq "$(ics_get "$V/$name" SUMMARY)" "Changed here" "SUMMARY of the long-named file"
b=$(T add "Another" --due "2030-01-11 09:00")
T sync >/dev/null || fail "a later sync"
[ -f "$V/$b.ics" ] || fail "a later item did not reach the vdir"
expect_eq "$(ls -A "$V" | grep -c '^\.')" 0 "temporary files left"
echo "ok"
