#!/usr/bin/env bash
# The server-edge soak (issue 34): for SOAK_SECONDS (default 180), a real
# Radicale behind the faulty proxy (e2e/faulty-proxy.py: requests dropped
# before or after they are passed on, 500 after passing on, 503, 412,
# delays; 127.0.0.1 only), `sync setup` through the proxy, the daemon
# syncing every 2 s, killed (kill -9) and started again, and vdirsyncer
# killed (kill -9) in the middle of its runs. Meanwhile, one at a time: adds,
# title edits and deletions here (the CLI) and on a phone (straight to
# Radicale); two edits of one item at least 1.2 s apart (LAST-MODIFIED counts
# seconds); an item deleted only while both sides hold its last edit.
# Then the faults stop, the daemon settles, and it checks: every item here
# and on the server once (duplicated=0), with its last edit, none missing
# (lost=0: a value set aside that was the last edit counts as lost unless a
# conflict line told it), every deleted one gone from both (resurrected=0).
# Prints the counts. Usage: TODO_BIN=.build/release/todo-tui [SOAK_SECONDS=180] e2e/soak-server-faults.sh
set -u
HERE=${HERE:-$(cd "$(dirname "$0")" && pwd)}
WORK=${WORK:-$(mktemp -d /tmp/todo-soak-server.XXXXXX)}
export WORK HERE
. "$HERE/lib.sh"; . "$HERE/lib-radicale.sh"; . "$HERE/lib-proxy.sh"; . "$HERE/daemon-lib.sh"
server_script
secs=${SOAK_SECONDS:-180}
start_radicale htpasswd
start_proxy
echo secret >"$WORK/password"
out=$(T sync setup --caldav "$PURL" --user user --password-command "cat $WORK/password" 2>&1) || fail "setup: $out"
out=$(T sync 2>&1) || fail "first sync: $out"
seed=${SOAK_SEED:-$RANDOM}
proxy random "$seed" 0.12 0.3  # a PUT more often: a lost answer to an upload
echo "soak: ${secs} s, seed $seed, work folder $WORK"
python3 - "$WORK" "$HERE" "$TODO_BIN" "$PORT" "$secs" "$seed" <<'PY' || fail "the soak's checks (logs in $WORK)"
import json, os, random, signal, subprocess, sys, time
work, here, binary, port, secs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
rng = random.Random(int(sys.argv[6]))  # the seed draws the actions too (their timing still varies)
log = open(os.path.join(work, "daemon.err"), "a")
daemon = None
def start():
    global daemon
    daemon = subprocess.Popen([binary, "daemon", "--poll-interval", "2"], stderr=log, stdout=subprocess.DEVNULL)
