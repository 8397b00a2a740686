# Helpers for the reliability tests (sourced after lib.sh).
# three_writers PER: three CLI writers in parallel, each adding PER items
# "wW item I" (a past deadline: no notification slot needed). The printed UUIDs
# go to $WORK/ids.W; a failed add is listed in $WORK/failed. Returns when all end.
three_writers() {
  local per=$1 w
  for w in 1 2 3; do
    (
      for ((i = 1; i <= per; i++)); do
        T add "w$w item $i" --due 2020-01-01 >>"$WORK/ids.$w" 2>>"$WORK/err.$w" || echo "w$w item $i" >>"$WORK/failed"
      done
    ) &
  done
  wait
}
# writers_ok TOTAL: no add failed, and TOTAL distinct UUIDs were printed.
writers_ok() {
  [ ! -s "$WORK/failed" ] || fail "adds failed: $(head -3 "$WORK/failed"; cat "$WORK"/err.* | head -3)"
  expect_eq "$(cat "$WORK"/ids.* | sort -u | wc -l)" "$1" "distinct UUIDs printed"
}
