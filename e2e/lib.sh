# Shared helpers for the end-to-end tests (sourced). $TODO_BIN is the binary.
set -u
export TZ="${TZ:-UTC}"
export TODO_TUI_FILE="$WORK/todos.plist"
unset NO_COLOR
T() { "$TODO_BIN" "$@"; }
fail() { echo "FAIL: $*"; exit 1; }
# at_exit COMMAND: runs COMMAND when the test ends, however it ends (a failure,
# the end of the script, SIGTERM/SIGINT/SIGHUP); the last registered runs first.
# Use it instead of `trap ... EXIT`: a second trap would replace the first.
AT_EXIT=()
at_exit() { AT_EXIT=("$1" "${AT_EXIT[@]}"); }
run_at_exit() { local c; for c in "${AT_EXIT[@]}"; do eval "$c"; done; }
trap run_at_exit EXIT
trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 143' TERM
# expect_eq ACTUAL EXPECTED [WHAT]
expect_eq() { [ "$1" == "$2" ] || fail "${3:-value}: expected [$2], got [$1]"; }
# expect_match TEXT REGEX [WHAT]
expect_match() { printf '%s' "$1" | grep -Eq -- "$2" || fail "${3:-output}: [$1] does not match /$2/"; }
# expect_fail CMD…: exits non-zero with exactly one stderr line starting with "error:"
expect_fail() {
  local out err rc
  out=$("$@" 2>"$WORK/.err"); rc=$?
  err=$(cat "$WORK/.err")
  [ $rc -ne 0 ] || fail "expected failure: $*"
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "expected one stderr line from $*, got: $err"
  [[ "$err" == error:* ]] || fail "stderr of $* does not start with error: [$err]"
  LAST_ERR="$err"
}
# sum of the data file, to show that nothing changed
filesum() { if [ -e "$TODO_TUI_FILE" ]; then sha256sum "$TODO_TUI_FILE" | cut -d' ' -f1; else echo none; fi; }
# wait_for SECONDS CMD…: polls until CMD succeeds
wait_for() { local end=$(( $(date +%s%N) + $1 * 1000000000 )); shift
  while ! "$@" >/dev/null 2>&1; do [ "$(date +%s%N)" -lt $end ] || return 1; sleep 0.05; done; }
# check NAME CMD…: the command's output equals the golden file $gold/NAME.txt
# (UPDATE_GOLDEN=1 rewrites it first).
check() {
  local name=$1; shift
  "$@" > "$WORK/$name.out" 2>"$WORK/.err" || fail "$* failed: $(cat "$WORK/.err")"
  if [ -n "${UPDATE_GOLDEN:-}" ]; then cp "$WORK/$name.out" "$gold/$name.txt"; fi
  diff -u "$gold/$name.txt" "$WORK/$name.out" || fail "the output of $* differs from $gold/$name.txt"
}
# rows_plist FILE <<'PY' … PY: the Python on stdin sets `rows` (with fixtures/rows_plist.py's
# at() at hand); they are written as the data file FILE.
rows_plist() {
  /usr/bin/python3 -c 'import sys; sys.path.insert(0, sys.argv[2]); from rows_plist import at, dump
exec(sys.stdin.read()); dump(rows, sys.argv[1])' "$1" "$HERE/fixtures"
}
