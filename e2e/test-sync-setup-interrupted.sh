#!/usr/bin/env bash
# `sync setup` against a server that never answers (issue 33, point 6): it
# says at once what it is doing and for how long at most; SIGINT (Ctrl-C) or
# SIGTERM ends it with one error line, and leaves nothing behind: no hidden
# temporary configuration, no empty vdirsyncer-status/, no vdirsyncer left
# running. An earlier set-up stays as it was.
. "$HERE/lib.sh"
command -v vdirsyncer >/dev/null || { echo "skipped: vdirsyncer is not installed (apt-get install vdirsyncer, or scripts/deps.sh test)"; exit 77; }
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data"
# A server that takes connections and never answers.
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
print(s.getsockname()[1], flush=True)
held = []
while True:
    c, _ = s.accept(); held.append(c)
' >"$WORK/port" &
SPID=$!
at_exit 'kill $SPID 2>/dev/null'
wait_for 5 test -s "$WORK/port" || fail "no silent server"
URL="http://127.0.0.1:$(cat "$WORK/port")/"
vdirsyncers() { pgrep -f "vdirsyncer -c $XDG_CONFIG_HOME/" | tr '\n' ' '; }

# interrupt SIGNAL: starts the set-up, waits until vdirsyncer waits on the server, sends SIGNAL.
interrupt() {
  : >"$WORK/setup.err"
  local t0; t0=$(date +%s%N)
  "$TODO_BIN" sync setup --caldav "$URL" --user user --password-command "echo secret" 2>"$WORK/setup.err" &
  local pid=$!
  wait_for 2 grep -q "reaching $URL" "$WORK/setup.err" || fail "nothing said within 2 s: $(cat "$WORK/setup.err")"
  echo "said what it does after $(( ($(date +%s%N) - t0) / 1000000 )) ms: $(cat "$WORK/setup.err")"
  expect_match "$(cat "$WORK/setup.err")" "at most [0-9]+ s" "the time it may take"
  wait_for 10 eval '[ -n "$(vdirsyncers)" ]' || fail "vdirsyncer did not start: $(cat "$WORK/setup.err")"
  sleep 0.5  # well inside its wait on the server
  kill "-$1" "$pid"
  local end=$(( $(date +%s) + 5 ))
  while kill -0 "$pid" 2>/dev/null; do [ "$(date +%s)" -lt $end ] || fail "sync setup did not end on SIG$1"; sleep 0.05; done
  wait "$pid"; RC=$?
  expect_eq "$(tail -n 1 "$WORK/setup.err")" "error: interrupted; nothing was set up" "the last line after SIG$1"
  sleep 0.3
  expect_eq "$(vdirsyncers)" "" "vdirsyncer runs left after SIG$1 ($(pgrep -af vdirsyncer))"
}

interrupt INT
expect_eq "$RC" 130 "exit status after SIGINT"
[ -e "$WORK/config" ] && fail "SIGINT left: $(find "$WORK/config")"
[ -e "$WORK/data" ] && fail "SIGINT left: $(find "$WORK/data")"
interrupt TERM
[ -e "$WORK/config" ] && fail "SIGTERM left: $(find "$WORK/config")"

# An earlier set-up (written as sync setup writes it): interrupted, a new one leaves it as it was.
mkdir -p "$WORK/config/todo-tui/vdirsyncer-status/todo_tui" "$WORK/data/todo-tui/calendars/tasks"
printf '[general]\nstatus_path = "%s/"\n[storage todo_tui_remote]\nurl = "http://old.example/"\nusername = "old"\n' \
  "$WORK/config/todo-tui/vdirsyncer-status" >"$WORK/config/todo-tui/vdirsyncer.conf"
printf '{"config": "x", "pair": "todo_tui", "vdirRoot": "y", "collections": true, "own": true, "dataFile": "%s"}\n' \
  "$TODO_TUI_FILE" >"$WORK/config/todo-tui/server.json"
before=$(cd "$WORK" && find config data | sort; cat config/todo-tui/* 2>/dev/null)
interrupt INT
expect_eq "$(cd "$WORK" && find config data | sort; cat config/todo-tui/* 2>/dev/null)" "$before" "the earlier set-up"
echo ok
