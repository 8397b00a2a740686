#!/usr/bin/env bash
# Crashes of the full-screen app (issue 6 part 1): kill -9 at a random moment
# after x (complete) is pressed. A completion the screen showed ("Completed
# “…”" on the status line, read from the dead pane) is on disk; the file
# always parses. KILLS (default 10, STRESS=1: 40).
source "$HERE/lib.sh"
source "$HERE/lib-tui.sh"
kills=${KILLS:-10}
[ "${STRESS:-0}" = 1 ] && kills=${KILLS:-40}
python3 - "$TODO_TUI_FILE" <<'PY'
import datetime, plistlib, sys, uuid
base = datetime.datetime(2020, 1, 1, 9, 0, 0)
items = {}
for n in range(1500):
    u = str(uuid.UUID(int=n + 1)).upper()
    items[u] = {"UUID": u, "title": f"item {n:04d}", "deadline": base + datetime.timedelta(minutes=n), "created": base}
plistlib.dump({"formatVersion": 1, "todoItems": items}, open(sys.argv[1], "wb"))
PY
pane_dead() { [ "$(tm display -p '#{pane_dead}')" = 1 ]; }
shown=0 done_kills=0
for ((k = 0; k < kills; k++)); do
  TSOCK="todo-tui-test-$$-$k"   # a fresh tmux server each time
  tui_start 80 24
  wait_screen 'overdue'
  pid=$(tm display -p '#{pane_pid}')
  keys x
  sleep "0.0$(printf %02d $(( RANDOM % 25 )))"
  kill -9 "$pid" 2>/dev/null && done_kills=$((done_kills + 1))
  # Wait until the pane shows the process is gone, then read what it last showed.
  wait_for 5 pane_dead || fail "the app did not die"
  last=$(screen)
  tm kill-server >/dev/null 2>&1
  T list --all --json >"$WORK/l.json" 2>"$WORK/err" || fail "list after a kill: $(cat "$WORK/err")"
  python3 -c "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))" "$TODO_TUI_FILE" || fail "the file does not parse"
  if t=$(grep -o 'Completed “[^”]*”' <<<"$last" | head -n1); [ -n "$t" ]; then
    shown=$((shown + 1))
    title=${t#Completed “}; title=${title%”}
    python3 -c "
import json, sys
items = {i['title']: i for i in json.load(open(sys.argv[1]))}
sys.exit(0 if items[sys.argv[2]]['completed'] else 1)" "$WORK/l.json" "$title" || fail "the screen showed $t, the file does not have it"
  fi
done
ls -A "$WORK" | grep -q '\.tmp-' && T add "cleanup" --due 2020-01-01 >/dev/null
ls -A "$WORK" | grep -q '\.tmp-' && fail "stray temporary files after the next write"
echo "app kills: $done_kills; completions shown on screen before the kill: $shown, all on disk"
