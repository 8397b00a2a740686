#!/usr/bin/env bash
# The daemon fires each deadline within 1 s, once, with the argv and
# environment of SPEC 5 (started with descriptors 0, 1 and 2 only); a restart fires nothing twice; SIGTERM ends it with 0.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

a=$(T add 'Pay <rent> & "bills"' --due "$(in_seconds 2)")
T add "Second" --due "$(in_seconds 3)" >/dev/null
T add "Tie" --due "$(in_seconds 3)" >/dev/null
# The bubble's body follows the locale's clock: a 12-hour one here, as SPEC 5's example.
LC_TIME=en_US.UTF-8 start_daemon
wait_calls 3 8
sleep 0.5
expect_eq "$(ncalls)" 3 "calls after the three deadlines"
while IFS= read -r line; do
  ms=$(lateness_ms "$line")
  echo "lateness ${ms} ms: $line"
  [ "$ms" -ge 0 ] && [ "$ms" -lt 1000 ] || fail "fired ${ms} ms after its time: $line"
done < <(calls)

# Argv and environment, exactly.
f=$(call_for 'Pay <rent> & "bills"')
deadline=$(cut -d'|' -f5 <<<"$(head -n 1 "$f")")
expect_eq "$(head -n 1 "$f" | cut -d'|' -f2-4,6)" "deadline|$a|1|Pay <rent> & \"bills\"" "TODO_KIND|TODO_ID|TODO_BADGE|TODO_TITLE"
expect_match "$deadline" '^20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$' "TODO_DEADLINE"
due=$(date -d "$deadline" '+%b %-d at %-I:%M %p')
expect_eq "$(tail -n +2 "$f")" "--app-name=todo-tui
--urgency=critical
--icon=todo-tui
--hint=string:desktop-entry:todo-tui
--print-id
--action=complete=Complete
--action=remind=Remind in 30 minutes
Todo Item \"Pay <rent> & \"bills\"\" Is Overdue
Due $due · 1 overdue" "argv"
expect_eq "$(head -n 1 "$f" | cut -d'|' -f8)" "0 1 2 3 " "descriptors the command started with (3 is ls's own)"
expect_eq "$(tail -n 1 "$(call_for Tie)")" "Due $(date -d "$(cut -d'|' -f5 <<<"$(head -n 1 "$(call_for Tie)")")" '+%b %-d at %-I:%M %p') · 3 overdue" "badge of the tie"

# Delivered state is in the file: nothing pending, and a restart fires nothing.
expect_eq "$(T pending --json | tr -d ' \n')" '{"notifications":[],"unscheduled":0}' "pending after delivery"
stop_daemon "$DPID"
grep -q "ending on signal 15" "$WORK/daemon.err" || fail "no clean end: $(cat "$WORK/daemon.err")"
start_daemon
sleep 1.5
expect_eq "$(ncalls)" 3 "calls after a restart"
kill -INT "$DPID"; wait "$DPID"; expect_eq "$?" 0 "exit status after SIGINT"
echo "ok"
