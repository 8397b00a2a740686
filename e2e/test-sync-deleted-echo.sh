#!/usr/bin/env bash
# A deletion here not undone by a lost answer (issue 34's soak, seed 7): a real
# Radicale behind the faulty proxy (e2e/faulty-proxy.py, 127.0.0.1 only), set
# up with `sync setup`, rounds run by `sync`.
# 1. A new item's first PUT reaches the server, its answer is lost (the round
#    fails); the item is deleted here; the next rounds delete it on the server,
#    and it does not come back here (vdirsyncer, with no record of the upload,
#    brings the server's copy back into the folder: our sync knows it for the
#    echo of its own upload and deletes it again). Then with a 500 after the PUT.
# 2. The same, but the phone edits the item on the server before the deletion
#    here reaches it: the phone's edit is kept here and there, and told.
# 3. The same as 1 with the calendar's only item: the emptying crosses too.
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-proxy.sh"
server_script
here() { T list --all --json | python3 -c "import json,sys; print(''.join(i['title'] for i in json.load(sys.stdin) if i['uid'] == '$1'))"; }

start_radicale htpasswd
start_proxy
echo secret >"$WORK/password"
calendar_made_there personal Personal rent@phone "Pay rent"  # another list, never emptied
calendar_made_there home Home fern@phone "Repot fern"
out=$(T sync setup --caldav "$PURL" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
out=$(T sync 2>&1) || fail "first sync: $out"

lost_answer() {  # ITEM FAULT: the item's first upload reaches the server, its answer lost
  proxy "$2"
  T sync >"$WORK/sync1.out" 2>&1 && fail "the round with the lost answer ($2) succeeded: $(cat "$WORK/sync1.out")"
  expect_eq "$(phone get "$1" SUMMARY)" "$3" "the PUT reached the server ($2)"
}

for fault in drop-put 500-put; do
  x=$(T add "Water the plants ($fault)" --list Home 2>/dev/null)
  lost_answer "$x" "$fault" "Water the plants ($fault)"
  T delete "$x" >/dev/null || fail "delete"
  : >"$WORK/rounds.err"; : >"$WORK/rounds.out"
  for n in 1 2; do T sync >>"$WORK/rounds.out" 2>>"$WORK/rounds.err" || fail "round $n after the deletion ($fault): $(cat "$WORK/rounds.err")"; done
  expect_eq "$(here "$x")" "" "the item deleted here stays deleted here ($fault); the rounds said: $(cat "$WORK/rounds.err")"
  expect_eq "$(phone get "$x" SUMMARY 2>/dev/null)" "" "the item deleted here is deleted on the server ($fault)"
  cat "$WORK/rounds.out" "$WORK/rounds.err" | grep -q "list: created" && fail "an item created here by the rounds ($fault): $(cat "$WORK/rounds.out" "$WORK/rounds.err")"
done

# 2. Edited on the phone after the lost answer, deleted here: the edit is kept, and told.
y=$(T add "Call the vet" --list Home 2>/dev/null)
lost_answer "$y" drop-put "Call the vet"
phone set "$y" SUMMARY "Call the vet at 5" || fail "the phone's edit"
T delete "$y" >/dev/null || fail "delete"
: >"$WORK/rounds.err"; : >"$WORK/rounds.out"
for n in 1 2; do T sync >>"$WORK/rounds.out" 2>>"$WORK/rounds.err" || fail "round $n after the phone's edit: $(cat "$WORK/rounds.err")"; done
expect_eq "$(here "$y")" "Call the vet at 5" "the phone's edit kept here"
expect_eq "$(phone get "$y" SUMMARY)" "Call the vet at 5" "the phone's edit kept on the server"
cat "$WORK/rounds.out" "$WORK/rounds.err" | grep -qF "list: created again “Call the vet at 5”" || fail "the kept item not told: $(cat "$WORK/rounds.err")"
# 3. The list's last item: the deletion that empties the calendar crosses too.
T delete "$y" >/dev/null || fail "delete"
T delete fern@phone >/dev/null || fail "delete"
for n in 1 2; do T sync >/dev/null 2>&1 || fail "round $n emptying the calendar"; done
expect_eq "$(PHONE_CAL=home phone list)" "" "the calendar emptied"
z=$(T add "The only one" --list Home 2>/dev/null)
lost_answer "$z" drop-put "The only one"
T delete "$z" >/dev/null || fail "delete"
: >"$WORK/rounds.err"; : >"$WORK/rounds.out"
for n in 1 2 3; do T sync >>"$WORK/rounds.out" 2>>"$WORK/rounds.err" || fail "round $n after deleting the only item: $(cat "$WORK/rounds.err")"; done
expect_eq "$(here "$z")" "" "the only item deleted here stays deleted; the rounds said: $(cat "$WORK/rounds.out" "$WORK/rounds.err")"
expect_eq "$(PHONE_CAL=home phone list)" "" "deleted on the server"
expect_eq "$(here rent@phone)|$(phone get rent@phone SUMMARY)" "Pay rent|Pay rent" "the other list's item"
echo ok
