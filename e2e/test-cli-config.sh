# The settings file (SPEC 4, issue 38 point 4), through the real binary: each
# setting a command reads changes what it says (the default list, the early
# warning, the notify command through the daemon), the environment wins over
# the file, `todo-tui config` says what is in force and where it came from,
# a bad line is one error: naming the file and the line while the rest
# applies, and the data file is never changed by the settings.
. "$HERE/lib.sh"; . "$HERE/daemon-lib.sh"
unset TODO_TUI_NOTIFY  # the settings' notify command is what is tested here
export XDG_CONFIG_HOME="$WORK/cfg"
cfg="$XDG_CONFIG_HOME/todo-tui/config.toml"
mkdir -p "$(dirname "$cfg")"
field() {  # field ID NAME: the item's field as list --json has it (null when absent)
  T list --all --json | python3 -c 'import json,sys
v = [i for i in json.load(sys.stdin) if i["id"] == sys.argv[1]][0].get(sys.argv[2]); print("null" if v is None else v)' "$1" "$2"
}

# No file: every setting is the default, and says so.
T config > "$WORK/config.out" || fail "config without a file"
grep -q "(no such file: all defaults)" "$WORK/config.out" || fail "config: $(head -1 "$WORK/config.out")"
expect_match "$(grep '^early_warning' "$WORK/config.out")" '^early_warning +none +default$' "early_warning"

T lists add Work >/dev/null
cat > "$cfg" <<TOML
default_list = "Work"
early_warning = "15m"
notify_command = "$WORK/notify"
poll_interval = 120
first_day_of_week = "monday"
TOML
before=$(filesum)
T config > "$WORK/config.out" || fail "config: $(cat "$WORK/config.out")"
[ "$(filesum)" = "$before" ] || fail "config changed the data file"
expect_match "$(grep '^default_list' "$WORK/config.out")" '^default_list +Work +file, line 1$' "config's default_list"
expect_match "$(grep '^poll_interval' "$WORK/config.out")" '^poll_interval +120s +file, line 4$' "config's poll_interval"
expect_match "$(grep '^keys.complete' "$WORK/config.out")" '^keys.complete +x c +default$' "config's keys.complete"

# default_list and early_warning: what add does.
id=$(T add "Report" --due "tomorrow 9:00" 2>/dev/null)
expect_eq "$(field "$id" warn)" 900 "the early warning from the settings"
expect_eq "$(T list --list Work --json | python3 -c 'import json,sys; print([i["title"] for i in json.load(sys.stdin)])')" \
  "['Report']" "the default list from the settings"
id=$(T add "Quick" --due "tomorrow 9:00" --warn none 2>/dev/null)
expect_eq "$(field "$id" warn)" null "--warn none wins over the settings"
# The environment wins over the file, and config says so.
T lists add Home >/dev/null
id=$(TODO_TUI_LIST=Home T add "Groceries" 2>/dev/null)
expect_eq "$(T list --list Home --json | python3 -c 'import json,sys; print([i["title"] for i in json.load(sys.stdin)])')" \
  "['Groceries']" "TODO_TUI_LIST wins"
expect_match "$(TODO_TUI_LIST=Home T config | grep '^default_list')" 'Home +environment, TODO_TUI_LIST$' "config's source"

# notify_command: the daemon's bubbles go to the settings' command.
T add "Bubble" --due "$(in_seconds 1)" >/dev/null 2>&1
start_daemon
wait_calls 1 8
expect_match "$(calls)" '\|Bubble\|' "the settings' notify command was run"
stop_daemon "$DPID"

# A bad line: one error naming the file and the line; the rest applies; config exits 1.
cat > "$cfg" <<'TOML'
early_warning = "1h"
this is not toml
default_list = 7
TOML
T config > "$WORK/config.out" 2> "$WORK/config.err"; code=$?
expect_eq "$code" 1 "config's status with bad lines"
expect_eq "$(grep -c '^error:' "$WORK/config.err")" 2 "one error a bad line"
grep -q "^error: $cfg:2: " "$WORK/config.err" || fail "no error for line 2: $(cat "$WORK/config.err")"
grep -q "^error: $cfg:3: default_list" "$WORK/config.err" || fail "no error for line 3: $(cat "$WORK/config.err")"
expect_match "$(grep '^early_warning' "$WORK/config.out")" '^early_warning +1h +file, line 1$' "the rest applies"
id=$(T add "Later" --due "tomorrow 9:00" 2>"$WORK/add.err")
expect_eq "$(field "$id" warn)" 3600 "add takes the good lines of a bad file"
expect_eq "$(grep -c '^error:' "$WORK/add.err")" 2 "add tells the bad lines too"
exit 0
