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

# For the scripts of a server set up by `sync setup`: skipped (77) without
# radicale or vdirsyncer; the data file, configuration and data under $WORK;
# T runs todo-tui, phone the phone client, lists prints the lists' names.
server_script() {
  local c
  for c in radicale vdirsyncer; do
    command -v "$c" >/dev/null || { echo "skipped: $c is not installed (apt-get install $c, or scripts/deps.sh test)"; exit 77; }
  done
  unset TODO_TUI_VDIR TODO_TUI_LIST
  export TODO_TUI_FILE="$WORK/todos.plist" XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data"
}
T() { "$TODO_BIN" "$@"; }
phone() { python3 "$HERE/phone.py" "$PORT" "$@"; }
lists() { T lists | sed 's/^[* ] *//; s/  .*//' | tr '\n' ' '; }
# no_failure_told LOG: the daemon's log tells no failure, no outage, no conflict.
no_failure_told() { if grep -E "failed|offline|conflict" "$1"; then fail "the daemon told a failure: $(cat "$1")"; fi; }
# calendar_made_there CAL NAME UID TITLE: the phone makes a calendar with one item.
calendar_made_there() {
  expect_eq "$(PHONE_CAL=$1 phone mkcalendar "$2")" 201 "MKCALENDAR $1"
  PHONE_CAL=$1 phone put "$3.ics" "$3" "$4"
}
# server_daemon: the daemon, polling every 5 s (DPID), once it syncs with the server.
server_daemon() {
  "$TODO_BIN" daemon --poll-interval 5 2>>"$WORK/daemon.err" &
  DPID=$!; DAEMONS+=("$DPID")
  wait_for 10 grep -q "syncing with the server every 5 s" "$WORK/daemon.err" || fail "no server sync: $(cat "$WORK/daemon.err")"
}
