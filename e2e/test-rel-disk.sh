#!/usr/bin/env bash
# Disk faults (issue 6 part 3): a full disk, a read-only folder, a data file
# that is a folder, a FIFO or a device, a dangling symlink. Each: one clear `error:` line, a
# non-zero exit, the old file intact, no temporary file left behind.
source "$HERE/lib.sh"
skipped=()
no_strays() { ! ls -A "$1" | grep -q '\.tmp-' || fail "temporary file left in $1: $(ls -A "$1")"; }

# --- A data file that is a folder.
mkdir "$WORK/dir.plist"
TODO_TUI_FILE="$WORK/dir.plist" expect_fail T add "x" --due 2020-01-01
expect_match "$LAST_ERR" "dir.plist.*(directory|folder)" "folder as file"
TODO_TUI_FILE="$WORK/dir.plist" expect_fail T list
[ -d "$WORK/dir.plist" ] && [ -z "$(ls -A "$WORK/dir.plist")" ] || fail "the folder was changed"

# --- A FIFO (or a device) as the data file: an error, not a hang.
mkfifo "$WORK/fifo.plist"
TODO_TUI_FILE="$WORK/fifo.plist" expect_fail timeout 5 "$TODO_BIN" list
expect_match "$LAST_ERR" "fifo.plist.*not a regular file" "FIFO as file"
TODO_TUI_FILE="$WORK/fifo.plist" expect_fail timeout 5 "$TODO_BIN" add "x" --due 2020-01-01
TODO_TUI_FILE=/dev/zero expect_fail timeout 5 "$TODO_BIN" list

# --- A dangling symlink: a clear error, and the link is neither replaced nor followed into a new file.
ln -s "$WORK/nowhere/missing.plist" "$WORK/dangling.plist"
TODO_TUI_FILE="$WORK/dangling.plist" expect_fail T add "x" --due 2020-01-01
expect_match "$LAST_ERR" "dangling.plist.*(symbolic link|missing)" "dangling symlink"
TODO_TUI_FILE="$WORK/dangling.plist" expect_fail T list
[ -L "$WORK/dangling.plist" ] && [ ! -e "$WORK/nowhere" ] || fail "the dangling link was changed"
# A symlink to a real file: writes go to the target, the link stays a link.
T add "through the link" --due 2020-01-01 >/dev/null || fail "add failed"
ln -s "$TODO_TUI_FILE" "$WORK/link.plist"
TODO_TUI_FILE="$WORK/link.plist" T add "second" --due 2020-01-01 >/dev/null || fail "add via link failed"
[ -L "$WORK/link.plist" ] || fail "the link was replaced by a file"
expect_eq "$(T list | wc -l)" 2 "items in the target"

# --- A read-only folder (a read-only mount as root: root ignores permission bits).
if [ "$(id -u)" -eq 0 ] && mkdir -p "$WORK/ro" && mount -t tmpfs -o size=1m tmpfs "$WORK/ro" 2>/dev/null; then
  at_exit 'umount "$WORK/ro" 2>/dev/null'
  export TODO_TUI_FILE="$WORK/ro/todos.plist"
  T add "kept" --due 2020-01-01 >/dev/null || fail "add failed"
  rm -f "$WORK/ro/todos.plist.lock"  # a folder made read-only before the lock file ever existed
  before=$(filesum)
  mount -o remount,ro "$WORK/ro" || fail "remount ro"
  expect_fail T add "refused" --due 2020-01-01
  expect_match "$LAST_ERR" "(Read-only|read-only)" "read-only folder"
  expect_eq "$(filesum)" "$before" "file after write to a read-only folder"
  expect_match "$(T list)" "kept" "list in a read-only folder"
  mount -o remount,rw "$WORK/ro" && T add "lock exists" --due 2020-01-01 >/dev/null && mount -o remount,ro "$WORK/ro"
  before=$(filesum)
  id=$(T list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  expect_fail T complete "$id"
  expect_match "$LAST_ERR" "(Read-only|read-only)" "read-only folder, lock file present"
  expect_eq "$(filesum)" "$before" "file after complete in a read-only folder"
  umount "$WORK/ro"
elif [ "$(id -u)" -ne 0 ]; then
  mkdir -p "$WORK/ro"; export TODO_TUI_FILE="$WORK/ro/todos.plist"
  T add "kept" --due 2020-01-01 >/dev/null || fail "add failed"
  before=$(filesum); chmod 0500 "$WORK/ro"
  expect_fail T add "refused" --due 2020-01-01
  expect_eq "$(filesum)" "$before" "file after write to a read-only folder"
  chmod 0700 "$WORK/ro"
else
  skipped+=("read-only folder: mount not permitted")
fi

# --- A full disk: a tiny tmpfs, filled up.
if [ "$(id -u)" -eq 0 ] && mkdir -p "$WORK/full" && mount -t tmpfs -o size=256k tmpfs "$WORK/full" 2>/dev/null; then
  at_exit 'umount "$WORK/full" 2>/dev/null'
  export TODO_TUI_FILE="$WORK/full/todos.plist"
  for i in $(seq 1 40); do T add "item $i with a title long enough to take some room on disk" --due 2020-01-01 >/dev/null || fail "add $i"; done
  before=$(filesum)
  dd if=/dev/zero of="$WORK/full/filler" bs=4k 2>/dev/null  # until ENOSPC
  expect_fail T add "no room" --due 2020-01-01
  expect_match "$LAST_ERR" "No space left on device" "full disk"
  expect_match "$LAST_ERR" "unchanged" "full disk message says the file is unchanged"
  expect_eq "$(filesum)" "$before" "file after a full disk"
  no_strays "$WORK/full"
  id=$(T list --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
  expect_fail T delete "$id"
  expect_eq "$(filesum)" "$before" "file after delete on a full disk"
  expect_eq "$(T list | wc -l)" 40 "items readable on a full disk"
  rm "$WORK/full/filler"
  T add "room again" --due 2020-01-01 >/dev/null || fail "add after freeing room"
  expect_eq "$(T list | wc -l)" 41 "items after freeing room"
  no_strays "$WORK/full"
  umount "$WORK/full"
else
  skipped+=("full disk: mounting a tmpfs is not permitted here")
fi
[ ${#skipped[@]} -eq 0 ] || echo "partly skipped: ${skipped[*]}"
echo "disk faults: folder as file, dangling symlink, read-only folder, full disk: each one error line, file intact"
