#!/usr/bin/env bash
# Concurrency (issue 6 part 2, issue 2 acceptance): three CLI writers add 100
# items each, in parallel, on one file. Every add that said OK is there: exactly
# 300 items, each title once. STRESS=1: 3 x 400.
source "$HERE/lib.sh"
source "$HERE/lib-rel.sh"
per=100
[ "${STRESS:-0}" = 1 ] && per=400
three_writers "$per"
total=$((3 * per))
writers_ok "$total"
T list --all --json >"$WORK/list.json" || fail "list failed"
python3 - "$WORK/list.json" "$per" <<'PY' || fail "items lost"
import json, sys
items = json.load(open(sys.argv[1])); per = int(sys.argv[2])
titles = sorted(i["title"] for i in items)
want = sorted(f"w{w} item {i}" for w in (1, 2, 3) for i in range(1, per + 1))
if titles != want:
    missing = set(want) - set(titles)
    print(f"{len(items)} items, {len(missing)} missing, e.g. {sorted(missing)[:5]}"); sys.exit(1)
print(f"{len(items)} items, none lost")
PY
ls -A "$WORK" | grep -q '\.tmp-' && fail "stray temporary files: $(ls -A "$WORK")"
echo "concurrent adds: 3 x $per = $total, none lost"
