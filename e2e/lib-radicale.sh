# A Radicale of the test's own on a free port of 127.0.0.1, its calendars under
# $WORK/radicale, ended at exit. Source after lib.sh; the script defines
# phone() (e2e/phone.py), whose `ping` tells the server is up.
#
# start_radicale [htpasswd]: the first call picks PORT and writes the
# configuration (no password; with `htpasswd`, user:secret and each user their
# own calendars); every call starts the server and waits for it (a restart
# after stop_radicale keeps the port and the calendars).
RPID=
start_radicale() {
  if [ ! -f "$WORK/radicale.conf" ]; then
    PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    mkdir -p "$WORK/radicale"
    local auth="type = none" rights=authenticated
    if [ "${1:-}" = htpasswd ]; then
      echo "user:secret" >"$WORK/htpasswd"
      auth=$(printf 'type = htpasswd\nhtpasswd_filename = %s\nhtpasswd_encryption = plain' "$WORK/htpasswd")
      rights=owner_only
    fi
    printf '[server]\nhosts = 127.0.0.1:%s\n[auth]\n%s\n[rights]\ntype = %s\n[storage]\nfilesystem_folder = %s\n' \
      "$PORT" "$auth" "$rights" "$WORK/radicale" >"$WORK/radicale.conf"
    at_exit 'if [ -n "$RPID" ]; then kill "$RPID" 2>/dev/null; wait "$RPID" 2>/dev/null; fi; true'
  fi
  radicale --config "$WORK/radicale.conf" >>"$WORK/radicale.log" 2>&1 &
  RPID=$!
  wait_for 15 phone ping || fail "radicale did not start: $(cat "$WORK/radicale.log")"
}
stop_radicale() { kill "$RPID"; wait "$RPID" 2>/dev/null; RPID=; }
