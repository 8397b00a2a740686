#!/usr/bin/python3
"""A small desktop notification server for the end-to-end test.

It owns org.freedesktop.Notifications on the session bus, answers Notify,
GetCapabilities, GetServerInformation and CloseNotification, logs every
Notify call as one JSON line (with its urgency, icon, desktop entry and the id
it replaces) and every CloseNotification as {"close": ID}, and "clicks" a
button: the Nth bubble gets the Nth action named on the command line
(ActionInvoked, then NotificationClosed), as a user pressing it would; an
action "-" leaves that bubble on screen, waiting. Run it with Debian's /usr/bin/python3 (python3-dbus,
python3-gi).

usage: notification-server.py LOG READY ACTION...
"""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

IFACE = "org.freedesktop.Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, log, actions):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.log = log
        self.actions = list(actions)
        self.last_id = 0
        self.open = set()

    @dbus.service.method(IFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body", "body-markup"]

    @dbus.service.method(IFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("todo-tui-test-server", "todo-tui", "1.0", "1.2")

    @dbus.service.method(IFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout):
        if replaces_id and int(replaces_id) in self.open:
            nid = int(replaces_id)
        else:
            self.last_id += 1
            nid = self.last_id
        self.open.add(nid)
        choice = self.actions.pop(0) if self.actions else ""
        urgency = hints.get("urgency")
        with open(self.log, "a") as f:
            f.write(json.dumps({
                "id": nid, "app_name": str(app_name), "summary": str(summary), "body": str(body),
                "actions": [str(a) for a in actions], "clicked": choice,
                "urgency": None if urgency is None else int(urgency),
                "replaces_id": int(replaces_id), "icon": str(app_icon),
                "desktop_entry": str(hints.get("desktop-entry", "")),
                "timeout": int(timeout),
            }) + "\n")
        if choice and choice in [str(a) for a in actions[::2]]:
            GLib.timeout_add(200, self.click, nid, choice)
        return dbus.UInt32(nid)

    def click(self, nid, action):
        self.open.discard(int(nid))
        self.ActionInvoked(dbus.UInt32(nid), action)
        self.NotificationClosed(dbus.UInt32(nid), dbus.UInt32(2))
        return False

    @dbus.service.method(IFACE, in_signature="u", out_signature="")
    def CloseNotification(self, nid):
        with open(self.log, "a") as f:
            f.write(json.dumps({"close": int(nid)}) + "\n")
        if int(nid) in self.open:
            self.open.discard(int(nid))
            self.NotificationClosed(nid, dbus.UInt32(3))

    @dbus.service.signal(IFACE, signature="us")
    def ActionInvoked(self, nid, action_key):
        pass

    @dbus.service.signal(IFACE, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass


def main():
    log, ready, actions = sys.argv[1], sys.argv[2], sys.argv[3:]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(IFACE, bus, do_not_queue=True)
    server = Server(bus, log, actions)
    with open(ready, "w") as f:
        f.write("ready\n")
    GLib.MainLoop().run()
    del name, server


if __name__ == "__main__":
    main()
