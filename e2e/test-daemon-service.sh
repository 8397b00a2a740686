#!/usr/bin/env bash
# contrib/todo-tui.service, as `make install` writes it, is a valid systemd
# unit that runs `todo-tui daemon`, with the graphical session, restarted on
# failure, hardened so that `systemd-analyze security` rates it 4.0 or better.
. "$HERE/lib.sh"
command -v systemd-analyze >/dev/null || { echo "skipped: systemd-analyze is not installed"; exit 77; }
unit="$HERE/../contrib/todo-tui.service"
[ -f "$unit" ] || fail "no contrib/todo-tui.service"
bindir=$(dirname "$TODO_BIN")
mkdir -p "$WORK/user"
sed "s|@BINDIR@|$bindir|" "$unit" >"$WORK/user/todo-tui.service"
grep -Eq '@[A-Z]+@' "$WORK/user/todo-tui.service" && fail "a placeholder is left: $(grep -E '@[A-Z]+@' "$WORK/user/todo-tui.service")"
out=$(systemd-analyze verify "$WORK/user/todo-tui.service" 2>&1) || fail "systemd-analyze: $out"
[ -z "$out" ] || fail "systemd-analyze complains: $out"
expect_eq "$(sed -n 's/^ExecStart=//p' "$WORK/user/todo-tui.service")" "$bindir/todo-tui daemon" "ExecStart"
u="$WORK/user/todo-tui.service"
for want in PartOf=graphical-session.target After=graphical-session.target WantedBy=graphical-session.target \
  Restart=on-failure NoNewPrivileges=yes ProtectSystem=strict PrivateTmp=yes RestrictAddressFamilies=AF_UNIX; do
  grep -qx "$want" "$u" || fail "the unit lacks $want"
done
if out=$(systemd-analyze security --offline=yes "$u" 2>&1); then
  score=$(sed -n 's/.*Overall exposure level for todo-tui.service: \([0-9.]*\).*/\1/p' <<<"$out")
  [ -n "$score" ] || fail "no exposure level: $out"
  echo "systemd-analyze security --offline: $score"
  awk -v s="$score" 'BEGIN { exit !(s <= 4.0) }' || fail "exposure $score is above 4.0"
else
  echo "systemd-analyze security --offline is not available here: $out"
fi
echo ok
