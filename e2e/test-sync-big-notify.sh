#!/usr/bin/env bash
# A due notification is on time (< 1 s late) while the daemon's live sync
# reads a 15 MB VTODO with 172,000 VALARMs dropped into the vdir just before,
# and names it as past the bound of alarms (issue 24.6: it was 14.5 s late; the sync ran in the notifier's loop, and
# read the VTODO in time growing with the square of its size).
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
export TODO_TUI_VDIR="$WORK/vdir"
V="$TODO_TUI_VDIR"
export TODO_TUI_FILE="$WORK/data/todos.plist"

python3 - "$WORK/big.ics" <<'PY' || fail "cannot write the big file"
import sys
parts = ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\nUID:big@example.org\r\n"
         "SUMMARY:One big to-do\r\nDUE:20300101T090000Z\r\n"]
for k in range(172000):
    parts.append(f"BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT{k}M\r\nDESCRIPTION:Alarm {k}\r\nEND:VALARM\r\n")
parts.append("END:VTODO\r\nEND:VCALENDAR\r\n")
open(sys.argv[1], "w").write("".join(parts))
PY
echo "big file: $(( $(stat -c %s "$WORK/big.ics") / 1048576 )) MB"

T add "There before" --due "2030-01-10 09:00" >/dev/null
start_daemon
wait_for 10 grep -q "syncing live with $V" "$WORK/daemon.err" || fail "no live sync: $(cat "$WORK/daemon.err")"
wait_for 5 sh -c "ls '$V' | grep -q ics" || fail "the first sync did not run: $(cat "$WORK/daemon.err")"

# Due in 3 s; the big file arrives 1.5 s before (the sync starts 0.7 s after it).
at=$(in_seconds 3)
T add "Due during the sync" --due "$at" >/dev/null
due=$(date -d "$at" +%s)
while [ "$(date +%s%N)" -lt $(( (due - 1) * 1000000000 - 500000000 )) ]; do sleep 0.05; done
cp "$WORK/big.ics" "$V/.big.tmp" && mv "$V/.big.tmp" "$V/big.ics"
wait_calls 1 20
line=$(calls | head -n 1)
ms=$(lateness_ms "$line")
# Past the bound of 100,000 alarms in one VTODO (ICalLimits): read, named and skipped, the rest synced.
wait_for 60 grep -q "skipped $V/big.ics: VTODO big@example.org was left out: it has 172000 alarms" "$WORK/daemon.err" ||
  fail "the big file was not read and named: $(cat "$WORK/daemon.err")"
synced=$(( $(date +%s%N) / 1000000 - due * 1000 ))
echo "notification ${ms} ms after its time; the big file synced by ${synced} ms after it"
[ "$ms" -ge 0 ] && [ "$ms" -lt 1000 ] || fail "the notification was ${ms} ms late during the sync"
grep -q "failed" "$WORK/daemon.err" && fail "a sync failed: $(cat "$WORK/daemon.err")"
stop_daemon "$DPID"
echo "ok"