def run(*args):
    r = subprocess.run(list(args), capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout.strip(), r.stderr.strip()
def T(*args): return run(binary, *args)
def phone(*args): return run("python3", os.path.join(here, "phone.py"), port, *args)
def here_items():
    rc, out, err = T("list", "--all", "--json")
    assert rc == 0, err
    return [(i["uid"], i["title"]) for i in json.loads(out)]
def server_items():
    rc, out, err = phone("list")
    if rc != 0: return None, err  # a UID twice
    return [tuple(l.split("|", 1)) for l in out.splitlines() if l], ""
last = {}      # uid -> (time of the last edit, its title)
deleted = set()
counts = dict(adds=0, edits=0, deletions=0, kills_daemon=0, kills_vdirsyncer=0)
start()
end = time.time() + secs
next_kill = time.time() + rng.uniform(4, 12)
n = 0
while time.time() < end:
    n += 1
    now = time.time()
    if now >= next_kill:
        next_kill = now + rng.uniform(4, 12)
        kids = [int(p) for p in run("pgrep", "-P", str(daemon.pid))[1].split()]
        if kids and rng.random() < 0.5:
            for k in kids:  # vdirsyncer, in the middle of its run
                try: os.kill(k, signal.SIGKILL)
                except ProcessLookupError: pass  # it ended since pgrep saw it
            counts["kills_vdirsyncer"] += 1
        else:
            daemon.kill(); daemon.wait()
            counts["kills_daemon"] += 1
            start()
    ready = [u for u, (t, _) in last.items() if u not in deleted and now - t > 1.2]
    a = rng.random()
    if a < 0.22 or len(ready) < 3:
        if rng.random() < 0.5:
            title = "here %d v0" % n
            rc, out, err = T("add", title)
            if rc == 0: last[out] = (time.time(), title); counts["adds"] += 1
        else:
            uid, title = "p%d@phone" % n, "phone %d v0" % n
            rc, out, err = phone("put", "p%d.ics" % n, uid, title)
            if rc == 0: last[uid] = (time.time(), title); counts["adds"] += 1
    elif a < 0.88:
        uid = rng.choice(ready)
        title = last[uid][1].rsplit(" v", 1)[0] + " v%d" % n
        rc, _, _ = T("edit", uid, "--title", title) if rng.random() < 0.5 else phone("set", uid, "SUMMARY", title)
        if rc == 0: last[uid] = (time.time(), title); counts["edits"] += 1
    else:
        uid = rng.choice(ready)
        mine = dict(here_items()).get(uid)
        rc, there, _ = phone("get", uid, "SUMMARY")
        if mine == last[uid][1] and rc == 0 and there == mine:  # both sides hold its last edit
            rc, _, _ = T("delete", uid) if rng.random() < 0.5 else phone("delete", uid)
            if rc == 0: deleted.add(uid); counts["deletions"] += 1
    time.sleep(rng.uniform(0, 0.4))
# Settle: no more faults, the daemon runs until both sides agree (at most 120 s).
with open(os.path.join(work, "proxy.mode"), "w") as f: f.write("pass\n")
want = {u: t for u, (_, t) in last.items() if u not in deleted}
settle = time.time() + 120
while time.time() < settle:
    s, _ = server_items()
    if s is not None and dict(here_items()) == want and dict(s) == want: break
    time.sleep(1)
daemon.send_signal(signal.SIGTERM); daemon.wait(timeout=30)
h = here_items()
s, dup_error = server_items()
told = open(os.path.join(work, "daemon.err")).read()
conflicts = told.count("conflict: ")
lost = lost_told = 0
for side, items in (("here", h), ("server", s or [])):
    have = dict(items)
    for u, t in want.items():
        if have.get(u) != t:
            if "set aside “%s”" % t in told and u in have: lost_told += 1
            else: lost += 1
            print("%s: %s is %r, its last edit %r" % (side, u, have.get(u), t))
duplicated = (len(h) - len(dict(h))) + (len(s) - len(dict(s)) if s else 0) + (1 if dup_error else 0)
resurrected = 0
for side, items in (("here", h), ("server", s or [])):
    for u in sorted(deleted & set(dict(items))):
        resurrected += 1
        print("%s: %s deleted, back as %r" % (side, u, dict(items)[u]))
faults = sum(1 for _ in open(os.path.join(work, "faults")))
print("soak counts: items=%d (alive %d, deleted %d) adds=%d edits=%d deletions=%d kills: daemon=%d vdirsyncer=%d "
      "faults=%d conflicts told=%d lost=%d (set aside and told %d) duplicated=%d resurrected=%d" % (
      len(last), len(want), len(deleted), counts["adds"], counts["edits"], counts["deletions"],
      counts["kills_daemon"], counts["kills_vdirsyncer"], faults, conflicts, lost, lost_told, duplicated, resurrected))
kinds = {}
for l in open(os.path.join(work, "faults")): kinds[l.split()[0]] = kinds.get(l.split()[0], 0) + 1
print("faults by kind: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
sys.exit(1 if lost or duplicated or resurrected or dup_error else 0)
PY
echo ok
