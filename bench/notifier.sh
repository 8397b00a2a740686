#!/usr/bin/env bash
# Measures the notifier (issue 3), one figure a line as `name value unit`:
#   notifier.lateness.median / .max  — 20 fires, from each fire time to the start
#                                      of the notify command (a recording fake)
#   notifier.idle_wakeups            — the daemon's context switches per minute,
#                                      all threads, while the next deadline is hours away
#   calcurse.idle_wakeups            — the same for `calcurse --daemon`, if installed
#   notifier.burst.accounted         — 1,000 deadlines at the same second (under
#                                      ulimit -n 1024): from that second until every
#                                      one is recorded as shown (own bubble or summary)
#   notifier.burst.max_fds           — the most descriptors the daemon held meanwhile
# Usage: TODO_BIN=path/to/todo-tui bench/notifier.sh [IDLE_SECONDS (60)]
set -u
: "${TODO_BIN:?set TODO_BIN to the todo-tui binary}"
idle=${1:-60}
work=$(mktemp -d /tmp/todo-bench-notifier.XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$work"; }
trap cleanup EXIT
export TZ=UTC

# A fake notify command that records when it started.
cat >"$work/notify" <<'FAKE'
#!/bin/sh
echo "$(date +%s.%N) $TODO_DEADLINE" >>"$FAKE_OUT"
FAKE
chmod +x "$work/notify"
export FAKE_OUT="$work/arrivals" TODO_TUI_NOTIFY="$work/notify"
: >"$work/arrivals"

# switches PID: one line per thread, "TID voluntary+involuntary context switches".
switches() {
  for t in /proc/"$1"/task/*; do
    awk -v t="${t##*/}" '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print t, n + 0 }' "$t/status" 2>/dev/null
  done
}
# per_min BEFORE AFTER SECONDS: switches per minute of the threads alive at both
# ends (plus threads born in between, counted whole).
per_min() {
  awk -v s="$3" 'NR == FNR { a[$1] = $2; next } { d += $2 - ($1 in a ? a[$1] : 0) } END { printf "%.2f", d * 60 / s }' \
    <(printf '%s\n' "$1") <(printf '%s\n' "$2")
}

# 1. Lateness of 20 fires, one a second; then the same daemon idles with the
# next deadline 5 hours away (after bubbles ran, as in real use).
export TODO_TUI_FILE="$work/bench.plist"
base=$(( $(date +%s) + 3 ))
for i in $(seq 0 19); do
  "$TODO_BIN" add "Fire $i" --due "$(date -u -d "@$((base + i))" +%Y-%m-%dT%H:%M:%SZ)" >/dev/null
done
"$TODO_BIN" add "Far away" --due "in 5h" >/dev/null
"$TODO_BIN" daemon 2>"$work/daemon.err" &
daemon=$!; pids+=("$daemon")
end=$(( base + 25 ))
while [ "$(wc -l <"$work/arrivals")" -lt 20 ] && [ "$(date +%s)" -lt $end ]; do sleep 0.2; done
n=$(wc -l <"$work/arrivals")
while read -r at deadline; do
  awk -v a="$at" -v d="$(date -d "$deadline" +%s)" 'BEGIN { printf "%.1f\n", (a - d) * 1000 }'
done <"$work/arrivals" | sort -n >"$work/lateness"
echo "notifier.fires $n count"
awk '{ v[NR] = $1 } END { printf "notifier.lateness.median %.1f ms\n", v[int((NR + 1) / 2)]; printf "notifier.lateness.max %.1f ms\n", v[NR] }' "$work/lateness"

# 2. Idle, calcurse measured in the same window.
cal=""
if command -v calcurse >/dev/null; then
  mkdir -p "$work/cal"
  : >"$work/cal/todo"
  printf '%s |Far away\n' "$(date -d '+5 hours' '+%m/%d/%Y @ %H:%M -> %m/%d/%Y @ %H:%M')" >"$work/cal/apts"
  printf 'daemon.enable=yes\nnotification.command=true\n' >"$work/cal/conf"
  calcurse -D "$work/cal" --daemon >/dev/null 2>&1
  for _ in $(seq 50); do [ -s "$work/cal/.daemon.pid" ] && break; sleep 0.1; done
  cal=$(cat "$work/cal/.daemon.pid" 2>/dev/null)
  [ -n "$cal" ] && pids+=("$cal")
fi
sleep 3  # the last bubbles' threads end
a0=$(switches "$daemon"); c0=${cal:+$(switches "$cal")}
sleep "$idle"
a1=$(switches "$daemon"); c1=${cal:+$(switches "$cal")}
threads=$(ls /proc/"$daemon"/task | wc -l)
echo "notifier.idle_wakeups $(per_min "$a0" "$a1" "$idle") per_min"
echo "notifier.threads $threads threads"
if [ -n "$cal" ] && [ -n "$c1" ]; then
  echo "calcurse.idle_wakeups $(per_min "$c0" "$c1" "$idle") per_min"
else
  echo "calcurse.idle_wakeups n/a per_min"
fi

# 3. A burst: 1,000 deadlines at the same second, on another file, another daemon.
export TODO_TUI_FILE="$work/burst.plist"
due=$(( $(date +%s) + 4 ))
python3 - "$work/burst-import.plist" "$due" <<'PY'
import datetime as dt, plistlib, sys, uuid
out, due = sys.argv[1], dt.datetime.fromtimestamp(int(sys.argv[2]), dt.timezone.utc).replace(tzinfo=None)
items = {}
for i in range(1000):
    u = str(uuid.uuid4()).upper()
    items[u] = {"UUID": u, "title": f"Burst {i}", "deadline": due}
plistlib.dump({"todoItems": items}, open(out, "wb"))
PY
"$TODO_BIN" import "$work/burst-import.plist" >/dev/null
( ulimit -n 1024; exec "$TODO_BIN" daemon 2>"$work/burst.err" ) &
burst=$!; pids+=("$burst")
python3 - "$TODO_TUI_FILE" "$due" "$burst" <<'PY'
import os, plistlib, sys, time
path, due, pid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
most, end = 0, due + 60
while time.time() < end:
    try:
        most = max(most, len(os.listdir(f"/proc/{pid}/fd")))
        items = plistlib.load(open(path, "rb"))["todoItems"].values()
    except Exception:
        time.sleep(0.01)
        continue
    if time.time() >= due and all(i.get("notifiedDeadline") == i["deadline"] for i in items):
        print(f"notifier.burst.accounted {(time.time() - due) * 1000:.0f} ms")
        break
    time.sleep(0.02)
else:
    print("notifier.burst.accounted n/a ms")
print(f"notifier.burst.max_fds {most} fds")
PY
