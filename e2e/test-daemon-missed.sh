#!/usr/bin/env bash
# Notifications missed while nothing ran fire once at the next start; more
# than 3 are collapsed into one summary bubble (TODO_COUNT, no actions); 3 or
# fewer fire one by one.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

for i in 1 2 3 4 5; do T add "Missed $i" --due "$(in_seconds $(( -7200 + i )))" >/dev/null; done
T add "Future" --due "in 3h" >/dev/null
start_daemon
wait_calls 1 5
sleep 1
expect_eq "$(ncalls)" 1 "one summary for five missed"
line=$(calls)
expect_eq "$(cut -d'|' -f2,3,4,6,7 <<<"$line")" "summary||5|5 to-dos are due|5" "kind|id|badge|title|count"
f=$(ls "$WORK"/calls/*)
expect_eq "$(sed -n 2,7p "$f")" "--app-name=todo-tui
--urgency=critical
--icon=todo-tui
--hint=string:desktop-entry:todo-tui
--print-id
5 to-dos are due" "summary argv (no actions)"
expect_match "$(sed -n 8p "$f")" '^"Missed 1" · Due ' "first body line"
expect_eq "$(tail -n +8 "$f" | wc -l)" 6 "body lines (five items, the overdue count)"
expect_eq "$(tail -n 1 "$f")" "5 overdue" "last body line"
stop_daemon "$DPID"
start_daemon
sleep 1
expect_eq "$(ncalls)" 1 "nothing again after a restart"
stop_daemon "$DPID"

# Three missed on another file: three bubbles.
export TODO_TUI_FILE="$WORK/other.plist"
for i in 1 2 3; do T add "Old $i" --due "$(in_seconds $(( -3600 + i )))" >/dev/null; done
start_daemon "$WORK/other.err"
wait_calls 4 5
sleep 1
expect_eq "$(calls | cut -d'|' -f2,4,6 | grep Old | sort | tr '\n' ,)" "deadline|1|Old 1,deadline|2|Old 2,deadline|3|Old 3," "three single bubbles"
stop_daemon "$DPID"
echo ok
