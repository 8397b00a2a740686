#!/usr/bin/env bash
# Crashes (issue 6 part 1): kill -9 at random moments of add, complete, edit
# and delete on a file of a few thousand items. After every kill the file is
# whole XML (plistlib) and `list` reads it; every change that was acknowledged
# (exit 0) is there, and a killed change is either wholly there or wholly not;
# an acknowledged write leaves no temporary file behind.
# KILLS (default 60, STRESS=1: 240) is the number of kills that hit a live process.
source "$HERE/lib.sh"
kills=${KILLS:-60}
[ "${STRESS:-0}" = 1 ] && kills=${KILLS:-240}
python3 - "$TODO_BIN" "$TODO_TUI_FILE" "$kills" "${SEED:-$RANDOM}" <<'PY'
import json, os, plistlib, random, signal, statistics, subprocess, sys, time, uuid, datetime

binary, path, want_kills, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
folder = os.path.dirname(path) or "."
print(f"seed {seed}")

def fail(msg):
    print("FAIL:", msg); sys.exit(1)

# A file big enough that writing it takes a while (a kill lands mid-write often).
base = datetime.datetime(2020, 1, 1, 9, 0, 0)
entries = {}
for n in range(3000):
    u = str(uuid.UUID(int=rng.getrandbits(128))).upper()
    entries[u] = {"UUID": u, "title": f"seed {n}", "deadline": base + datetime.timedelta(minutes=n),
                  "created": base}
with open(path, "wb") as f:
    plistlib.dump({"formatVersion": 1, "todoItems": entries}, f)

def state():
    """The file as the program reads it, and as python's strict XML plist parser reads it."""
    with open(path, "rb") as f:
        raw = f.read()
    try:
        root = plistlib.loads(raw)
    except Exception as e:
        fail(f"the file does not parse as a plist: {e}")
    r = subprocess.run([binary, "list", "--all", "--json"], capture_output=True)
    if r.returncode != 0:
        fail(f"list failed after a kill: {r.stderr.decode(errors='replace')}")
    items = {i["id"].upper(): (i["title"], i["completed"] is not None) for i in json.loads(r.stdout)}
    if len(items) != len(root["todoItems"]):
        fail("list and plistlib disagree on the item count")
    return items

def strays():
    return [n for n in os.listdir(folder) if n.startswith("." + os.path.basename(path) + ".tmp-")]

model = {u: (e["title"], False) for u, e in entries.items()}
durations = {}
stats = {"kills": 0, "acked": 0, "killed_applied": 0, "killed_not_applied": 0,
         "kills_leaving_temp": 0, "by_op": {}}
counter = 0

def pick():
    return rng.choice(sorted(model))

while stats["kills"] < want_kills:
    counter += 1
    op = rng.choice(["add", "complete", "edit", "delete"])
    if op == "add":
        title = f"added {counter} {rng.getrandbits(32):x}"
        argv = ["add", title, "--due", "2020-06-01"]
    elif op == "complete":
        target = pick(); argv = ["complete", target]
    elif op == "edit":
        target = pick(); title = f"edited {counter} {rng.getrandbits(32):x}"
        argv = ["edit", target, "--title", title]
    else:
        target = pick(); argv = ["delete", target]
    d = durations.get(op)
    # Half the runs are killed after a random delay within the command's usual run time.
    delay = None if (d is None or rng.random() < 0.5) else rng.uniform(0, 1.1 * statistics.median(d))
    t0 = time.monotonic()
    p = subprocess.Popen([binary] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    killed = False
    if delay is not None:
        time.sleep(delay)
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
            killed = True
    out, err = p.communicate()
    if killed and p.returncode != -signal.SIGKILL:
        killed = False  # it finished between poll and kill
    if not killed:
        durations.setdefault(op, []).append(time.monotonic() - t0)
        if p.returncode != 0:
            fail(f"{argv} failed: {err.decode(errors='replace')}")
        stats["acked"] += 1
    else:
        stats["kills"] += 1
        stats["by_op"][op] = stats["by_op"].get(op, 0) + 1
        if strays():
            stats["kills_leaving_temp"] += 1
    now = state()
    # What the change would have done.
    before = dict(model)
    after = dict(model)
    if op == "add":
        new = [u for u, (t, _) in now.items() if t == title]
        if len(new) > 1: fail(f"add made {len(new)} items")
        if not killed:
            printed = out.decode().strip().upper()
            if new != [printed]: fail(f"acknowledged add {title} ({printed}) missing: {new}")
        if new: after[new[0]] = (title, False)
    elif op == "complete":
        after[target] = (model[target][0], True)
    elif op == "edit":
        after[target] = (title, model[target][1])
    else:
        del after[target]
    if now == after:
        if killed: stats["killed_applied"] += 1
        model = after
    elif killed and now == before:
        stats["killed_not_applied"] += 1
    else:
        lost = {u for u in after if after[u] != now.get(u)} | {u for u in now if u not in after}
        fail(f"after {'killed' if killed else 'acknowledged'} {argv}: state is neither before nor after; "
             f"differs at {sorted(lost)[:3]}")
    if not killed and strays():
        fail(f"temporary files left after an acknowledged {op}: {strays()}")

# The next command cleans whatever a kill left.
r = subprocess.run([binary, "add", "final", "--due", "2020-06-01"], capture_output=True)
if r.returncode != 0: fail("final add failed")
if strays(): fail(f"temporary files left after the final add: {strays()}")
med = {k: f"{statistics.median(v) * 1000:.0f} ms" for k, v in durations.items()}
print(f"kills survived: {stats['kills']} {stats['by_op']}; acknowledged changes: {stats['acked']}, all present; "
      f"killed changes applied whole: {stats['killed_applied']}, not applied: {stats['killed_not_applied']}; "
      f"kills that left a temp file (cleaned by the next write): {stats['kills_leaving_temp']}; "
      f"median run times {med}")
PY
