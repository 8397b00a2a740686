#!/usr/bin/env bash
# Hostile titles from the app's form (issue 6 part 5): a paste holding
# terminal escape sequences (OSC title-setting, screen clear), BEL, bidi
# overrides, zero-width and combining characters, and a 10,000-character
# paste. The form keeps no control character, the list shows bidi controls as
# U+FFFD, the terminal title and screen are not taken over, the XML stays valid.
source "$HERE/lib.sh"
source "$HERE/lib-tui.sh"
T add "Existing" --due "in 3h" >/dev/null
tui_start 80 24
wait_screen '1/64 scheduled'
keys a
wait_screen 'Add item'
tm set-buffer -- "$(printf 'ok\e]0;pwned\a\e[2J\e[31mred \u202Ebidi\u202C \u200Bzw e\u0301 end')"
tm paste-buffer -p
wait_screen '│ Title +ok.*end'
keys Enter Enter
wait_screen 'Added “ok'
wait_screen '^ Existing '   # the screen was not cleared
expect_eq "$(tm display -p '#{pane_title}')" "todo-tui" "terminal title"
row=$(screen | grep '^ ok')
expect_match "$row" '�bidi�' "bidi override shown as U+FFFD"
json=$(T list --json)
python3 - "$json" <<'PY' || fail "stored title not safe: $json"
import json, sys
t = [i["title"] for i in json.loads(sys.argv[1]) if i["title"].startswith("ok")][0]
assert not any(ord(c) < 32 or 0x7f <= ord(c) <= 0x9f for c in t), repr(t)
assert "\u202ebidi\u202c" in t and "\u200bzw" in t and "e\u0301" in t, repr(t)
PY
# 10,000 characters pasted: cut at 200, and said so.
keys a
wait_screen 'Add item'
tm set-buffer -- "$(printf 'y%.0s' $(seq 1 10000))"
tm paste-buffer -p
wait_screen 'at most 200 characters'
keys Enter Enter
wait_screen 'Added “y+'
expect_eq "$(T list --json | python3 -c 'import json,sys; print(max(len(i["title"]) for i in json.load(sys.stdin)))')" 200 "longest title"
python3 -c "import plistlib,sys; plistlib.load(open(sys.argv[1],'rb'))" "$TODO_TUI_FILE" || fail "not valid XML"
keys q
echo "form: escape sequences dropped, bidi shown as U+FFFD, 10,000-character paste cut at 200, XML valid"
