#!/usr/bin/env bash
# The mixed-writer soak (issue 24): for SOAK_SECONDS (default 90) on one data
# file and one vdir, all at once —
#   - two CLI writers adding items (some due within seconds) and deleting some of their own;
#   - `todo-tui sync` in a loop, beside the daemon's live sync;
#   - the daemon with a slow notify command (0–0.9 s before it answers),
#     killed (kill -9) or stopped (SIGTERM) and started again every 2–5 s;
#   - a vdir editor (another client) changing files and deleting some.
# Then, everything settled, it checks: every acknowledged add present once
# (nothing lost, no duplicate), every acknowledged deletion (here or in the
# vdir) gone on both sides (nothing resurrected), every notification due
# shown once — no item has two bubbles for one deadline, none is missed
# (each delivered in the file and in a bubble or a summary's count).
# Usage: TODO_BIN=.build/release/todo-tui [SOAK_SECONDS=300] e2e/soak-mixed.sh
set -u
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
WORK=${WORK:-$(mktemp -d /tmp/todo-soak.XXXXXX)}
export WORK HERE
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"; . "$HERE/lib-sync.sh"
secs=${SOAK_SECONDS:-90}
export TODO_TUI_FILE="$WORK/data/todos.plist"
export TODO_TUI_VDIR="$WORK/vdir"
V="$TODO_TUI_VDIR"
mkdir -p "$WORK/data" "$V" "$WORK/log"
echo 'sleep 0.$((RANDOM % 10)); echo $((RANDOM + 1))' >"$WORK/reply-default"
end=$(( $(date +%s) + secs ))
PIDS=()
stop_all() {
  for p in "${PIDS[@]}"; do kill -KILL "$p" 2>/dev/null; done
  [ -f "$WORK/daemon.pid" ] && kill -KILL "$(cat "$WORK/daemon.pid")" 2>/dev/null
  cleanup_daemons
}
trap stop_all EXIT

# The daemon, killed or stopped and started again.
( n=0
  while [ "$(date +%s)" -lt "$end" ]; do
    n=$((n + 1))
    "$TODO_BIN" daemon 2>"$WORK/log/daemon-$n.err" &
    echo $! >"$WORK/daemon.pid"
    sleep "$(( 2 + RANDOM % 4 )).$(( RANDOM % 10 ))"
    if [ $((RANDOM % 2)) = 0 ]; then kill -KILL "$(cat "$WORK/daemon.pid")"; echo kill >>"$WORK/log/restarts"
    else kill -TERM "$(cat "$WORK/daemon.pid")"; echo term >>"$WORK/log/restarts"; fi
    wait "$(cat "$WORK/daemon.pid")" 2>/dev/null
  done ) &
PIDS+=($!)

# Two writers: "wK N keep" (due within 2–30 s), "wK N del" (deleted by the
# writer), "wK N vdel" (due within 1–8 s, deleted in the vdir by the editor,
# its delivery recorded while syncs delete it); acknowledged ones logged.
writer() {
  local k=$1 i=0 id
  while [ "$(date +%s)" -lt "$end" ]; do
    i=$((i + 1))
    case $((i % 4)) in
      0) id=$(T add "w$k $i del" --due "2031-01-01 09:00" 2>>"$WORK/log/errors") &&
           echo "$id" >>"$WORK/log/del-added" &&
           T delete "$id" >/dev/null 2>>"$WORK/log/errors" && echo "$id" >>"$WORK/log/del-acked" ;;
      1) id=$(T add "w$k $i vdel" --due "$(in_seconds $(( 1 + RANDOM % 8 )))" 2>>"$WORK/log/errors") &&
           echo "$id w$k $i vdel" >>"$WORK/log/vdel-added" ;;
      *) id=$(T add "w$k $i keep" --due "$(in_seconds $(( 2 + RANDOM % 29 )))" 2>>"$WORK/log/errors") &&
           echo "$id w$k $i keep" >>"$WORK/log/keep-acked" ;;
    esac
    sleep 0.$((RANDOM % 3))
  done
}
writer 1 & PIDS+=($!)
writer 2 & PIDS+=($!)

# A sync loop beside the live sync.
( while [ "$(date +%s)" -lt "$end" ]; do
    T sync >/dev/null 2>>"$WORK/log/sync-errors" || echo fail >>"$WORK/log/sync-fails"
    sleep 0.$((RANDOM % 10))
  done ) &
PIDS+=($!)

