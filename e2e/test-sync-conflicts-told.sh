#!/usr/bin/env bash
# Conflicts told and kept under their numbers (issue 33 points 4 and 7):
# `sync --vdir` of a folder of lists, a title changed on both sides of two
# items: the sync tells each conflict on stderr (item, field, value kept,
# value set aside, SPEC 10); `sync conflicts` lists both; `--restore N` puts
# one back, and run again it restores nothing else; the other keeps its number.
. "$HERE/lib.sh"; . "$HERE/lib-sync.sh"
unset TODO_TUI_VDIR TODO_TUI_LIST
title_of() { T list --all --json | python3 -c "import json,sys; print(''.join(i['title'] for i in json.load(sys.stdin) if i['uid'] == '$1'))"; }
mkdir -p "$WORK/cal/work"
echo Work >"$WORK/cal/work/displayname"
ics_write "$WORK/cal/work/rye.ics" rye@phone "Rye bread"
ics_write "$WORK/cal/work/bins.ics" bins@phone "Take out bins"
out=$(T sync --vdir "$WORK/cal" --create 2>&1) || fail "first sync: $out"
expect_eq "$(title_of rye@phone)" "Rye bread" "the item came"
T edit rye@phone --title "Rye bread, sliced" >/dev/null || fail "edit"
T edit bins@phone --title "Take out the bins" >/dev/null || fail "edit"
sleep 1  # LAST-MODIFIED counts whole seconds: the phone's edits below are a second later, never a tie
ics_set "$WORK/cal/work/rye.ics" SUMMARY "Rye loaf"  # a LAST-MODIFIED a second later: the vdir wins
ics_set "$WORK/cal/work/bins.ics" SUMMARY "Bins tonight"
T sync --vdir "$WORK/cal" >"$WORK/out" 2>"$WORK/err" || fail "sync: $(cat "$WORK/out" "$WORK/err")"
grep -qxF "conflict: “Rye loaf”: title kept “Rye loaf”, set aside “Rye bread, sliced”" "$WORK/err" || fail "the first conflict was not told: [$(cat "$WORK/err")]; out: $(cat "$WORK/out")"
grep -qxF "conflict: “Bins tonight”: title kept “Bins tonight”, set aside “Take out the bins”" "$WORK/err" || fail "the second conflict was not told: [$(cat "$WORK/err")]"
listed=$(T sync conflicts)
expect_eq "$(printf '%s\n' "$listed" | grep -c '^[0-9]*\. ')" 2 "listed: $listed"
# The first on the list put back: run again, it puts back nothing else; the second keeps its number.
first=$(printf '%s\n' "$listed" | sed -n 1p)
second=$(printf '%s\n' "$listed" | sed -n 2p)
n=${first%%.*}
case "$first" in
  *"“Rye loaf”"*) uid=rye@phone other=bins@phone was="Rye bread, sliced" stays="Bins tonight" ;;
  *) uid=bins@phone other=rye@phone was="Take out the bins" stays="Rye loaf" ;;
esac
out=$(T sync conflicts --restore "$n") || fail "restore $n: $out"
expect_match "$out" "^restored title of .*: “$was”$" "the restore"
expect_eq "$(title_of "$uid")" "$was" "the value put back"
expect_fail T sync conflicts --restore "$n"
expect_eq "$(title_of "$other")" "$stays" "the second restore of $n put back nothing else"
expect_eq "$(T sync conflicts)" "$second" "the other keeps its number"
echo ok
