#!/usr/bin/env bash
# contrib/todo-tui.service, as `make install` writes it, is a valid systemd
# unit that runs `todo-tui daemon`.
. "$HERE/lib.sh"
command -v systemd-analyze >/dev/null || { echo "skipped: systemd-analyze is not installed"; exit 77; }
unit="$HERE/../../contrib/todo-tui.service"
[ -f "$unit" ] || fail "no contrib/todo-tui.service"
bindir=$(dirname "$TODO_BIN")
mkdir -p "$WORK/user"
sed "s|@BINDIR@|$bindir|" "$unit" >"$WORK/user/todo-tui.service"
grep -q '@' "$WORK/user/todo-tui.service" && fail "a placeholder is left: $(grep '@' "$WORK/user/todo-tui.service")"
out=$(systemd-analyze verify "$WORK/user/todo-tui.service" 2>&1) || fail "systemd-analyze: $out"
[ -z "$out" ] || fail "systemd-analyze complains: $out"
expect_eq "$(sed -n 's/^ExecStart=//p' "$WORK/user/todo-tui.service")" "$bindir/todo-tui daemon" "ExecStart"
echo ok
