#!/usr/bin/env bash
# A change through the CLI reschedules the running daemon at once: an edited
# deadline fires at its new time, a completed item never fires, an added one fires.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"

far=$(T add "Far away" --due "in 5h")
start_daemon
sleep 0.3
T edit "$far" --due "$(in_seconds 2)" >/dev/null
done_id=$(T add "Done before due" --due "$(in_seconds 2)")
T complete "$done_id" >/dev/null
T add "Added while running" --due "$(in_seconds 3)" >/dev/null
wait_calls 2 8
sleep 1.2
expect_eq "$(calls | cut -d'|' -f6 | tr '\n' ,)" "Far away,Added while running," "the calls"
while IFS= read -r line; do
  ms=$(lateness_ms "$line")
  [ "$ms" -ge 0 ] && [ "$ms" -lt 1000 ] || fail "fired ${ms} ms after its time: $line"
done < <(calls)
# A reminder set through the CLI fires as a reminder, with the deadline unchanged.
T remind "$far" --in 2s >/dev/null
wait_calls 3 6
line=$(calls | tail -n 1)
expect_eq "$(cut -d'|' -f2,6 <<<"$line")" "reminder|Far away" "the reminder call"
expect_eq "$(tail -n 2 "$(ls -t "$WORK"/calls/* | head -n 1)" | head -n 1)" 'Reminder: Todo Item "Far away" Is Overdue' "reminder summary"
# A file that does not parse: said once, never overwritten; the daemon waits
# for the file to change and goes on.
printf 'garbage' >"$TODO_TUI_FILE"
before=$(filesum)
wait_for 5 grep -q "not a readable to-do file" "$WORK/daemon.err" || fail "no word of the bad file: $(cat "$WORK/daemon.err")"
kill -0 "$DPID" || fail "the daemon ended on a bad file"
expect_eq "$(filesum)" "$before" "the bad file is untouched"
rm -f "$TODO_TUI_FILE"
T add "After repair" --due "$(in_seconds 1)" >/dev/null
repaired() { calls | grep -q '|After repair|'; }
wait_for 5 repaired || fail "nothing fired after the repair"
expect_eq "$(grep -c "not a readable to-do file" "$WORK/daemon.err")" 1 "said once"
stop_daemon "$DPID"
echo ok
