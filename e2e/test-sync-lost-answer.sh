#!/usr/bin/env bash
# Nothing undone at the server's edge (issue 34 points 1 and 2): a real
# Radicale behind a faulty proxy (e2e/faulty-proxy.py, 127.0.0.1 only), set
# up with `sync setup`, rounds run by `sync`.
# 1. A new item's first PUT reaches the server but its answer is lost (the
#    connection dropped; then a 500 after passing it on): the round fails;
#    the item is edited and completed here; the next round keeps this edit
#    here and on the server (what it replaced, if anything, told and listed).
# 2. Machine B imports A's JSON export (same UIDs), edits and completes one
#    item, then sets up the same account and syncs: B's later edit stands on
#    B and on the server; the server's older value is told and restorable.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-proxy.sh"
server_script
# item UID: "TITLE|STATUS" of the item here; there UID: the same on the server.
item() { T list --all --json | python3 -c "import json,sys; print(''.join('%s|%s' % (i['title'], 'done' if i.get('completed') else 'pending') for i in json.load(sys.stdin) if i['uid'] == '$1'))"; }
there() { echo "$(phone get "$1" SUMMARY)|$(phone get "$1" STATUS | sed 's/^COMPLETED$/done/; s/^NEEDS-ACTION$/pending/; s/^$/pending/')"; }

start_radicale htpasswd
start_proxy
echo secret >"$WORK/password"
out=$(T sync setup --caldav "$PURL" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
out=$(T sync 2>&1) || fail "first sync: $out"

for fault in drop-put 500-put; do
  x=$(T add "Bake bread ($fault)")
  proxy "$fault"
  T sync >"$WORK/sync1.out" 2>&1 && fail "the round with the lost answer ($fault) succeeded: $(cat "$WORK/sync1.out")"
  kind=${fault%-put}-after
  grep -q "^$kind PUT " "$WORK/faults" || fail "the proxy made no $kind fault: $(cat "$WORK/faults")"
  expect_eq "$(phone get "$x" SUMMARY)" "Bake bread ($fault)" "the PUT reached the server ($fault)"
  sleep 1.1  # the edit a second later than the item's first LAST-MODIFIED
  T edit "$x" --title "Bake rye bread ($fault)" >/dev/null || fail "edit"
  T done "$x" >/dev/null || fail "done"
  T sync >"$WORK/sync2.out" 2>"$WORK/sync2.err" || fail "the round after the lost answer ($fault): $(cat "$WORK/sync2.out" "$WORK/sync2.err")"
  expect_eq "$(item "$x")" "Bake rye bread ($fault)|done" "the edit made here, here ($fault)"
  expect_eq "$(there "$x")" "Bake rye bread ($fault)|done" "the edit made here, on the server ($fault)"
  # Anything set aside was told by the round.
  T sync conflicts | grep "^[0-9]*\. " | sed 's/^[0-9]*\. //' | sort >"$WORK/listed"
  grep -a "conflict: " "$WORK/sync2.err" | sed 's/^.*conflict: //' | sort >"$WORK/told"
  expect_eq "$(comm -23 "$WORK/listed" "$WORK/told" | grep -c "($fault)")" 0 "conflicts set aside but not told ($fault): $(cat "$WORK/listed"); told: $(cat "$WORK/sync2.err")"
done
out=$(T sync 2>&1) || fail "a third round: $out"
expect_eq "$(grep -c . "$WORK/faults")" 2 "faults made"

# 2. Machine B from A's export.
a=$(T add "Call the plumber")
b=$(T add "Buy stamps")
out=$(T sync 2>&1) || fail "A's sync: $out"
T export --format json >"$WORK/a.json" || fail "export"
sleep 1.1
(
  export TODO_TUI_FILE="$WORK/B/todos.plist" XDG_CONFIG_HOME="$WORK/B/config" XDG_DATA_HOME="$WORK/B/data"
  mkdir -p "$WORK/B"
  T import "$WORK/a.json" >/dev/null || fail "B's import"
  T edit "$a" --title "Call the plumber about the sink" >/dev/null || fail "B's edit"
  T done "$b" >/dev/null || fail "B's done"
  out=$(T sync setup --caldav "$PURL" --user user --password-command "cat $WORK/password" 2>&1) || fail "B's setup: $out"
  T sync >"$WORK/B.out" 2>"$WORK/B.err" || fail "B's sync: $(cat "$WORK/B.out" "$WORK/B.err")"
  expect_eq "$(item "$a")" "Call the plumber about the sink|pending" "B's later edit, on B"
  expect_eq "$(item "$b")" "Buy stamps|done" "B's later completion, on B"
  expect_eq "$(there "$a")" "Call the plumber about the sink|pending" "B's later edit, on the server"
  expect_eq "$(there "$b")" "Buy stamps|done" "B's later completion, on the server"
  # What B's sync set aside (the server's older values) it told, and can restore.
  listed=$(T sync conflicts)
  while IFS= read -r l; do
    grep -qF "conflict: ${l#*. }" "$WORK/B.err" || fail "set aside but not told: $l; told: $(cat "$WORK/B.err")"
  done < <(printf '%s\n' "$listed" | grep "^[0-9]*\. ")
  n=$(printf '%s\n' "$listed" | grep -F "“Call the plumber about the sink”: title kept" | cut -d. -f1)
  if [ -n "$n" ]; then
    T sync conflicts --restore "$n" >/dev/null || fail "restore $n"
    expect_eq "$(item "$a")" "Call the plumber|pending" "the server's title restored on B"
  fi
) || exit 1
out=$(T sync 2>&1) || fail "A's sync after B: $out"
expect_eq "$(item "$b")" "Buy stamps|done" "B's completion reached A"
echo ok
