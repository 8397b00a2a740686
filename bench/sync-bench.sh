#!/usr/bin/env bash
# Sync figures (issue 16): a data file of N items (10,000 by default; titles
# and deadlines spread over 30 days, written with Python's plistlib) and a vdir, through the real binary. Prints the median of RUNS
# runs, in ms, of: the first sync into an empty vdir, a sync with nothing to
# do (target ≤ 500 ms at 10,000), one change here, one change there; and the
# peak RSS of the first sync. Usage: TODO_BIN=… bench/sync-bench.sh [N] [RUNS]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
BIN=${TODO_BIN:-$here/../.build/release/todo-tui}
N=${1:-10000}
RUNS=${2:-5}
export TZ=UTC
. "$here/../e2e/lib-sync.sh"
TODO_BIN=$BIN
dir=$(mktemp -d /tmp/todo-sync-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
python3 - "$N" "$dir/seed.plist" <<'PY'
import datetime as dt, plistlib, random, sys, uuid
n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261123)
now = dt.datetime(2030, 1, 1, 8, 0, tzinfo=dt.timezone.utc)
words = "call email pay renew book review fix buy schedule write submit prepare".split()
items = {}
for i in range(n):
    u = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
    due = now + dt.timedelta(minutes=rng.randrange(30 * 24 * 60))
    title = "%s %s #%d" % (rng.choice(words).capitalize(), rng.choice(words), i)
    items[u] = {"UUID": u, "title": title, "deadline": due.replace(tzinfo=None),
                "created": now.replace(tzinfo=None), "modified": now.replace(tzinfo=None)}
with open(path, "wb") as f:
    plistlib.dump({"formatVersion": 1, "todoItems": items}, f, fmt=plistlib.FMT_XML)
PY

ms() { echo $(( ($2 - $1) / 1000000 )); }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
first=() noop=() here_=() there=() rss=()
for r in $(seq 1 "$RUNS"); do
  w="$dir/run$r"
  mkdir -p "$w/vdir"
  cp "$dir/seed.plist" "$w/todos.plist"
  export TODO_TUI_FILE="$w/todos.plist" TODO_TUI_VDIR="$w/vdir"
  sync  # the seed and the vdir on disk, not in the page cache of the copy only
  t0=$(date +%s%N)
  /usr/bin/time -f %M -o "$w/rss" "$BIN" sync >/dev/null
  t1=$(date +%s%N)
  first+=("$(ms "$t0" "$t1")")
  rss+=("$(cat "$w/rss")")
  [ "$(ls "$w/vdir" | wc -l)" -eq "$N" ] || { echo "the first sync wrote $(ls "$w/vdir" | wc -l) files, not $N" >&2; exit 1; }
  t0=$(date +%s%N)
  out=$("$BIN" sync)
  t1=$(date +%s%N)
  [ "$out" = "nothing to do" ] || { echo "a second sync did: $out" >&2; exit 1; }
  noop+=("$(ms "$t0" "$t1")")
  id=$("$BIN" list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  "$BIN" edit "$id" --title "changed here $r" >/dev/null
  t0=$(date +%s%N)
  out=$("$BIN" sync)
  t1=$(date +%s%N)
  grep -q "vdir: updated" <<<"$out" || { echo "one change here: $out" >&2; exit 1; }
  here_+=("$(ms "$t0" "$t1")")
  f=$(ls "$w/vdir" | sed -n 2p)
  ics_set "$w/vdir/$f" SUMMARY "changed there $r"
  t0=$(date +%s%N)
  out=$("$BIN" sync)
  t1=$(date +%s%N)
  grep -q "list: updated" <<<"$out" || { echo "one change there: $out" >&2; exit 1; }
  there+=("$(ms "$t0" "$t1")")
  rm -rf "$w"
done
echo "sync at $N items, median of $RUNS runs ($(nproc) cores, $(uname -m), load $(cut -d' ' -f1 /proc/loadavg)):"
echo "  first sync into an empty vdir: $(printf '%s\n' "${first[@]}" | median) ms (peak RSS $(( $(printf '%s\n' "${rss[@]}" | median) / 1024 )) MiB)"
echo "  sync with nothing to do:       $(printf '%s\n' "${noop[@]}" | median) ms"
echo "  one change here:               $(printf '%s\n' "${here_[@]}" | median) ms"
echo "  one change there:              $(printf '%s\n' "${there[@]}" | median) ms"
echo "  (each run: ${first[*]} | ${noop[*]} | ${here_[*]} | ${there[*]})"
