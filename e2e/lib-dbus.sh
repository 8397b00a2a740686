# Sourced by the tests that need a real session bus and the real notify-send:
# checks what they need (skips, status 77, naming the packages), then runs the
# test again inside its own `dbus-run-session`. Set NEED_GDBUS=1 before sourcing
# when the test also needs gdbus (CloseNotification). Sets $py.
py=/usr/bin/python3   # Debian's, with python3-dbus and python3-gi (not a pyenv one first on PATH)
missing=()
command -v notify-send >/dev/null || missing+=(libnotify-bin)
command -v dbus-run-session >/dev/null || missing+=(dbus-bin)
[ "${NEED_GDBUS:-0}" = 1 ] && { command -v gdbus >/dev/null || missing+=(libglib2.0-bin); }
"$py" -c 'import dbus, dbus.service, dbus.mainloop.glib' 2>/dev/null || missing+=(python3-dbus)
"$py" -c 'from gi.repository import GLib' 2>/dev/null || missing+=(python3-gi gir1.2-glib-2.0)
if [ ${#missing[@]} -gt 0 ]; then
  echo "skipped: needs ${missing[*]} (make test installs them when run as root)"
  exit 77
fi
if [ -z "${TODO_TEST_BUS:-}" ]; then
  TODO_TEST_BUS=1 exec dbus-run-session -- bash "$0"
fi
