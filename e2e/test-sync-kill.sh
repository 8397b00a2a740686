#!/usr/bin/env bash
# A sync killed (-9) at random instants, many times, converges: the next
# complete sync leaves the same items on both sides, no UID twice, every
# item and every edit made on either side present, every deletion done, and
# no temporary file behind (SPEC 7, issue 16).
. "$HERE/lib.sh"; . "$HERE/lib-sync.sh"
export TODO_TUI_VDIR="$WORK/vdir"
V="$TODO_TUI_VDIR"
N=${SYNC_KILL_ITEMS:-200}
ROUNDS=${SYNC_KILL_ROUNDS:-30}
mkdir -p "$V"

# N items here (imported from one calendar file), N files there (made elsewhere).
python3 - "$WORK/seed.ics" "$V" "$N" <<'PY'
import sys, uuid
path, vdir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Someday items (no DUE): they take no notification slot, so there is no limit on them.
todo = lambda uid, s: ["BEGIN:VTODO", "UID:" + uid, "DTSTAMP:20300101T000000Z",
  "LAST-MODIFIED:20300101T000000Z", "SUMMARY:" + s, "END:VTODO"]
lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//seed//EN"]
for i in range(n):
    lines += todo(str(uuid.UUID(int=0xA << 124 | i)).upper(), "L%d" % i)
open(path, "w").write("\r\n".join(lines + ["END:VCALENDAR", ""]))
for i in range(n):
    body = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN"] + \
      todo("phone-%d@example.com" % i, "V%d" % i) + ["END:VCALENDAR", ""]
    open("%s/p%04d.ics" % (vdir, i), "w").write("\r\n".join(body))
PY
T import "$WORK/seed.ics" >/dev/null
lid() { printf 'A0000000-0000-0000-0000-%012X' "$1"; }

# How long a sync without status takes here (a copy of both sides), in ms:
# the kills are spread over that time.
time_sync() {
  rm -rf "$WORK/cal"; mkdir -p "$WORK/cal"
  cp -r "$V" "$WORK/cal/vdir"; cp "$TODO_TUI_FILE" "$WORK/cal/todos.plist"
  local t0=$(date +%s%N)
  "$TODO_BIN" sync --file "$WORK/cal/todos.plist" --vdir "$WORK/cal/vdir" >/dev/null
  echo $(( ($(date +%s%N) - t0) / 1000000 ))
}

kills=0
# sync_killed: a sync killed at a random instant (killed_at_random).
sync_killed() {
  killed_at_random "$TODO_BIN" sync
  T list >/dev/null || fail "the data file does not read after a kill"
}

# Phase 1: the first sync (2N creations), killed again and again.
start=$(date +%s%N)
full=$(time_sync)
echo "a first sync takes $full ms"
span=$full
for i in $(seq 1 20); do sync_killed; done
echo "phase 1: $kills kills"

# Phase 2: changes on both sides between killed syncs. Each round adds an
# item on each side, edits one item on each side and deletes one on each
# side (disjoint sets, settled before the round: see the full sync below).
T sync >/dev/null || fail "a full sync after phase 1: $(tail -n 3 "$WORK/sync.err")"
expected_extra=0
for r in $(seq 1 "$ROUNDS"); do
  T add "new-here-$r" --due none >/dev/null
  ics_write "$V/new-there-$r.ics" "new-there-$r@example.com" "new-there-$r"
  T edit "$(lid "$r")" --title "edited-here-$r" >/dev/null
  ics_set "$V/p$(printf %04d "$r").ics" SUMMARY "edited-there-$r"
  T delete "$(lid $((N - r)))" >/dev/null
  rm "$V/p$(printf %04d $((N - r))).ics"
  [ "$r" -eq 1 ] && span=$(time_sync)
  sync_killed
done
echo "phase 2: $kills kills in all, $(( ($(date +%s%N) - start) / 1000000 )) ms"
[ "$kills" -ge $(( (20 + ROUNDS) / 3 )) ] || fail "only $kills syncs were killed; the kills came too late to test anything"

# A complete sync, then nothing to do.
T sync >/dev/null || fail "the final sync: $(tail -n 3 "$WORK/sync.err")"
expect_eq "$(T sync)" "nothing to do" "a sync after the final sync"

here=$(list_summary) || fail "the data file: $here"
there=$(vdir_summary "$V") || fail "the vdir: $there"
expect_eq "$there" "$here" "both sides"
count=$(wc -l <<<"$here")
expect_eq "$count" $((2 * N + 2 * ROUNDS - 2 * ROUNDS)) "items (2N seeded, 2 added and 2 deleted a round)"
for r in $(seq 1 "$ROUNDS"); do
  for t in "new-here-$r" "new-there-$r" "edited-here-$r" "edited-there-$r"; do
    grep -qx "[^|]*|$t" <<<"$here" || fail "lost: $t"
  done
  grep -qx "[^|]*|L$((N - r))" <<<"$here" && fail "a deletion here did not cross: L$((N - r))"
  grep -qx "[^|]*|V$((N - r))" <<<"$here" && fail "a deletion there did not cross: V$((N - r))"
done
rm -rf "$WORK/cal"
leftovers=$(find "$V" "$WORK" -maxdepth 1 \( -name '.*tmp*' -o -name '.todo-sync-staging' \))
[ -z "$leftovers" ] || fail "temporary files left: $leftovers"
echo "ok ($kills kills)"
