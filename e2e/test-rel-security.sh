#!/usr/bin/env bash
# Security (issue 6 part 8): the data and lock files are 0600 and the folders
# made for them 0700, whatever the umask, through every way a file is written;
# the notify command runs without a shell (see also test-rel-hostile.sh and
# test-daemon-command.sh), and a TODO_TUI_NOTIFY that is missing, not
# executable or a folder gives a clear message.
source "$HERE/lib.sh"
mode() { stat -c %a "$1"; }
umask 000
export XDG_DATA_HOME="$WORK/xdg/data"
unset TODO_TUI_FILE
T add "default place" --due 2020-01-01 >/dev/null || fail "add"
f="$XDG_DATA_HOME/todo-tui/todos.plist"
[ -f "$f" ] || fail "no file at the default place"
expect_eq "$(mode "$f")" 600 "data file mode"
expect_eq "$(mode "$f.lock")" 600 "lock file mode"
expect_eq "$(mode "$XDG_DATA_HOME/todo-tui")" 700 "folder mode"
expect_eq "$(mode "$XDG_DATA_HOME")" 700 "parent folder made for it"
# After each kind of write the mode is the one its owner gave the file (issue 37: a file made
# 0640 or 0644 on purpose came back 0600); a new file is 0600.
chmod 640 "$f"
id=$(T add "second" --due 2020-01-01) || fail "add"
expect_eq "$(mode "$f")" 640 "mode after a write to a 0640 file"
for cmd in "remind $id --in 1h" "edit $id --title renamed" "complete $id" "delete $id"; do
  # shellcheck disable=SC2086
  T $cmd >/dev/null || fail "$cmd"
  expect_eq "$(mode "$f")" 640 "mode after $cmd"
done
printf 'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:imported\r\nDUE:20200101T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' >"$WORK/in.ics"
T import "$WORK/in.ics" >/dev/null || fail "import"
expect_eq "$(mode "$f")" 640 "mode after import"
chmod 600 "$f"  # the owner's choice again: nothing below may be readable by others
# --file into a new folder tree.
T add x --due 2020-01-01 --file "$WORK/new/deeper/t.plist" >/dev/null || fail "add --file"
expect_eq "$(mode "$WORK/new")$(mode "$WORK/new/deeper")$(mode "$WORK/new/deeper/t.plist")" 700700600 "modes under --file"
# No other file is left readable by others in the folder.
[ -z "$(find "$XDG_DATA_HOME" "$WORK/new" -perm /077 -print)" ] || fail "readable by others: $(find "$XDG_DATA_HOME" -perm /077)"

# A notify command that is missing, not executable, or a folder: one clear message, the daemon goes on.
export TODO_TUI_FILE="$WORK/n.plist"
T add "due" --due 2020-01-01 >/dev/null
: >"$WORK/plain-file"; chmod 644 "$WORK/plain-file"; mkdir "$WORK/a-folder"
for cmd in "$WORK/missing" "$WORK/plain-file" "$WORK/a-folder"; do
  TODO_TUI_NOTIFY="$cmd" "$TODO_BIN" daemon 2>"$WORK/d.err" & pid=$!
  wait_for 10 grep -q "notifying for" "$WORK/d.err" || { kill -9 $pid; fail "daemon did not start"; }
  wait_for 5 grep -q "$cmd" "$WORK/d.err" || { kill -9 $pid; fail "no message about $cmd: $(cat "$WORK/d.err")"; }
  kill -TERM $pid; wait $pid
  expect_match "$(grep "$cmd" "$WORK/d.err" | head -1)" "missing or not executable" "message for $cmd"
  expect_eq "$(grep -c "$cmd" "$WORK/d.err")" 1 "said once ($cmd)"
  [ -z "$(grep -i 'sh:\|/bin/sh\|bash' "$WORK/d.err")" ] || fail "a shell was involved: $(cat "$WORK/d.err")"
done
# Spaces and shell syntax in TODO_TUI_NOTIFY name one file, never a shell command line.
TODO_TUI_NOTIFY="$WORK/missing; touch $WORK/pwned" "$TODO_BIN" daemon 2>"$WORK/d.err" & pid=$!
wait_for 10 grep -q "names one executable, without arguments" "$WORK/d.err" || { kill -9 $pid; fail "no message: $(cat "$WORK/d.err")"; }
kill -TERM $pid; wait $pid
[ ! -e "$WORK/pwned" ] || fail "TODO_TUI_NOTIFY was run through a shell"
echo "modes 0600/0700 after add, complete, edit, remind, delete, import, --file; notify missing/not executable/folder: one message"
