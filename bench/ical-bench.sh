#!/usr/bin/env bash
# iCalendar import/export at 10,000 VTODOs (one file, and a vdir of 10,000
# files) against the plist import of the same items: a markdown table of medians
# (interleaved rounds) and whether each held the target (2x the plist import).
# Usage: TODO_BIN=.build/release/todo-tui [OUT=results.md] bench/ical-bench.sh [N] [ROUNDS]
set -eu
: "${TODO_BIN:?set TODO_BIN to the release todo-tui binary}"
n=${1:-10000}
runs=${2:-9}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
export LC_ALL=C.UTF-8 TZ=Europe/Berlin
# The items: VTODOs as Thunderbird writes them (TZID with its VTIMEZONE,
# DESCRIPTION, CATEGORIES, an X- property, a warning VALARM on one in three).
/usr/bin/python3 - "$w" "$n" <<'PY'
import os, sys, uuid, random
w, n = sys.argv[1], int(sys.argv[2])
rnd = random.Random(15)
tz = ("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"
      "TZNAME:CEST\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\n"
      "BEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\nDTSTART:19701025T030000\r\n"
      "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n")
head = "BEGIN:VCALENDAR\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\nVERSION:2.0\r\n"
def todo(k):
    u = str(uuid.UUID(int=rnd.getrandbits(128), version=4))
    due = "2027%02d%02dT%02d%02d00" % (rnd.randint(1, 12), rnd.randint(1, 28), rnd.randint(0, 23), rnd.randint(0, 59))
    s = ("BEGIN:VTODO\r\nCREATED:20260601T080000Z\r\nLAST-MODIFIED:20260601T081500Z\r\nDTSTAMP:20260601T081500Z\r\n"
         f"UID:{u}\r\nSUMMARY:Task {k} — Steuererklärung\r\nPRIORITY:{k % 10}\r\n"
         f"DUE;TZID=Europe/Berlin:{due}\r\nDESCRIPTION:Notes for task {k}\\, with a comma\r\n"
         "CATEGORIES:Work\r\nX-MOZ-GENERATION:1\r\n")
    if k % 3 == 0:
        s += "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT15M\r\nDESCRIPTION:Default Mozilla Description\r\nEND:VALARM\r\n"
    return s + "END:VTODO\r\n"
todos = [todo(k) for k in range(n)]
open(os.path.join(w, "items.ics"), "w").write(head + tz + "".join(todos) + "END:VCALENDAR\r\n")
os.mkdir(os.path.join(w, "vdir"))
for k, t in enumerate(todos):
    open(os.path.join(w, "vdir", "%05d.ics" % k), "w").write(head + tz + t + "END:VCALENDAR\r\n")
PY
T() { "$TODO_BIN" "$@"; }
T import "$w/items.ics" --file "$w/base.plist" >/dev/null
T export --format plist --file "$w/base.plist" > "$w/items.plist"
load=$(uptime | sed 's/.*load average: //')
# The floor: libical alone reading the same input on one core (bench/ical-floor.c).
floor=""
cc -O2 -o "$w/ical-floor" "$(dirname "$0")/ical-floor.c" $(pkg-config --cflags --libs libical) 2>/dev/null &&
  floor="$w/ical-floor"
# Interleaved rounds: each round runs every command once, in turn, so that a slow
# spell of this shared machine falls on all of them; each ratio is the median of
# the ratios within a round. Then a markdown table, and the targets (issue 15:
# import and export no slower than 2x the plist import of the same items).
/usr/bin/python3 - "$w" "$n" "$runs" "$(nproc)" "$load" "${OUT:-}" "$TODO_BIN" "$floor" <<'PY'
import os, statistics, subprocess, sys, time
w, n, runs, cores, load, out, todo, floor = sys.argv[1:9]
n, runs = int(n), int(runs)
new = os.path.join(w, "new.plist")
def fresh():
    for p in [new, os.path.join(w, ".new.plist.lock"), new + ".lock"]:
        if os.path.exists(p):
            os.remove(p)
cmds = [  # key, argv, prepare
    ("import-plist", [todo, "import", w + "/items.plist", "--file", new], fresh),
    ("import-ics", [todo, "import", w + "/items.ics", "--file", new], fresh),
    ("import-vdir", [todo, "import", w + "/vdir", "--file", new], fresh),
    ("import-again", [todo, "import", w + "/items.ics", "--file", w + "/base.plist"], None),
    ("export-plist", [todo, "export", "--format", "plist", "--file", w + "/base.plist"], None),
    ("export-ics", [todo, "export", "--format", "ics", "--file", w + "/base.plist"], None),
    ("export-json", [todo, "export", "--format", "json", "--file", w + "/base.plist"], None),
]
if floor:
    cmds += [("floor-ics", [floor, w + "/items.ics"], None), ("floor-vdir", [floor, w + "/vdir"], None)]
times = {k: [] for k, _, _ in cmds}
for r in range(runs + 1):  # the first round warms the caches and is not counted
    for k, argv, prep in cmds:
        if prep:
            prep()
        t0 = time.perf_counter()
        p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        t = time.perf_counter() - t0
        if p.returncode != 0:
            sys.exit("%s failed (exit %d): %s" % (" ".join(argv), p.returncode, p.stderr.decode()))
        if r > 0:
            times[k].append(t * 1000)
med = {k: statistics.median(v) for k, v in times.items()}
def ratio(k, base):
    return statistics.median(a / b for a, b in zip(times[k], times[base]))
rows = [("import plist (ours, the same items)", "import-plist", "import-plist"),
        ("import .ics (one file)", "import-ics", "import-plist"),
        ("import vdir (%s .ics files)" % format(n, ","), "import-vdir", "import-plist"),
        ("import .ics again (nothing changes)", "import-again", "import-plist"),
        ("export --format plist", "export-plist", "import-plist"),
        ("export --format ics", "export-ics", "import-plist"),
        ("export --format json", "export-json", "import-plist")]
if floor:
    rows[3:3] = [("libical alone, one core: parse and free the file (`bench/ical-floor.c`)", "floor-ics", "import-plist"),
                 ("libical alone, one core: parse and free each of the vdir's files", "floor-vdir", "import-plist")]
lines = ["## iCalendar import and export, %s VTODOs" % format(n, ","), "",
         "`bench/ical-bench.sh`: VTODOs as Thunderbird writes them; %s interleaved rounds (each runs every "
         "command once, after a warm-up round); medians, and each ratio the median of the ratios within a "
         "round; %s cores, load average %s." % (runs, cores, load), "",
         "| | median | vs the plist import |", "|---|---:|---:|"]
for name, k, base in rows:
    lines.append("| %s | %.0f ms | %.2f× |" % (name, med[k], ratio(k, base)))
lines.append("")
for name, k in [("import .ics (one file)", "import-ics"), ("import vdir", "import-vdir"),
                ("export --format ics", "export-ics")]:
    r = ratio(k, "import-plist")
    lines.append("- %s no slower than 2× the plist import: %s (%.2f×)" % (name, "held" if r <= 2 else "MISSED", r))
text = "\n".join(lines) + "\n"
sys.stdout.write(text)
if out:
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    open(out, "w").write(text)
PY
