# The terminal is restored on q, SIGTERM, SIGINT and SIGHUP (tty modes as
# before, the shell's screen back); a file that does not parse shows the
# message and waits for q; a newer-format file opens read-only.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Something" --due "in 1h" >/dev/null
shell_start 80 24
wait_screen '^\$'
# run_app: starts the app from the shell, remembering the tty modes and its pid.
run_app() {
  keys "before=\$(stty -g); sh -c 'echo \$\$ > $WORK/pid; exec $TODO_BIN'; echo \"EXIT=\$?\"; [ \"\$(stty -g)\" = \"\$before\" ] && echo MODES-RESTORED" Enter
  wait_screen 'Todo List'
  wait_screen '1/64 scheduled|read-only|not a readable'
}
check_restored() { # WHAT
  wait_screen 'MODES-RESTORED' 5 || true
  s=$(screen)
  printf '%s\n' "$s" | grep -q 'MODES-RESTORED' || fail "$1: tty modes not restored"
  printf '%s\n' "$s" | grep -q 'Todo List' && fail "$1: the app's screen was left behind"
  # The mouse's reports (issue 38) are off again: the terminal's clicks are its own.
  expect_eq "$(tm display -p '#{mouse_button_flag}#{mouse_sgr_flag}')" 00 "$1: mouse reports left on"
  keys "clear" Enter
  wait_gone 'MODES-RESTORED'
}
run_app
keys q
wait_screen 'EXIT=0'
check_restored q
for sig in TERM INT HUP; do
  run_app
  kill -$sig "$(cat "$WORK/pid")"
  wait_screen 'EXIT=0'
  check_restored "SIG$sig"
done
# Even a fault (here SIGSEGV from outside) leaves the terminal usable.
run_app
kill -SEGV "$(cat "$WORK/pid")"
wait_screen 'EXIT=139'
check_restored "SIGSEGV"
# Ctrl-C is SIGINT from the terminal.
run_app
keys C-c
wait_screen 'EXIT=0'
check_restored "Ctrl-C"
# A file that does not parse: the message, and q to leave; the file is untouched.
printf 'not a plist' > "$TODO_TUI_FILE"
sum=$(filesum)
run_app
wait_screen 'is not a readable to-do file'
keys a c d x
sleep 0.2
keys q
wait_screen 'EXIT=0'
check_restored "corrupt file"
expect_eq "$(filesum)" "$sum" "corrupt file untouched"
# A newer format: shown, read-only, never rewritten.
cat > "$TODO_TUI_FILE" <<'PLIST'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>formatVersion</key>
	<integer>99</integer>
	<key>todoItems</key>
	<dict>
		<key>6F1D4D2E-8C4B-4F55-9D5E-3E2B1C0A9F11</key>
		<dict>
			<key>UUID</key>
			<string>6F1D4D2E-8C4B-4F55-9D5E-3E2B1C0A9F11</string>
			<key>deadline</key>
			<date>2099-01-01T09:00:00Z</date>
			<key>title</key>
			<string>From the future</string>
		</dict>
		<key>0A1D4D2E-8C4B-4F55-9D5E-3E2B1C0A9F12</key>
		<dict>
			<key>UUID</key>
			<string>0A1D4D2E-8C4B-4F55-9D5E-3E2B1C0A9F12</string>
			<key>deadline</key>
			<date>2020-01-01T09:00:00Z</date>
			<key>title</key>
			<string>Overdue, cannot be marked delivered</string>
		</dict>
	</dict>
</dict>
</plist>
PLIST
sum=$(filesum)
run_app
wait_screen 'read-only'
wait_screen '^ From the future '
keys c
wait_screen 'format version 99.*read-only'
keys a
sleep 0.2
screen | grep -q 'Add item' && fail "the form opened on a read-only file"
# The overdue item cannot be recorded as delivered: the app must not spin on it.
expect_idle "$(cat "$WORK/pid")" 2
keys q
wait_screen 'EXIT=0'
check_restored "read-only"
expect_eq "$(filesum)" "$sum" "newer file untouched"
exit 0
