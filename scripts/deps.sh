#!/usr/bin/env bash
# Installs (as root, with apt) the system packages a target needs, or says
# clearly what is missing. Usage: scripts/deps.sh build|test|bench
set -u
want=(libncurses-dev pkg-config libical-dev)
# gdbus (libglib2.0-bin) closes bubbles of items changed elsewhere (CloseNotification).
case "${1:-build}" in
  test) want+=(tmux libnotify-bin libglib2.0-bin dbus dbus-bin python3-dbus python3-gi gir1.2-glib-2.0 python3-icalendar python3-dateutil tzdata radicale vdirsyncer strace) ;;
  bench) want+=(tmux calcurse taskwarrior hyperfine valgrind time python3 gnuplot-nox gcc vdirsyncer) ;;
esac
# libical builds iCalendar and recurrence; the tests read our output with
# independent engines (python3-icalendar, python-dateutil) and sync through a
# real Radicale with the real vdirsyncer.
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "missing packages: ${missing[*]} (install them with: sudo apt-get install ${missing[*]})" >&2
  exit 0
fi
echo "installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/todo-tui-apt.log 2>&1; then
  apt-get update -q >/dev/null 2>&1
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/todo-tui-apt.log 2>&1 ||
    { echo "apt-get could not install: ${missing[*]} (see /tmp/todo-tui-apt.log)" >&2; exit 1; }
fi
