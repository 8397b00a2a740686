#!/usr/bin/env bash
# Hostile titles (issue 6 part 5) from argv, from import (plist and
# iCalendar) and in the notify command's arguments, body and environment:
# control characters and escape sequences are refused (argv) or replaced
# (import); bidi overrides, zero-width and combining characters are kept but
# shown safely; nothing raw reaches the terminal; the XML stays valid XML.
source "$HERE/lib.sh"
source "$HERE/daemon-lib.sh"
ESC=$'\e'; BEL=$'\a'
valid_xml() { python3 -c "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))" "$TODO_TUI_FILE" || fail "not valid XML: $1"; }
# no_raw TEXT WHAT [data]: no C0/C1 control (but newline and tab), and unless
# it is data for a program (an export), no bidi override or isolate either.
no_raw() {
  python3 -c '
import sys
t = sys.stdin.buffer.read().decode("utf-8"); data = len(sys.argv) > 1
bidi = lambda c: 0x202a <= ord(c) <= 0x202e or 0x2066 <= ord(c) <= 0x2069
bad = [hex(ord(c)) for c in t if (ord(c) < 32 and c not in "\n\t") or 0x7f <= ord(c) <= 0x9f or (bidi(c) and not data)]
sys.exit(1 if bad else 0)' ${3:+data} <<<"$1" || fail "raw control characters in $2: $(printf '%s' "$1" | od -c | head -5)"
}

# --- argv: refused with one error line, nothing written.
T add "seed" --due 2020-01-01 >/dev/null || fail "seed"
before=$(filesum)
for t in "${ESC}]0;pwned${BEL}" "${ESC}[2J${ESC}[H" "bell${BEL}" "a"$'\n'"b" $'tab\there' $'cr\rhere' $'\x7f' $'\xc2\x9b31m' "$(printf 'x%.0s' $(seq 1 10000))" "   "; do
  expect_fail T add "$t" --due 2020-01-01
  no_raw "$LAST_ERR" "the error for a refused title"
  expect_eq "$(filesum)" "$before" "file after a refused title"
done
expect_match "$LAST_ERR" "empty" "blank title"
expect_fail T add "$(printf 'x%.0s' $(seq 1 10000))" --due 2020-01-01
expect_match "$LAST_ERR" "10000 characters.*200" "10,000-character title"
# A title that starts with -- needs the -- separator; without it, a usage error.
expect_fail T add "--all" --due 2020-01-01
T add --due 2020-01-01 -- "--title=--due tomorrow" >/dev/null || fail "a title starting with -- after --"
# Kept: bidi, zero-width, combining, emoji, markup and shell metacharacters.
kept=(
  $'\u202egnp.exe\u202c bidi' $'\u2066isolate\u2069' $'zero\u200bwidth\u200d\ufeff'
  $'e\u0301\u0302\u0303 combining' $'\U1F600\U1F1EF\U1F1F5 emoji' '<b>&amp; "quoted"</b>'
  '$(touch pwned) `touch pwned` ; touch pwned | x' "--app-name=evil"
)
for t in "${kept[@]}"; do
  case "$t" in --*) T add --due 2020-01-01 -- "$t" >/dev/null ;; *) T add "$t" --due 2020-01-01 >/dev/null ;; esac || fail "refused: $t"
done
# Invalid UTF-8 on argv: decoded with U+FFFD, stored as valid XML.
T add $'bad \xff\xfe utf8' --due 2020-01-01 >/dev/null || fail "invalid UTF-8 title refused"
valid_xml "after argv titles"
out=$(T list)
no_raw "$out" "list"
expect_match "$out" "bad (�)+ utf8" "invalid UTF-8 shown as U+FFFD"
expect_match "$out" "�gnp.exe� bidi" "bidi override shown as U+FFFD"
json=$(T list --json)
# The JSON holds each title exactly (escaped), for a program to read.
python3 - "$json" "${kept[@]}" "--title=--due tomorrow" <<'PY' || fail "titles in JSON are not exact"
import json, sys
titles = {i["title"] for i in json.loads(sys.argv[1])}
missing = [t for t in sys.argv[2:] if t not in titles]
assert not missing, missing
PY
[ ! -e pwned ] && [ ! -e "$WORK/pwned" ] || fail "a title ran a command"

