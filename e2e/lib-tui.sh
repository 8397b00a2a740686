# Helpers for the full-screen tests (sourced after lib.sh): the real binary in
# tmux, on a private socket, polled with deadlines.
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
# The socket's name carries e2e/run.sh's run id: run.sh checks that none of its run is left.
TSOCK="todo-tui-test-${TODO_E2E_RUN:-x}-$$"
tm() {
  [ "${1:-}" = kill-server ] || { tmux -L "$TSOCK" -f /dev/null "$@"; return; }
  # kill-server returns before the server has gone: a session started on the socket meanwhile
  # joined the dying server and went with it ("no server running" in test-tui-third-hour).
  local pid rc end
  pid=$(tmux -L "$TSOCK" -f /dev/null list-sessions -F '#{pid}' 2>/dev/null | head -n 1)
  tmux -L "$TSOCK" -f /dev/null "$@"; rc=$?
  end=$(( $(date +%s) + 5 ))
  while [ -n "$pid" ] && [ -e "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ] \
    && [ "$(date +%s)" -lt $end ]; do sleep 0.02; done
  return $rc
}
at_exit 'tmux -L "$TSOCK" -f /dev/null kill-server >/dev/null 2>&1'  # at the end: no wait (run.sh allows 3 s)
export TODO_TUI_NOTIFY=/bin/true   # no desktop here: bubbles go nowhere
# tui_start [WIDTH HEIGHT [ENV=VALUE…]]: the app in a fresh tmux session.
tui_start() {
  local w=${1:-80} h=${2:-24}; shift 2 2>/dev/null || shift $#
  local envs=(-e "TODO_TUI_FILE=$TODO_TUI_FILE" -e TZ="$TZ" -e TODO_TUI_NOTIFY="$TODO_TUI_NOTIFY" -e TERM=tmux-256color)
  for e in "$@"; do envs+=(-e "$e"); done
  tm new-session -d -x "$w" -y "$h" "${envs[@]}" "$TODO_BIN"
  tm set-option -g remain-on-exit on >/dev/null
}
# shell_start [WIDTH HEIGHT]: a plain shell in tmux, to run the app from.
shell_start() {
  tm new-session -d -x "${1:-80}" -y "${2:-24}" -e "TODO_TUI_FILE=$TODO_TUI_FILE" -e TZ="$TZ" \
    -e TODO_TUI_NOTIFY="$TODO_TUI_NOTIFY" -e PS1='$ ' -e TERM=tmux-256color "env -i HOME=$WORK PATH=$PATH TERM=tmux-256color TODO_TUI_FILE=$TODO_TUI_FILE TZ=$TZ TODO_TUI_NOTIFY=$TODO_TUI_NOTIFY PS1='$ ' sh"
}
screen() { tm capture-pane -p "$@"; }
keys() { tm send-keys "$@"; }
# wait_screen REGEX [SECONDS]: polls the screen until a line matches REGEX.
wait_screen() {
  local re=$1 secs=${2:-5}
  local end=$(( $(date +%s%N) + secs * 1000000000 ))
  while ! screen | grep -Eq -- "$re"; do
    if [ "$(date +%s%N)" -ge $end ]; then
      echo "--- screen:"; screen; fail "screen never showed /$re/ within ${secs}s"
    fi
    sleep 0.05
  done
}
# wait_gone REGEX [SECONDS]: polls until no line matches REGEX.
wait_gone() {
  local re=$1 secs=${2:-5}
  local end=$(( $(date +%s%N) + secs * 1000000000 ))
  while screen | grep -Eq -- "$re"; do
    if [ "$(date +%s%N)" -ge $end ]; then
      echo "--- screen:"; screen; fail "screen still shows /$re/ after ${secs}s"
    fi
    sleep 0.05
  done
}
# type_text TEXT: types literally (no key names).
type_text() { tm send-keys -l -- "$1"; }
# cpu_ticks PID: user + system time of a process so far, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# expect_idle PID SECONDS: the process used under 5% of a CPU over that time (no busy polling).
expect_idle() {
  local a b hz; hz=$(getconf CLK_TCK); a=$(cpu_ticks "$1"); sleep "$2"; b=$(cpu_ticks "$1")
  [ $(( (b - a) * 100 )) -lt $(( hz * $2 * 5 )) ] || fail "busy while idle: $((b - a)) ticks in $2 s"
}
# field ID FIELD: one field of an item as the CLI's JSON gives it ("null" when none).
field() {
  T list --all --json | python3 -c 'import json,sys
for i in json.load(sys.stdin):
    if i["id"].lower().startswith(sys.argv[1].lower()):
        v = i.get(sys.argv[2]); print("null" if v is None else v)' "$1" "$2"
}
# id_of TITLE: the UUID of the item with this title.
id_of() {
  T list --all --json | python3 -c 'import json,sys
print(next(i["id"] for i in json.load(sys.stdin) if i["title"] == sys.argv[1]))' "$1"
}
# soon SECONDS: an ISO 8601 instant that many seconds from now.
soon() { date -u -d "+$1 sec" +%Y-%m-%dT%H:%M:%SZ; }
