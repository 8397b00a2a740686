#!/usr/bin/env bash
# The notifier follows its data file when the folder is deleted and made
# again (a restore, a sync tool): the next deadline fires as before.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"
export TODO_TUI_FILE="$WORK/data/sub/todos.plist"
T add "Before" --due "$(in_seconds 1)" >/dev/null
start_daemon
wait_calls 1 5
wait_for 5 all_delivered || fail "not recorded"  # (so that its write does not race rm)
rm -rf "$WORK/data"
sleep 0.3
mkdir -p "$WORK/data/sub"
T add "After folder" --due "$(in_seconds 2)" >/dev/null
wait_calls 2 6
expect_eq "$(calls | tail -n 1 | cut -d'|' -f6)" "After folder" "fired after the folder came back"
# The file alone deleted and made again.
rm -f "$TODO_TUI_FILE"
T add "After file" --due "$(in_seconds 2)" >/dev/null
wait_calls 3 6
wait_for 5 all_delivered || fail "not recorded"
# Deleted twice in a row, the parent too.
rm -rf "$WORK/data"; sleep 0.2; mkdir -p "$WORK/data"; sleep 0.2; rm -rf "$WORK/data"; sleep 0.2
T add "After twice" --due "$(in_seconds 2)" >/dev/null
wait_calls 4 6
expect_eq "$(calls | tail -n 1 | cut -d'|' -f6)" "After twice" "fired after two deletions"
kill -0 "$DPID" || fail "the daemon died"
stop_daemon "$DPID"
echo ok