# --- import: a plist with raw control characters and escape references, and an iCalendar file.
cat >"$WORK/hostile.plist" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>todoItems</key><dict>
<key>11111111-2222-4333-8444-555555555555</key><dict><key>UUID</key><string>11111111-2222-4333-8444-555555555555</string><key>title</key><string>imp ${ESC}]0;pwned${BEL} raw ${ESC}[2J &#x1b;[31m</string><key>deadline</key><date>2020-01-01T09:00:00Z</date></dict>
<key>11111111-2222-4333-8444-555555555556</key><dict><key>UUID</key><string>11111111-2222-4333-8444-555555555556</string><key>title</key><string>$(printf 'L%.0s' $(seq 1 10000))</string><key>deadline</key><date>2020-01-01T09:00:00Z</date></dict>
</dict></dict></plist>
XML
T import "$WORK/hostile.plist" >/dev/null 2>"$WORK/imp.err" || fail "import of hostile titles failed: $(cat "$WORK/imp.err")"
no_raw "$(cat "$WORK/imp.err")" "import warnings"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:hostile-1\r\nSUMMARY:ics \033]2;pwned\007 \\n \342\200\256 rtl\r\nDUE:20200101T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' >"$WORK/hostile.ics"
T import "$WORK/hostile.ics" >/dev/null 2>"$WORK/ics.err" || fail "import of a hostile iCalendar failed: $(cat "$WORK/ics.err")"
printf 'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:hostile-2\r\nSUMMARY:ics bad \377\376 utf8\r\nDUE:20200101T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' >"$WORK/bad-utf8.ics"
T import "$WORK/bad-utf8.ics" >/dev/null 2>&1 || fail "import of an iCalendar file with invalid UTF-8 failed"
valid_xml "after import"
out=$(T list 2>&1)
no_raw "$out" "list after import"
expect_match "$out" "imp .*raw" "imported title"
expect_match "$out" "ics .*rtl" "imported iCalendar title"
expect_match "$out" "ics bad (�)+ utf8" "invalid UTF-8 imported as U+FFFD"
T export >"$WORK/export.plist" && python3 -c "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))" "$WORK/export.plist" || fail "export is not valid XML"
no_raw "$(T export --format ics | tr -d '\r')" "ics export" data
no_raw "$(T pending)" "pending"

# --- notify: argv is exactly the documented one, the title cannot add an argument.
rm -f "$TODO_TUI_FILE"
for t in '--app-name=evil' '$(touch pwned) ; `touch pwned`' $'\u202eevil\u202c <b>&</b>' $'e\u0301 zero\u200bwidth'; do
  T add --due "$(in_seconds 1)" -- "$t" >/dev/null || fail "add $t"
done
start_daemon
wait_calls 4 8
stop_daemon "$DPID"
for f in "$WORK"/calls/*; do
  mapfile -t argv < <(tail -n +2 "$f")
  expect_eq "${#argv[@]}" 9 "number of notify arguments ($(head -n1 "$f"))"
  expect_eq "${argv[*]:0:7}" "--app-name=todo-tui --urgency=critical --icon=todo-tui --hint=string:desktop-entry:todo-tui --print-id --action=complete=Complete --action=remind=Remind in 30 minutes" "the options before the texts"
  expect_match "${argv[7]}" '^Todo Item ".*" Is Overdue$' "summary"
  no_raw "${argv[7]}${argv[8]}" "the notify summary and body"
  case "${argv[8]}" in *'<'*|*'>'*) fail "markup not escaped in the body: ${argv[8]}" ;; esac
done
grep -q 'Todo Item "--app-name=evil" Is Overdue' "$WORK"/calls/* || fail "the -- title is not inside the summary"
[ ! -e pwned ] && [ ! -e "$WORK/pwned" ] || fail "a title ran a command"
echo "hostile titles: refused on argv, replaced on import, shown safely in list, pending, export and notify; XML valid"
