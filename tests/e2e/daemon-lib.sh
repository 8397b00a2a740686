# Helpers for the daemon tests (sourced after lib.sh): a recording fake notify
# command, and starting/stopping daemons that are always cleaned up.
#
# The fake records each call as one file in $WORK/calls: a first line
# "arrival|kind|id|badge|deadline|title|count" (arrival in seconds.nanoseconds),
# then one argv element a line. It then sources $WORK/reply-TITLE (or
# $WORK/reply-default) when present: `echo complete`, `exec sleep 600`, `exit 3`…
mkdir -p "$WORK/calls"
export FAKE_DIR="$WORK"
cat >"$WORK/notify" <<'FAKE'
#!/bin/bash
arrival=$(date +%s.%N)
f="$FAKE_DIR/calls/$(date +%s%N)-$$"
{ printf '%s|%s|%s|%s|%s|%s|%s\n' "$arrival" "$TODO_KIND" "$TODO_ID" "$TODO_BADGE" "$TODO_DEADLINE" "$TODO_TITLE" "${TODO_COUNT:-}"
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
trap cleanup_daemons EXIT

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
