#!/usr/bin/env bash
# Crashes of the daemon (issue 6 part 1): kill -9 at random moments while the
# daemon fires a notification, marks it delivered and applies the "complete"
# action that the notify command printed. After every kill the file is whole
# XML and `list` reads it; every completion the daemon acknowledged (its log
# line) is on disk; no temporary file outlives the next write.
# KILLS (default 20, STRESS=1: 80): kills that hit a live daemon.
source "$HERE/lib.sh"
kills=${KILLS:-20}
[ "${STRESS:-0}" = 1 ] && kills=${KILLS:-80}
cat >"$WORK/notify" <<'FAKE'
#!/bin/bash
: >"$FAKE_DIR/called-$TODO_TITLE"
echo complete
FAKE
chmod +x "$WORK/notify"
export TODO_TUI_NOTIFY="$WORK/notify" FAKE_DIR="$WORK"
python3 - "$TODO_BIN" "$TODO_TUI_FILE" "$kills" "${SEED:-$RANDOM}" "$WORK" <<'PY'
import datetime, json, os, plistlib, random, signal, statistics, subprocess, sys, time, uuid

binary, path, want, seed, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rng = random.Random(seed)
print(f"seed {seed}")
def fail(msg):
    print("FAIL:", msg); sys.exit(1)
# Completed items make every write of the daemon take a while.
base = datetime.datetime(2020, 1, 1, 9, 0, 0)
entries = {}
for n in range(2000):
    u = str(uuid.UUID(int=rng.getrandbits(128))).upper()
    entries[u] = {"UUID": u, "title": f"done {n}", "deadline": base, "created": base, "completed": base}
with open(path, "wb") as f:
    plistlib.dump({"formatVersion": 1, "todoItems": entries}, f)
log = os.path.join(work, "daemon.err")
def strays():
    return [n for n in os.listdir(os.path.dirname(path)) if n.startswith("." + os.path.basename(path) + ".tmp-")]
def check(acked):
    with open(path, "rb") as f:
        try: plistlib.loads(f.read())
        except Exception as e: fail(f"the file does not parse: {e}")
    r = subprocess.run([binary, "list", "--all", "--json"], capture_output=True)
    if r.returncode: fail(f"list failed: {r.stderr!r}")
    items = {i["title"]: i for i in json.loads(r.stdout)}
    for t in acked:
        if t not in items or not items[t]["completed"]:
            fail(f"the daemon said it completed {t}, but it is not completed on disk")
    return items
stats = {"kills": 0, "not_killed": 0, "left_temp": 0}
lat = []
i = 0
while stats["kills"] < want:
    i += 1
    title = f"d{i}"
    due = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    r = subprocess.run([binary, "add", title, "--due", due], capture_output=True)
    if r.returncode: fail(f"add failed: {r.stderr!r}")
    if strays(): fail(f"temporary files left after an acknowledged add: {strays()}")
    marker = os.path.join(work, "called-" + title)
    with open(log, "ab") as err:
        d = subprocess.Popen([binary, "daemon"], stderr=err, stdout=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while not os.path.exists(marker):
        if time.monotonic() > end: fail(f"the notify command was not called for {title}: {open(log).read()[-500:]}")
        time.sleep(0.002)
    t0 = time.monotonic()
    if not lat or rng.random() < 0.25:
        # Not killed: measure how long after the notify command starts the action lands.
        while f"Completed “{title}”" not in open(log, encoding="utf-8").read():
            if time.monotonic() > end: fail(f"the action for {title} was not applied: {open(log).read()[-500:]}")
            time.sleep(0.002)
        lat.append(time.monotonic() - t0)
        d.send_signal(signal.SIGTERM)
        if d.wait(timeout=10) != 0: fail("the daemon did not end cleanly on SIGTERM")
        stats["not_killed"] += 1
        check([title])
        continue
    # Killed at a random moment up to a little after the action usually lands.
    time.sleep(rng.uniform(0, 1.3 * statistics.median(lat)))
    if d.poll() is None:
        d.send_signal(signal.SIGKILL); d.wait()
        stats["kills"] += 1
        if strays(): stats["left_temp"] += 1
    else:
        fail(f"the daemon ended by itself: {open(log).read()[-500:]}")
    acked = [l.split("“")[1].split("”")[0] for l in open(log, encoding="utf-8") if "Completed “" in l]
    check(acked)
# One more daemon run, not killed: everything not yet completed is, and no temporary file is left.
subprocess.run([binary, "add", "last", "--due", "2020-01-01"], check=True, capture_output=True)
if strays(): fail(f"temporary files left after the next write: {strays()}")
acked = [l.split("“")[1].split("”")[0] for l in open(log, encoding="utf-8") if "Completed “" in l]
items = check(acked)
done = sum(1 for t, it in items.items() if t[0] == "d" and t[1:].isdigit() and it["completed"])
print(f"daemon kills survived: {stats['kills']}; completions acknowledged by the daemon: {len(set(acked))}, all on disk; "
      f"items completed on disk: {done} of {i}; runs not killed: {stats['not_killed']}; "
      f"kills that left a temp file: {stats['left_temp']}; action lands {statistics.median(lat) * 1000:.0f} ms "
      "(median) after the notify command starts")
PY
