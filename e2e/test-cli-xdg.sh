# The default data file follows XDG (SPEC 2): $XDG_DATA_HOME when it is an
# absolute path; a relative or empty value is ignored ($HOME/.local/share).
. "$HERE/lib.sh"
unset TODO_TUI_FILE
mkdir -p "$WORK/home" "$WORK/cwd"
cd "$WORK/cwd" || fail cd

HOME="$WORK/home" XDG_DATA_HOME="relative/data" T add "relative xdg" --due 2099-01-01 >/dev/null || fail "add"
[ ! -e "$WORK/cwd/relative" ] || fail "a relative XDG_DATA_HOME made folders under the current directory"
[ -f "$WORK/home/.local/share/todo-tui/todos.plist" ] || fail "a relative XDG_DATA_HOME falls back to \$HOME/.local/share"

HOME="$WORK/home" XDG_DATA_HOME="" T add "empty xdg" --due 2099-01-01 >/dev/null || fail "add"
expect_eq "$(HOME="$WORK/home" T list | wc -l)" 2 "empty XDG_DATA_HOME is ignored too"

HOME="$WORK/home" XDG_DATA_HOME="$WORK/abs" T add "absolute xdg" --due 2099-01-01 >/dev/null || fail "add"
[ -f "$WORK/abs/todo-tui/todos.plist" ] || fail "an absolute XDG_DATA_HOME is used"
expect_eq "$(ls "$WORK/cwd" | wc -l)" 0 "nothing made under the current directory"
exit 0
