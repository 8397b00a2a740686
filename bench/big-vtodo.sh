#!/usr/bin/env bash
# Import of ONE VTODO of 1, 2, 4 and 8 MB (issue 24.6): VALARMs (a calendar
# that piled up alarms, ~87 bytes each) or one long DESCRIPTION (folded at 75
# bytes). Prints the median of ROUNDS imports into an empty data file for each
# size, and each time's ratio to the one before: ~2 is linear, ~4 quadratic.
# Usage: TODO_BIN=.build/release/todo-tui bench/big-vtodo.sh [alarms|text] [ROUNDS]
set -eu
: "${TODO_BIN:?set TODO_BIN to the release todo-tui binary}"
shape=${1:-alarms}
runs=${2:-3}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
export LC_ALL=C.UTF-8 TZ=UTC
for mb in 1 2 4 8; do
  /usr/bin/python3 - "$w/big-$mb.ics" "$mb" "$shape" <<'PY'
import sys
out, mb, shape = sys.argv[1], int(sys.argv[2]), sys.argv[3]
size = mb << 20
head = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VTODO\r\nUID:big@example.org\r\n"
        "SUMMARY:One big to-do\r\nDUE:20270101T090000Z\r\n")
tail = "END:VTODO\r\nEND:VCALENDAR\r\n"
parts = [head]
n = len(head) + len(tail)
if shape == "alarms":
    k = 0
    while n < size:
        a = f"BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT{k % 100000}M\r\nDESCRIPTION:Alarm {k}\r\nEND:VALARM\r\n"
        parts.append(a); n += len(a); k += 1
else:
    text = ("Notes, " * (size // 7))[: size - n]
    line = "DESCRIPTION:" + text.replace(",", "\\,")
    folded = [line[:75]] + [" " + line[i:i + 74] for i in range(75, len(line), 74)]
    parts.append("\r\n".join(folded) + "\r\n")
parts.append(tail)
open(out, "w").write("".join(parts))
PY
done
prev=""
printf '%-6s %-10s %s\n' "size" "median s" "ratio to the size before"
for mb in 1 2 4 8; do
  times=()
  for r in $(seq "$runs"); do
    rm -f "$w/todos.plist"*
    s=$(date +%s%N)
    TODO_TUI_FILE="$w/todos.plist" "$TODO_BIN" import "$w/big-$mb.ics" >/dev/null
    times+=($(( ($(date +%s%N) - s) / 1000000 )))
  done
  med=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  ratio=$([ -n "$prev" ] && awk -v a="$med" -v b="$prev" 'BEGIN { printf "%.2f", a / b }' || echo "-")
  printf '%-6s %-10s %s\n' "${mb}MB" "$(awk -v m="$med" 'BEGIN { printf "%.3f", m / 1000 }')" "$ratio"
  prev=$med
done
