# Helpers for the sync tests (sourced after lib.sh): make and edit .ics files
# the way another program would (Python, written atomically), and read both
# sides back. Python's own code only; no iCalendar library needed.

# ics_write FILE UID SUMMARY [DUE] [MORE-LINES]: one VTODO, LAST-MODIFIED now.
# DUE is an iCalendar value with its parameters, e.g. "DUE;TZID=Europe/Berlin:20301124T183000".
ics_write() {
  python3 - "$@" <<'PY'
import os, sys, time
path, uid, summary = sys.argv[1:4]
due = sys.argv[4] if len(sys.argv) > 4 else ""
more = sys.argv[5] if len(sys.argv) > 5 else ""
now = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:" + uid,
         "DTSTAMP:" + now, "LAST-MODIFIED:" + now, "SUMMARY:" + summary]
if due: lines.append(due)
lines += [l for l in more.split("\n") if l]
lines += ["END:VTODO", "END:VCALENDAR"]
tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".phone-tmp")
with open(tmp, "w", newline="") as f: f.write("\r\n".join(lines) + "\r\n")
os.rename(tmp, path)
PY
}

# ics_set FILE NAME VALUE: sets (or adds) property NAME (no parameters), bumps
# LAST-MODIFIED (at least one second past the old one) and SEQUENCE; atomically.
# VALUE "-" removes the property.
ics_set() {
  python3 - "$@" <<'PY'
import os, sys, time, calendar
path, name, value = sys.argv[1:4]
text = open(path, newline="").read().replace("\r\n ", "").replace("\r\n\t", "")
lines = text.split("\r\n")
out, done, seq, old_lm = [], False, None, 0
for l in lines:
    key = l.split(":", 1)[0].split(";", 1)[0].upper()
    if key == "LAST-MODIFIED":
        old_lm = calendar.timegm(time.strptime(l.split(":", 1)[1], "%Y%m%dT%H%M%SZ")); continue
    if key == "SEQUENCE": seq = int(l.split(":", 1)[1]); continue
    if key == name.upper() and not done:
        done = True
        if value != "-": out.append(name + ":" + value)
        continue
    out.append(l)
lm = max(int(time.time()), old_lm + 1)
i = out.index("END:VTODO")
extra = ["LAST-MODIFIED:" + time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(lm)), "SEQUENCE:%d" % ((seq or 0) + 1)]
if not done and value != "-": extra.append(name + ":" + value)
out[i:i] = extra
tmp = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".phone-tmp")
with open(tmp, "w", newline="") as f: f.write("\r\n".join(out))
os.rename(tmp, path)
PY
}

# ics_get FILE NAME: the value of the first property NAME (unfolded, parameters dropped).
ics_get() {
  python3 - "$@" <<'PY'
import sys
path, name = sys.argv[1:3]
stack = []  # the VTODO's own property, not a VTIMEZONE's or VALARM's
for l in open(path, newline="").read().replace("\r\n ", "").split("\r\n"):
    if l.startswith("BEGIN:"): stack.append(l[6:]); continue
    if l.startswith("END:"):
        if stack: stack.pop()
        continue
    if stack and stack[-1] == "VTODO" and l.split(":", 1)[0].split(";", 1)[0].upper() == name.upper():
        print(l.split(":", 1)[1]); break
PY
}

# vdir_summary DIR: "UID|SUMMARY" of every .ics file, sorted; fails on a UID in two files.
vdir_summary() {
  python3 - "$1" <<'PY'
import os, sys
d = sys.argv[1]; seen = {}; out = []
for n in sorted(os.listdir(d)):
    if not n.endswith(".ics") or n.startswith("."): continue
    t = open(os.path.join(d, n), newline="").read().replace("\r\n ", "").replace("\r\n\t", "")
    props = {}
    for l in t.split("\r\n"):
        k = l.split(":", 1)[0].split(";", 1)[0].upper()
        if k in ("UID", "SUMMARY") and k not in props: props[k] = l.split(":", 1)[1]
    uid = props.get("UID", "?")
    if uid in seen: print("DUPLICATE UID %s in %s and %s" % (uid, seen[uid], n)); sys.exit(1)
    seen[uid] = n
    out.append("%s|%s" % (uid, props.get("SUMMARY", "").replace("\\,", ",").replace("\\;", ";")))
print("\n".join(sorted(out)))
PY
}

# list_summary [FILE]: "UID|TITLE" of every item of the data file (completed too), sorted;
# fails on a UID twice.
list_summary() {
  "$TODO_BIN" list --all --json ${1:+--file "$1"} | python3 -c '
import json, sys
items = json.load(sys.stdin); seen = set(); out = []
for i in items:
    if i["uid"] in seen: print("DUPLICATE UID " + i["uid"]); sys.exit(1)
    seen.add(i["uid"]); out.append("%s|%s" % (i["uid"], i["title"]))
print("\n".join(sorted(out)))'
}

# tree_stamp DIR…: inode, mtime and size of every file, to show nothing was touched.
tree_stamp() { find "$@" -type f -printf '%p %i %T@ %s\n' | sort; }

# killed_at_random CMD…: CMD in the background, killed (-9) after a random
# 0..$span ms, or left to finish first; $span grows after a kill and shrinks
# after a finish, so that kills spread over the whole of a run. Counts $kills.
killed_at_random() {
  "$@" >/dev/null 2>>"$WORK/sync.err" &
  local pid=$!
  sleep "$(awk -v r=$RANDOM -v m="$span" 'BEGIN { printf "%.3f", r / 32768 * m / 1000 }')"
  if kill -KILL "$pid" 2>/dev/null; then
    kills=$((kills + 1)); span=$((span * 5 / 4 + 1))
  else
    span=$((span * 2 / 3 + 1))
  fi
  wait "$pid" 2>/dev/null
}
