#!/usr/bin/env bash
# iCalendar import/export at 10,000 VTODOs (one file, and a vdir of 10,000
# files) against the plist import of the same items: a markdown table of medians
# (hyperfine) and whether each import held the target (2x the plist import).
# Usage: TODO_BIN=.build/release/todo-tui [OUT=results.md] bench/ical-bench.sh [N] [RUNS]
set -eu
: "${TODO_BIN:?set TODO_BIN to the release todo-tui binary}"
n=${1:-10000}
runs=${2:-7}
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
hf() {  # KEY PREPARE COMMAND
  hyperfine -N --runs "$runs" --warmup 1 --prepare "$2" --export-json "$w/$1.json" "$3" >/dev/null 2>&1 ||
    hyperfine --runs "$runs" --warmup 1 --prepare "$2" --export-json "$w/$1.json" "$3" >/dev/null
}
load=$(uptime | sed 's/.*load average: //')
# The floor: libical alone reading the same input on one core (bench/ical-floor.c).
floor=""
if cc -O2 -o "$w/ical-floor" "$(dirname "$0")/ical-floor.c" $(pkg-config --cflags --libs libical) 2>/dev/null; then
  floor="$w/ical-floor"
  hf floor-ics "true" "$floor $w/items.ics"
  hf floor-vdir "true" "$floor $w/vdir"
fi
fresh="rm -f $w/new.plist $w/.new.plist.lock $w/new.plist.lock"
hf import-plist "$fresh" "$TODO_BIN import $w/items.plist --file $w/new.plist"
hf import-ics "$fresh" "$TODO_BIN import $w/items.ics --file $w/new.plist"
hf import-vdir "$fresh" "$TODO_BIN import $w/vdir --file $w/new.plist"
hf import-again "true" "$TODO_BIN import $w/items.ics --file $w/base.plist"
hf export-plist "true" "$TODO_BIN export --format plist --file $w/base.plist"
hf export-ics "true" "$TODO_BIN export --format ics --file $w/base.plist"
hf export-json "true" "$TODO_BIN export --format json --file $w/base.plist"
# A markdown table: medians, each import against the plist import and each export
# against the plist export; then the targets (issue 15: no slower than 2x the plist import).
/usr/bin/python3 - "$w" "$n" "$runs" "$(nproc)" "$load" "${OUT:-}" <<'PY'
import json, os, sys
w, n, runs, cores, load, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
med = {k: json.load(open(os.path.join(w, k + ".json")))["results"][0]["median"] * 1000 for k in
       ["import-plist", "import-ics", "import-vdir", "import-again", "export-plist", "export-ics", "export-json"]}
floor = os.path.exists(os.path.join(w, "floor-ics.json"))
if floor:
    for k in ["floor-ics", "floor-vdir"]:
        med[k] = json.load(open(os.path.join(w, k + ".json")))["results"][0]["median"] * 1000
rows = [("import plist (ours, the same items)", "import-plist", "import-plist"),
        ("import .ics (one file)", "import-ics", "import-plist"),
        ("import vdir (%s .ics files)" % format(n, ","), "import-vdir", "import-plist"),
        ("import .ics again (nothing changes)", "import-again", "import-plist"),
        ("export --format plist", "export-plist", "export-plist"),
        ("export --format ics", "export-ics", "export-plist"),
        ("export --format json", "export-json", "export-plist")]
lines = ["## iCalendar import and export, %s VTODOs" % format(n, ","), "",
         "`bench/ical-bench.sh`: VTODOs as Thunderbird writes them; medians of %s runs (hyperfine), "
         "%s cores, load average %s." % (runs, cores, load), "",
         "| | median | ratio |", "|---|---:|---:|"]
if floor:
    rows[3:3] = [("libical alone, one core: parse and free the file (`bench/ical-floor.c`)", "floor-ics", "import-plist"),
                 ("libical alone, one core: parse and free the vdir's files", "floor-vdir", "import-plist")]
for name, k, base in rows:
    lines.append("| %s | %.0f ms | %.2f× %s |" % (name, med[k], med[k] / med[base],
                 "plist import" if base == "import-plist" else "plist export"))
lines.append("")
for name, k in [("import .ics (one file)", "import-ics"), ("import vdir", "import-vdir")]:
    r = med[k] / med["import-plist"]
    lines.append("- %s no slower than 2× the plist import: %s (%.2f×)" % (name, "held" if r <= 2 else "MISSED", r))
text = "\n".join(lines) + "\n"
sys.stdout.write(text)
if out:
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    open(out, "w").write(text)
PY
