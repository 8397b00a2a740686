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

# vdirsyncer_conf FILE STATUS PAIR FOLDER URL COLLECTIONS [PAIR_LINES [PASSWORD_LINE]]:
# a vdirsyncer configuration: the pair PAIR of the folder FOLDER (storage
# PAIR_local, .ics files) and the CalDAV URL (PAIR_remote, user "user", its
# VTODOs), its status in STATUS; PAIR_LINES go to the pair's section.
vdirsyncer_conf() {
  local pair_lines=${7:-} password=${8:-'password = "x"'}
  cat >"$1" <<EOF
[general]
status_path = "$2"

[pair $3]
a = "$3_local"
b = "$3_remote"
collections = $6
$pair_lines

[storage $3_local]
type = "filesystem"
path = "$4"
fileext = ".ics"

[storage $3_remote]
type = "caldav"
url = "$5"
username = "user"
$password
item_types = ["VTODO"]
EOF
}

# machines_on_one_calendar URL: two machines A and B (test-sync-radicale,
# test-sync-subtasks), each a data file, a vdir ($WORK/M/vdir) and a vdirsyncer
# pair of its own with the one calendar URL, discovered; defines zone, on,
# cycle, field, uid_of and same_everywhere.
machines_on_one_calendar() {
  local URL=$1 m
for m in A B; do
  mkdir -p "$WORK/$m/vdir" "$WORK/$m/status"
  vdirsyncer_conf "$WORK/$m/vdirsyncer.conf" "$WORK/$m/status/" tasks "$WORK/$m/vdir/" "$URL" null
  vdirsyncer -c "$WORK/$m/vdirsyncer.conf" discover >"$WORK/$m/vs.log" 2>&1 || fail "vdirsyncer discover ($m): $(cat "$WORK/$m/vs.log")"
done
zone() { [ "$1" = A ] && echo Europe/Berlin || echo America/New_York; }
# on M CMD…: todo-tui on machine M (its data file, vdir and time zone).
on() { local m=$1; shift; TZ=$(zone "$m") TODO_TUI_FILE="$WORK/$m/todos.plist" TODO_TUI_VDIR="$WORK/$m/vdir" "$TODO_BIN" "$@"; }
# cycle M: what the machine runs: vdirsyncer, todo-tui sync, vdirsyncer.
cycle() {
  vdirsyncer -c "$WORK/$1/vdirsyncer.conf" sync >>"$WORK/$1/vs.log" 2>&1 || fail "vdirsyncer sync ($1): $(tail -n 5 "$WORK/$1/vs.log")"
  on "$1" sync >>"$WORK/$1/sync.log" 2>&1 || fail "todo-tui sync ($1): $(tail -n 3 "$WORK/$1/sync.log")"
  vdirsyncer -c "$WORK/$1/vdirsyncer.conf" sync >>"$WORK/$1/vs.log" 2>&1 || fail "vdirsyncer sync ($1): $(tail -n 5 "$WORK/$1/vs.log")"
}
# field M UID KEY: one field of an item of machine M's list (JSON, instants in UTC).
field() {
  on "$1" list --all --json | python3 -c "
import datetime, json, sys
i = [x for x in json.load(sys.stdin) if x['uid'] == '$2']
v = i[0]['$3'] if len(i) == 1 else 'MISSING/%d' % len(i)
if '$3' == 'deadline' and v:  # shown in the machine's zone: in UTC here
    v = datetime.datetime.fromisoformat(v.replace('Z', '+00:00')).astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
print(v)"
}
uid_of() { on "$1" list --all --json | python3 -c "import json,sys; print([x['uid'] for x in json.load(sys.stdin) if x['title'] == '$2'][0])"; }
# same_everywhere: machine A, machine B and the server hold the same UIDs and titles, each once.
same_everywhere() {
  local a b s
  a=$(TODO_TUI_FILE="$WORK/A/todos.plist" list_summary) || fail "A: $a"
  b=$(TODO_TUI_FILE="$WORK/B/todos.plist" list_summary) || fail "B: $b"
  s=$(phone list) || fail "server: $s"
  expect_eq "$b" "$a" "machine B against machine A"
  expect_eq "$s" "$a" "the server against machine A"
}
}

# two_calendars_on_the_phone: the phone makes the calendars Personal (red) and
# Work (blue), an item in the first and two in the second (vdirsyncer refuses
# to sync a calendar emptied on one side).
two_calendars_on_the_phone() {
  expect_eq "$(PHONE_CAL=personal phone mkcalendar Personal '#FF0000FF')" 201 "MKCALENDAR personal"
  expect_eq "$(PHONE_CAL=work phone mkcalendar Work '#0000FFFF')" 201 "MKCALENDAR work"
  phone put personal/plants.ics plants@phone "Water plants" DUE:20300610T090000Z
  phone put work/report.ics report@phone "Write report" DUE:20300610T090000Z
  phone put work/budget.ics budget@phone "Plan budget" DUE:20300610T090000Z
}

# machines_on_every_calendar: two machines A and B (test-sync-lists,
# test-sync-lists-subtasks), each a data file and a vdir root ($WORK/M/cal)
# paired by vdirsyncer with every calendar of /user/ (collections from both
# sides, names and colours by metasync); defines on, vs and cycle.
machines_on_every_calendar() {
  local m
for m in A B; do
  mkdir -p "$WORK/$m/cal" "$WORK/$m/status"
  # A name made here meets the one vdirsyncer gave the calendar it created: ours.
  vdirsyncer_conf "$WORK/$m/vdirsyncer.conf" "$WORK/$m/status/" cals "$WORK/$m/cal/" "http://127.0.0.1:$PORT/user/" \
    '["from a", "from b"]' $'metadata = ["displayname", "color"]\nconflict_resolution = "a wins"'
done
on() { local m=$1; shift; TODO_TUI_FILE="$WORK/$m/todos.plist" TODO_TUI_VDIR="$WORK/$m/cal" "$TODO_BIN" "$@"; }
vs() {  # vdirsyncer on machine M: discover (creating what one side lacks), sync, metasync
  local m=$1
  { yes | vdirsyncer -c "$WORK/$m/vdirsyncer.conf" discover && vdirsyncer -c "$WORK/$m/vdirsyncer.conf" sync \
    && vdirsyncer -c "$WORK/$m/vdirsyncer.conf" metasync; } >>"$WORK/$m/vs.log" 2>&1 \
    || fail "vdirsyncer ($m): $(tail -n 8 "$WORK/$m/vs.log")"
}
cycle() { vs "$1"; on "$1" sync >>"$WORK/$1/sync.log" 2>&1 || fail "todo-tui sync ($1): $(tail -n 3 "$WORK/$1/sync.log")"; vs "$1"; }
}