# Another client: changes "keep" files (an X- property, LAST-MODIFIED, SEQUENCE)
# and deletes "vdel" files, each UID logged once deleted.
python3 - "$V" "$end" "$WORK/log/vdel-deleted" "$WORK/log/edits" <<'PY' &
import os, random, sys, time
vdir, end, deleted_log, edits_log = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
rnd = random.Random(24)
edits = 0
while time.time() < end:
    time.sleep(0.2)
    names = [n for n in os.listdir(vdir) if n.endswith(".ics") and not n.startswith(".")]
    if not names: continue
    n = rnd.choice(names); p = os.path.join(vdir, n)
    try: text = open(p, newline="").read()
    except FileNotFoundError: continue
    flat = text.replace("\r\n ", "")
    summary = next((l[8:] for l in flat.split("\r\n") if l.startswith("SUMMARY:")), "")
    uid = next((l[4:] for l in flat.split("\r\n") if l.startswith("UID:")), "")
    if summary.endswith(" vdel"):
        os.unlink(p)
        open(deleted_log, "a").write(uid + "\n")
    elif summary.endswith(" keep"):
        now = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        lines = [l for l in flat.split("\r\n") if l and not l.startswith(("X-SOAK:", "LAST-MODIFIED:", "SEQUENCE:"))]
        at = lines.index("END:VTODO")
        lines[at:at] = ["X-SOAK:%d" % edits, "LAST-MODIFIED:" + now, "SEQUENCE:%d" % (100 + edits)]
        tmp = os.path.join(vdir, ".soak-tmp")
        open(tmp, "w", newline="").write("\r\n".join(lines) + "\r\n")
        os.rename(tmp, p)
        edits += 1
open(edits_log, "w").write("%d\n" % edits)
PY
PIDS+=($!)

wait "${PIDS[@]}" 2>/dev/null
PIDS=()
# Settled: one daemon runs until every due notification is out, syncs meet.
start_daemon "$WORK/log/daemon-final.err"
T sync >/dev/null 2>>"$WORK/log/sync-errors"; T sync >/dev/null 2>>"$WORK/log/sync-errors"
last_due=$(( end + 31 ))
while [ "$(date +%s)" -le "$last_due" ]; do sleep 1; done
sleep 3
stop_daemon "$DPID"
T sync >/dev/null 2>>"$WORK/log/sync-errors" || fail "the final sync: $(tail -n 3 "$WORK/log/sync-errors")"
T list --all --json >"$WORK/final.json" || fail "list"
python3 - "$WORK" "$V" <<'PY' || fail "the soak's checks (logs in $WORK/log)"
import json, os, plistlib, sys
work, vdir = sys.argv[1], sys.argv[2]
def lines(name):
    p = os.path.join(work, "log", name)
    return [l.split() for l in open(p)] if os.path.exists(p) else []
items = json.load(open(os.path.join(work, "final.json")))
by_id = {i["id"].upper(): i for i in items}
files = {}
for n in os.listdir(vdir):
    if n.endswith(".ics") and not n.startswith("."):
        flat = open(os.path.join(vdir, n), newline="").read().replace("\r\n ", "")
        files[next(l[4:] for l in flat.split("\r\n") if l.startswith("UID:")).upper()] = n
problems = []
keep = {l[0].upper(): " ".join(l[1:]) for l in lines("keep-acked")}
for i, title in keep.items():
    if i not in by_id: problems.append("lost: " + title)
    elif by_id[i]["title"] != title: problems.append(f"changed: {title} -> {by_id[i]['title']}")
    if i not in files: problems.append("not in the vdir: " + title)
titles = [i["title"] for i in items]
dups = {t for t in titles if titles.count(t) > 1}
if dups: problems.append(f"duplicates: {sorted(dups)[:5]}")
dels = {l[0].upper() for l in lines("del-acked")}
vdels = {l[0].upper() for l in lines("vdel-deleted")}
for i in dels | vdels:
    if i in by_id: problems.append("resurrected in the list: " + by_id[i]["title"])
    if i in files: problems.append("resurrected in the vdir: " + files[i])
# Notifications: one bubble at most per item and deadline; none missed.
singles, counted = {}, 0
for f in os.listdir(os.path.join(work, "calls")):
    if f.endswith(".tmp"): continue
    first = open(os.path.join(work, "calls", f), errors="replace").readline().rstrip("\n").split("|")
    if first[6]: counted += int(first[6])
    else: singles[(first[2].upper(), first[4])] = singles.get((first[2].upper(), first[4]), 0) + 1
twice = {k: n for k, n in singles.items() if n > 1}
if twice: problems.append(f"{len(twice)} notifications shown more than once: {list(twice.items())[:3]}")
data = plistlib.load(open(os.path.join(work, "data", "todos.plist"), "rb"))["todoItems"]
due = [u for u, e in data.items() if u in keep and e.get("notifiedDeadline") != e["deadline"]]
if due: problems.append(f"{len(due)} due notifications not delivered")
shown = len({k[0] for k in singles if k[0] in keep})
if shown + counted < len(keep): problems.append(f"missed: {len(keep)} due, {shown} bubbles + {counted} in summaries")
restarts = lines("restarts")
fails = len(lines("sync-fails"))
edits = lines("edits")
print(f"acknowledged: {len(keep)} adds kept, {len(dels)} deleted here, {len(vdels)} deleted in the vdir "
      f"({int(edits[0][0]) if edits else 0} vdir edits); {len(items)} items at the end; "
      f"daemon restarts: {sum(1 for r in restarts if r == ['kill'])} kill -9, {sum(1 for r in restarts if r == ['term'])} SIGTERM; "
      f"bubbles: {sum(singles.values())} single ({shown} items) + summaries counting {counted}; sync runs that failed: {fails}")
for p in problems[:20]: print("PROBLEM:", p)
sys.exit(1 if problems else 0)
PY
echo "ok"
