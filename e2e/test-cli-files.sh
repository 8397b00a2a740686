# Issue 37 points 17 and 18: a mistyped data file is not an empty list, nor a
# silent tree of folders; the file's mode is its owner's, read-only included.
. "$HERE/lib.sh"

# 17. A folder that is not there, named by TODO_TUI_FILE or --file: reading is refused.
export TODO_TUI_FILE="$WORK/Documnets/todo/todos.plist"
expect_fail T list
expect_eq "$LAST_ERR" "error: the folder $WORK/Documnets/todo of TODO_TUI_FILE $TODO_TUI_FILE does not exist (a typo?); nothing was read" "list"
expect_fail T ui
expect_match "$LAST_ERR" "does not exist \(a typo\?\)" "opening the app"
expect_fail T show 1234
expect_fail T list --file "$WORK/nope/x.plist"
expect_match "$LAST_ERR" "of --file $WORK/nope/x.plist does not exist" "--file"
[ ! -e "$WORK/Documnets" ] && [ ! -e "$WORK/nope" ] || fail "a read made folders"
# A write makes the folder, and says so in one line.
T add milk >/dev/null 2>"$WORK/err" || fail "add into a new folder"
expect_eq "$(tail -1 "$WORK/err")" "note: made the folder $WORK/Documnets/todo for the data file" "said"
[ "$(stat -c %a "$WORK/Documnets/todo")" = 700 ] || fail "folder mode"
T add bread >/dev/null 2>"$WORK/err" || fail "add again"
if grep -q "made the folder" "$WORK/err"; then fail "said again"; fi

# The default location: nothing yet is an empty list, and no folder; the first add makes it.
unset TODO_TUI_FILE XDG_DATA_HOME
export HOME="$WORK/home"; mkdir -p "$HOME"
T list >/dev/null 2>"$WORK/err" || fail "list, default location, nothing yet"
expect_match "$(cat "$WORK/err")" "^Nothing to do" "a new user's empty list"
[ ! -e "$HOME/.local" ] || fail "list made the default folders"
T add first >/dev/null 2>"$WORK/err" || fail "first add"
expect_eq "$(tail -1 "$WORK/err")" "note: made the folder ~/.local/share/todo-tui for the data file" "first add says it"
[ -f "$HOME/.local/share/todo-tui/todos.plist" ] || fail "the file"

# 18. The owner's mode is kept on every write; a file its owner made read-only is not replaced.
export TODO_TUI_FILE="$WORK/mode.plist"
T add one >/dev/null 2>&1 || fail "add"
[ "$(stat -c %a "$TODO_TUI_FILE")" = 600 ] || fail "a new file is 0600"
chmod 0640 "$TODO_TUI_FILE"
T add two >/dev/null 2>&1 || fail "add to 0640"
expect_eq "$(stat -c %a "$TODO_TUI_FILE")" 640 "the mode is kept"
chmod 0444 "$TODO_TUI_FILE"
before=$(filesum)
for cmd in "add three" "complete $(T list | head -1 | cut -c1-8)"; do
  expect_fail T $cmd
  expect_eq "$LAST_ERR" "error: $TODO_TUI_FILE: is read-only (mode 0444), as its owner set it; nothing was changed (chmod u+w to allow changes)" "$cmd refused"
done
expect_eq "$(filesum)" "$before" "the file is as it was"
expect_eq "$(stat -c %a "$TODO_TUI_FILE")" 444 "and so is its mode"
expect_eq "$(T list | wc -l)" 2 "it still reads"
