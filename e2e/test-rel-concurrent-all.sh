#!/usr/bin/env bash
# Concurrency (issue 6 part 2): the full-screen app open in tmux, the daemon
# running, and three CLI writers in parallel, all on one file. No update is
# lost, and the app shows the final state. 3 x 100 adds (STRESS=1: 3 x 300);
# meanwhile the daemon fires the ones already due and marks them delivered,
# and the app completes items with x.
source "$HERE/lib.sh"
source "$HERE/lib-tui.sh"
source "$HERE/daemon-lib.sh"
source "$HERE/lib-rel.sh"
per=100
[ "${STRESS:-0}" = 1 ] && per=300
T add "first" --due 2020-01-01 >/dev/null || fail "add"
start_daemon
tui_start 100 30
wait_screen '1 overdue'
three_writers "$per" & writers=$!
# The app completes the selected row a few times while the writers run.
for _ in 1 2 3 4 5; do sleep 0.3; keys x; done
wait $writers
writers_ok $((3 * per))
# The daemon settles: every item it saw is marked delivered (nothing pending to fire).
settled() { [ "$(T pending --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["notifications"]))')" = 0 ]; }
wait_for 10 settled || fail "the daemon did not settle"
T list --all --json >"$WORK/final.json" || fail "list"
python3 - "$WORK/final.json" "$per" "$WORK" <<'PY' || fail "updates lost"
import glob, json, sys
items = json.load(open(sys.argv[1])); per = int(sys.argv[2]); work = sys.argv[3]
ids = {l.strip().upper() for f in glob.glob(work + "/ids.*") for l in open(f)}
have = {i["id"].upper(): i for i in items}
lost = ids - set(have)
assert not lost, f"{len(lost)} acknowledged adds lost"
titles = sorted(i["title"] for i in items if i["title"] != "first")
want = sorted(f"w{w} item {i}" for w in (1, 2, 3) for i in range(1, per + 1))
assert titles == want, "titles differ"
done = [i for i in items if i["completed"]]
print(f"{len(items)} items, {len(done)} completed in the app, none lost")
PY
# The app shows the final state: the badge and the completions it made.
badge=$(T badge)
wait_screen "[^0-9]$badge overdue" 3
completed=$(python3 -c "import json,sys; print(sum(1 for i in json.load(open(sys.argv[1])) if i['completed']))" "$WORK/final.json")
expect_eq "$completed" 5 "completions made in the app with x"
expect_eq "$(( $(T list | wc -l) ))" "$badge" "pending items (all overdue)"
# One more change from the CLI shows in the app within a second.
T add "the very last" --due 2020-01-01 >/dev/null
wait_screen "[^0-9]$((badge + 1)) overdue" 2
keys q
stop_daemon "$DPID"
ls -A "$WORK" | grep -q '\.tmp-' && fail "stray temporary files"
echo "app + daemon + 3 writers x $per: $((3 * per)) adds, none lost; $completed completed in the app; badge $badge shown"
