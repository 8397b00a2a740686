# The faulty proxy (e2e/faulty-proxy.py) in front of the test's Radicale, on
# 127.0.0.1 only. Source after lib-radicale.sh and start_radicale.
# start_proxy: PPORT is its port, PURL its address; ended at exit.
# proxy MODE…: what it does from the next request on (pass, drop-put, 500-put,
# random SEED RATE); each fault it made is a line of $WORK/faults.
PPID_=
start_proxy() {
  echo pass >"$WORK/proxy.mode"
  : >"$WORK/faults"
  rm -f "$WORK/proxy.port"
  python3 "$HERE/faulty-proxy.py" "$WORK/proxy.port" "$PORT" "$WORK/proxy.mode" "$WORK/faults" 2>>"$WORK/proxy.log" &
  PPID_=$!
  at_exit 'if [ -n "$PPID_" ]; then kill "$PPID_" 2>/dev/null; wait "$PPID_" 2>/dev/null; fi; true'
  wait_for 10 test -s "$WORK/proxy.port" || fail "the proxy did not start: $(cat "$WORK/proxy.log")"
  PPORT=$(cat "$WORK/proxy.port")
  PURL="http://127.0.0.1:$PPORT/"
}
proxy() { echo "$*" >"$WORK/proxy.mode.tmp" && mv "$WORK/proxy.mode.tmp" "$WORK/proxy.mode"; }
