# Helpers for the daemon tests (sourced after lib.sh): a recording fake notify
# command, and starting/stopping daemons that are always cleaned up.
#
# The fake records each call as one file in $WORK/calls: a first line
# "arrival|kind|id|badge|deadline|title|count|fds" (arrival in seconds.nanoseconds;
# fds: the descriptors the command was started with), then one argv element a line. It then sources $WORK/reply-TITLE (or
# $WORK/reply-default) when present: `echo complete`, `exec sleep 600`, `exit 3`…
mkdir -p "$WORK/calls"
export FAKE_DIR="$WORK"
cat >"$WORK/notify" <<'FAKE'
#!/bin/bash
arrival=$(date +%s.%N)
f="$FAKE_DIR/calls/$(date +%s%N)-$$"
fds=$(ls /proc/self/fd | tr '\n' ' ')
{ printf '%s|%s|%s|%s|%s|%s|%s|%s\n' "$arrival" "$TODO_KIND" "${TODO_ID:-}" "$TODO_BADGE" "$TODO_DEADLINE" "$TODO_TITLE" "${TODO_COUNT:-}" "$fds"
  printf '%s\n' "$@"; } >"$f.tmp"
mv "$f.tmp" "$f"
echo $$ >"$FAKE_DIR/pid-$TODO_TITLE"
r="$FAKE_DIR/reply-$TODO_TITLE"; [ -f "$r" ] || r="$FAKE_DIR/reply-default"
[ -f "$r" ] && . "$r"
exit 0
FAKE
chmod +x "$WORK/notify"
export TODO_TUI_NOTIFY="$WORK/notify"

DAEMONS=()
cleanup_daemons() { for p in "${DAEMONS[@]}"; do kill -KILL "$p" 2>/dev/null; done; }
at_exit cleanup_daemons

# start_daemon [ERRFILE]: starts `todo-tui daemon` (pid in $DPID) and waits until it notifies.
start_daemon() {
  local err=${1:-$WORK/daemon.err}
  "$TODO_BIN" daemon 2>>"$err" &
  DPID=$!
  DAEMONS+=("$DPID")
  wait_for 10 grep -q "notifying for" "$err" || fail "the daemon did not start: $(cat "$err")"
}

# stop_daemon PID: SIGTERM; it must exit 0 within 5 s.
stop_daemon() {
  local pid=$1 end=$(( $(date +%s) + 5 ))
  kill -TERM "$pid"
  while kill -0 "$pid" 2>/dev/null; do
    [ "$(date +%s)" -lt $end ] || fail "the daemon did not end on SIGTERM"
    sleep 0.05
  done
  wait "$pid"; local rc=$?
  expect_eq "$rc" 0 "exit status after SIGTERM"
}

ncalls() { find "$WORK/calls" -type f ! -name '*.tmp' | wc -l; }
# calls: the first lines of all calls, by arrival.
calls() { for f in "$WORK/calls"/*; do [ -f "$f" ] && head -n 1 "$f"; done | sort; }
# call_for TITLE: the file of the (first) call for that title.
call_for() { grep -l "^[^|]*|[^|]*|[^|]*|[^|]*|[^|]*|$1|" "$WORK/calls"/* | head -n 1; }
has_calls() { [ "$(ncalls)" -ge "$1" ]; }
# wait_calls N SECONDS: until at least N calls were made.
wait_calls() { wait_for "$2" has_calls "$1" || fail "expected $1 calls within $2 s, got $(ncalls): $(calls)"; }

# in_seconds N: an ISO 8601 instant N seconds from now, whole seconds.
in_seconds() { date -u -d "@$(( $(date +%s) + $1 ))" +%Y-%m-%dT%H:%M:%SZ; }

# check_lateness: every call arrived between 0 and 1 s after its fire time
# (the deadline for deadline calls); prints the lateness of each in ms.
lateness_ms() { # LINE
  local arrival deadline
  arrival=$(cut -d'|' -f1 <<<"$1"); deadline=$(date -d "$(cut -d'|' -f5 <<<"$1")" +%s)
  awk -v a="$arrival" -v d="$deadline" 'BEGIN { printf "%d\n", (a - d) * 1000 }'
}

# make_burst N SECONDS [PREFIX]: imports N items ("PREFIX 1"…) all due at the
# same whole second, SECONDS from now (import is not refused past 64 slots).
make_burst() {
  python3 - "$WORK/burst.plist" "$1" "$2" "${3:-Burst}" <<'PY' || fail "cannot write the burst"
import datetime as dt, plistlib, sys, uuid
out, n, secs, prefix = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
now = dt.datetime.now(dt.timezone.utc).replace(microsecond=0, tzinfo=None)
due = now + dt.timedelta(seconds=secs)
items = {}
for i in range(n):
    u = str(uuid.uuid4()).upper()
    items[u] = {"UUID": u, "title": f"{prefix} {i + 1}", "deadline": due}
plistlib.dump({"todoItems": items}, open(out, "wb"))
PY
  T import "$WORK/burst.plist" >/dev/null || fail "import of the burst"
}

# accounted: "BUBBLES SUMMED" — distinct items that had their own bubble, and
# the sum of TODO_COUNT over summary bubbles.
accounted() {
  python3 - "$WORK/calls" <<'PY'
import os, sys
d = sys.argv[1]; ids = set(); counted = 0
for f in os.listdir(d):
    if f.endswith(".tmp"): continue
    first = open(os.path.join(d, f), errors="replace").readline().rstrip("\n").split("|")
    if len(first) < 7: continue
    if first[6]: counted += int(first[6])
    elif first[2]: ids.add(first[2])
print(len(ids), counted)
PY
}
# all_accounted N: every one of N items had its own bubble or was counted in a summary.
all_accounted() { local a; a=$(accounted); [ $(( ${a% *} + ${a#* } )) -ge "$1" ]; }

# undelivered: how many pending items' deadlines are not recorded as delivered in the file.
undelivered() {
  python3 - "$TODO_TUI_FILE" <<'PY'
import plistlib, sys
items = plistlib.load(open(sys.argv[1], "rb"))["todoItems"].values()
print(sum(1 for i in items if "completed" not in i and i.get("notifiedDeadline") != i["deadline"]))
PY
}
all_delivered() { [ "$(undelivered)" -eq 0 ]; }

# fd_count PID: the descriptors the process holds now.
fd_count() { ls /proc/"$1"/fd 2>/dev/null | wc -l; }
# children PID: the direct children of the process (commands still running).
children() { cat /proc/"$1"/task/*/children 2>/dev/null | wc -w; }
# watch_fds PID FILE: in the background, keeps the most descriptors PID held
# (sampled every 20 ms) in FILE until it ends; the sampler's pid is in $WATCHER.
watch_fds() {
  ( max=0; while kill -0 "$1" 2>/dev/null; do
      n=$(fd_count "$1"); [ "$n" -gt "$max" ] && { max=$n; echo "$max" >"$2"; }
      sleep 0.02
    done ) &
  WATCHER=$!
  DAEMONS+=("$WATCHER")
}
