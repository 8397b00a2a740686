#!/usr/bin/env bash
# Every alarm rings (issue 36): a vdir file written as Thunderbird writes a to-do
# with three alarms (before the start, at the due time, after it) rings three
# bubbles through the daemon, each within 1 s of its instant, none twice across
# a restart. The alarm at the due time rings as the deadline's bubble; each
# alert's bubble says what it is for ("starts now: TITLE", "due now: TITLE").
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
export TODO_TUI_VDIR="$WORK/vdir"
export TODO_TUI_FILE="$WORK/data/todos.plist"
mkdir -p "$TODO_TUI_VDIR"

t0=$(( $(date +%s) + 6 ))
stamp() { date -u -d "@$1" +%Y%m%dT%H%M%SZ; }
# Start at t0+2, due at t0+5: before the start (-PT2S, related to the start by
# default) at t0, at the due time at t0+5, after it (RELATED=END:PT2S) at t0+7.
ics_write "$TODO_TUI_VDIR/alarms.ics" "alarms-1@example.org" "Three alarms" "DUE:$(stamp $((t0 + 5)))" \
"DTSTART:$(stamp $((t0 + 2)))
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER;VALUE=DURATION:-PT2S
DESCRIPTION:Default Mozilla Description
END:VALARM
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER;VALUE=DURATION;RELATED=END:PT0S
DESCRIPTION:Default Mozilla Description
END:VALARM
BEGIN:VALARM
ACTION:AUDIO
TRIGGER;VALUE=DURATION;RELATED=END:PT2S
END:VALARM"
start_daemon
wait_for 5 sh -c "\"$TODO_BIN\" list | grep -q 'Three alarms'" || fail "the vdir's item did not arrive: $(cat "$WORK/daemon.err")"
wait_calls 3 15
k=0
said=("starts now: Three alarms" 'Todo Item "Three alarms" Is Overdue' "due now: Three alarms")
for want in "$t0 alert" "$((t0 + 5)) deadline" "$((t0 + 7)) alert"; do
  k=$((k + 1))
  line=$(calls | sed -n "${k}p")
  expect_eq "$(cut -d'|' -f2 <<<"$line")" "${want#* }" "kind of bubble $k"
  # The call's file: its first line, then the argv; SUMMARY is the one before last.
  file=$(grep -lxF "$line" "$WORK/calls"/* | head -n 1)
  expect_eq "$(tail -n 2 "$file" | head -n 1)" "${said[$((k - 1))]}" "the summary of bubble $k"
  late=$(awk -v a="$(cut -d'|' -f1 <<<"$line")" -v d="${want% *}" 'BEGIN { printf "%d", (a - d) * 1000 }')
  echo "bubble $k (${want#* }): ${late} ms after its instant"
  [ "$late" -ge 0 ] && [ "$late" -lt 1000 ] || fail "bubble $k rang ${late} ms after its instant"
done
stop_daemon "$DPID"
start_daemon
sleep 2
expect_eq "$(ncalls)" 3 "calls after a restart"
stop_daemon "$DPID"
echo "ok"
