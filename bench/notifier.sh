#!/usr/bin/env bash
# Measures the notifier (issue 3), one figure a line as `name value unit`:
#   notifier.lateness.median / .max  — 20 fires, from each fire time to the start
#                                      of the notify command (a recording fake)
#   notifier.idle_wakeups            — the daemon's context switches per minute,
#                                      all threads, while the next deadline is hours away
#   calcurse.idle_wakeups            — the same for `calcurse --daemon`, if installed
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

# switches PID: voluntary + involuntary context switches of all its threads.
switches() {
  cat /proc/"$1"/task/*/status 2>/dev/null |
    awk '/^(voluntary|nonvoluntary)_ctxt_switches/ { n += $2 } END { print n + 0 }'
}

# 1. Idle: the next deadline is 5 hours away. calcurse measured in the same window.
export TODO_TUI_FILE="$work/idle.plist"
"$TODO_BIN" add "Far away" --due "in 5h" >/dev/null
"$TODO_BIN" daemon 2>"$work/idle.err" &
daemon=$!; pids+=("$daemon")
cal=""
if command -v calcurse >/dev/null; then
  mkdir -p "$work/cal"
  : >"$work/cal/todo"
  printf '%s |Far away\n' "$(date -d '+5 hours' '+%m/%d/%Y @ %H:%M -> %m/%d/%Y @ %H:%M')" >"$work/cal/apts"
  printf 'daemon.enable=yes\nnotification.command=true\n' >"$work/cal/conf"
  calcurse -D "$work/cal" --daemon >/dev/null 2>&1
  for _ in $(seq 50); do [ -s "$work/cal/.calcurse-daemon.pid" ] || [ -s "$work/cal/.daemon.pid" ] && break; sleep 0.1; done
  cal=$(cat "$work/cal/.calcurse-daemon.pid" "$work/cal/.daemon.pid" 2>/dev/null | head -n 1)
  [ -n "$cal" ] && pids+=("$cal")
fi
sleep 2
a0=$(switches "$daemon"); c0=${cal:+$(switches "$cal")}
sleep "$idle"
a1=$(switches "$daemon"); c1=${cal:+$(switches "$cal")}
threads=$(ls /proc/"$daemon"/task | wc -l)
awk -v d=$((a1 - a0)) -v s="$idle" 'BEGIN { printf "notifier.idle_wakeups %.2f per_min\n", d * 60 / s }'
echo "notifier.threads $threads threads"
if [ -n "$cal" ] && [ -n "$c1" ]; then
  awk -v d=$((c1 - c0)) -v s="$idle" 'BEGIN { printf "calcurse.idle_wakeups %.2f per_min\n", d * 60 / s }'
else
  echo "calcurse.idle_wakeups n/a per_min"
fi
kill "$daemon"; wait "$daemon" 2>/dev/null
[ -n "$cal" ] && kill "$cal" 2>/dev/null

# 2. Lateness of 20 fires, one a second.
export TODO_TUI_FILE="$work/late.plist"
base=$(( $(date +%s) + 3 ))
for i in $(seq 0 19); do
  "$TODO_BIN" add "Fire $i" --due "$(date -u -d "@$((base + i))" +%Y-%m-%dT%H:%M:%SZ)" >/dev/null
done
"$TODO_BIN" daemon 2>"$work/late.err" &
daemon=$!; pids+=("$daemon")
end=$(( base + 25 ))
while [ "$(wc -l <"$work/arrivals" 2>/dev/null || echo 0)" -lt 20 ] && [ "$(date +%s)" -lt $end ]; do sleep 0.2; done
kill "$daemon"; wait "$daemon" 2>/dev/null
n=$(wc -l <"$work/arrivals")
while read -r at deadline; do
  awk -v a="$at" -v d="$(date -d "$deadline" +%s)" 'BEGIN { printf "%.1f\n", (a - d) * 1000 }'
done <"$work/arrivals" | sort -n >"$work/lateness"
echo "notifier.fires $n count"
awk '{ v[NR] = $1 } END { printf "notifier.lateness.median %.1f ms\n", v[int((NR + 1) / 2)]; printf "notifier.lateness.max %.1f ms\n", v[NR] }' "$work/lateness"
