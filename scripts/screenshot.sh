#!/usr/bin/env bash
# Writes docs/screenshot.txt: the real full-screen app at 80×24, run in tmux
# on a fixed set of items (deadlines relative to now, so the words near the
# deadlines read the same on any day), captured as text. The README includes it.
# Usage: scripts/screenshot.sh [path/to/todo-tui]   (default: the release build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-$root/.build/release/todo-tui}")
[ -x "$bin" ] || { echo "error: no binary at $bin (make build)" >&2; exit 1; }
work=$(mktemp -d)
sock="todo-tui-shot-$$"
tm() { LANG=C.UTF-8 LC_ALL= tmux -u -L "$sock" -f /dev/null "$@"; }
daemon=
cleanup() { tm kill-server >/dev/null 2>&1 || true; [ -n "$daemon" ] && kill "$daemon" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export TODO_TUI_FILE="$work/todos.plist" TODO_TUI_NOTIFY=none TZ="${TZ:-Europe/London}"
shot_locale=C.UTF-8  # a 24-hour clock, and UTF-8 for ncurses (installed everywhere)
T() { "$bin" "$@" >/dev/null; }
at() { date -d "$1" +%Y-%m-%dT%H:%M:00%:z; }

T add Pay the rent --due "$(at 'yesterday 17:00')"
T add Call the bank about the card --due "$(at '-2 hours')"
T add Buy oat milk --due "$(at '+3 hours')"
T add Stand-up with the team --due "$(at 'tomorrow 09:30')"
T add Submit the expense report --due "$(at '+4 days 17:00')"
T add Dentist --due "$(at '+9 days 08:45')"
T add "Book the train to Zoë's party" --due "$(at '+16 days 12:00')"
T add Renew the passport --due "$(at '+400 days 09:00')"
milk=$("$bin" list --json | python3 -c 'import json,sys; print([i["id"] for i in json.load(sys.stdin) if i["title"]=="Buy oat milk"][0])')
T remind "$milk" --in 1h
T complete "$("$bin" add Water the plants --due "$(at '-1 day')")"

# The daemon delivers the overdue notifications first (to no bubble), so that
# the app opens on the list and not on a banner.
"$bin" daemon 2>/dev/null & daemon=$!
end=$(( $(date +%s) + 10 ))
until [ "$("$bin" export --format plist | grep -c '<key>notifiedDeadline</key>')" -ge 2 ]; do
  [ "$(date +%s)" -lt $end ] || { echo "error: the daemon did not deliver the overdue items" >&2; exit 1; }
  sleep 0.1
done

tm new-session -d -x 80 -y 24 -e TODO_TUI_FILE="$TODO_TUI_FILE" -e TZ="$TZ" -e LC_ALL="$shot_locale" \
  -e TODO_TUI_NOTIFY=none -e TERM=tmux-256color "$bin"
end=$(( $(date +%s) + 10 ))
until tm capture-pane -p | grep -q "Renew the passport"; do
  [ "$(date +%s)" -lt $end ] || { echo "error: the app did not show the list" >&2; tm capture-pane -p >&2; exit 1; }
  sleep 0.1
done
# The screen once it holds still (two captures alike, 0.2 s apart).
prev=
until shot=$(tm capture-pane -p | sed 's/[[:space:]]*$//') && [ "$shot" = "$prev" ]; do
  [ "$(date +%s)" -lt $end ] || break
  prev=$shot
  sleep 0.2
done
printf '%s\n' "$shot" > "$root/docs/screenshot.txt"
tm send-keys q
echo "wrote docs/screenshot.txt"

# The README shows it between its screenshot markers.
python3 - "$root/README.md" "$root/docs/screenshot.txt" <<'PY'
import re, sys
readme, shot = sys.argv[1], open(sys.argv[2]).read().rstrip("\n")
text = open(readme).read()
new = "<!-- screenshot: scripts/screenshot.sh -->\n```\n" + shot + "\n```\n<!-- /screenshot -->"
text, n = re.subn(r"<!-- screenshot: scripts/screenshot.sh -->.*?<!-- /screenshot -->", lambda m: new, text, flags=re.S)
if n:
    open(readme, "w").write(text)
    print("updated README.md")
PY
