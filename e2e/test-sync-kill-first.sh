#!/usr/bin/env bash
# The first sync into an empty vdir (every file new: made on other threads,
# unnamed until a run of them is flushed) killed (-9) at random instants:
# every file left under its name is whole, byte for byte the file an
# uninterrupted first sync writes, no UID is in two files, and the next sync
# completes the vdir with nothing left behind (issue 28).
. "$HERE/lib.sh"; . "$HERE/lib-sync.sh"
N=${SYNC_KILL_FIRST_ITEMS:-3000}

python3 - "$WORK/seed.ics" "$N" <<'PY'
import sys, uuid
path, n = sys.argv[1], int(sys.argv[2])
lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//seed//EN"]
for i in range(n):
    lines += ["BEGIN:VTODO", "UID:" + str(uuid.UUID(int=0xB << 124 | i)).upper(),
      "DTSTAMP:20300101T000000Z", "LAST-MODIFIED:20300101T000000Z",
      "SUMMARY:first %d, with a comma and a long tail to fold %s" % (i, "x" * (i % 90)),
      "DESCRIPTION:line one\\nline two", "PRIORITY:%d" % (i % 10), "END:VTODO"]
open(path, "w").write("\r\n".join(lines + ["END:VCALENDAR", ""]))
PY
T import "$WORK/seed.ics" >/dev/null
cp "$TODO_TUI_FILE" "$WORK/seeded.plist"

# fresh DIR: the seeded data file with no sync status, and an empty vdir.
fresh() { rm -rf "$1"; mkdir -p "$1/vdir"; cp "$WORK/seeded.plist" "$1/todos.plist"; }
sync_in() { "$TODO_BIN" sync --file "$1/todos.plist" --vdir "$1/vdir"; }

# The reference: an uninterrupted first sync.
fresh "$WORK/ref"
t0=$(date +%s%N)
sync_in "$WORK/ref" >/dev/null || fail "the reference sync"
full=$(( ($(date +%s%N) - t0) / 1000000 ))
expect_eq "$(ls "$WORK/ref/vdir" | wc -l)" "$N" "files of the reference sync"
echo "a first sync of $N takes $full ms"

kills=0 tries=0 span=$full partial_seen=0
while [ "$kills" -lt 8 ] && [ "$tries" -lt 40 ]; do
  tries=$((tries + 1))
  d="$WORK/t"; fresh "$d"
  killed_at_random "$TODO_BIN" sync --file "$d/todos.plist" --vdir "$d/vdir"
  # Every file under a name is the reference's file of that name, whole.
  left=$(ls "$d/vdir" | grep -c '\.ics$' || true)
  [ "$left" -gt 0 ] && [ "$left" -lt "$N" ] && partial_seen=$((partial_seen + 1))
  for f in "$d/vdir"/*.ics; do
    [ -e "$f" ] || continue
    cmp -s "$f" "$WORK/ref/vdir/${f##*/}" || fail "try $tries: ${f##*/} is not whole after a kill"
  done
  T list --file "$d/todos.plist" >/dev/null || fail "try $tries: the data file does not read after a kill"
  # The next sync completes it: the same files as the reference, nothing behind.
  sync_in "$d" >/dev/null 2>>"$WORK/sync.err" || fail "try $tries: the sync after a kill: $(tail -n 3 "$WORK/sync.err")"
  diff -r "$d/vdir" "$WORK/ref/vdir" >/dev/null || fail "try $tries: the vdir after the next sync differs from the reference"
  expect_eq "$(sync_in "$d")" "nothing to do" "try $tries: a sync after the completing sync"
  expect_eq "$(vdir_summary "$d/vdir")" "$(list_summary "$d/todos.plist")" "try $tries: both sides"
  leftovers=$(find "$d" -name '.*tmp*' -o -name '.todo-sync-staging')
  [ -z "$leftovers" ] || fail "try $tries: temporary files left: $leftovers"
done
echo "$kills kills in $tries tries, $partial_seen left part of the files"
[ "$kills" -ge 8 ] || fail "only $kills of $tries first syncs were killed"
[ "$partial_seen" -ge 1 ] || fail "no kill landed while files were being made"
echo ok
