#!/usr/bin/env python3
"""The benchmark's data, from the shared generator (/work/shared/bench/gen.py,
or the copy beside this file when that is missing).

gen.py writes Taskwarrior's import file and calcurse's appointments from one
seed; this module runs it for both from the same minute (its due dates are
counted from "now"), and writes our plist from Taskwarrior's file, so that
all three hold the same items with the same fields: title, deadline, created
(Taskwarrior: description, due, entry) and UUID. calcurse stores no UUID and
no creation time, and an end time (gen.py's durations) that we do not show.

Each tool then rewrites its data itself (bench.py): ours through `import`,
calcurse through `-P`, Taskwarrior through `import`.
"""
import datetime as dt
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = "/work/shared/bench/gen.py"
GEN = SHARED if os.path.exists(SHARED) else os.path.join(HERE, "gen.py")

PLIST_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
    '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
    '<plist version="1.0">\n<dict>\n\t<key>formatVersion</key>\n\t<integer>1</integer>\n'
    '\t<key>todoItems</key>\n\t<dict>\n')
PLIST_TAIL = "\t</dict>\n</dict>\n</plist>\n"


def generate(n, folder):
    """tw.json and apts in `folder`, from one minute (retried when the minute turns)."""
    env = dict(os.environ, TZ="UTC")
    for _ in range(5):
        minute = int(time.time()) // 60
        for kind, name in (("tw", "tw.json"), ("ccapt", "apts")):
            subprocess.run([sys.executable, GEN, kind, str(n), os.path.join(folder, name)],
                           env=env, check=True)
        if int(time.time()) // 60 == minute:
            return
    raise RuntimeError("gen.py: the minute kept turning")


def tw_time(s):
    """'20261123T094000Z' -> the ISO text our file stores."""
    d = dt.datetime.strptime(s, "%Y%m%dT%H%M%SZ")
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tw_items(folder):
    with open(os.path.join(folder, "tw.json"), encoding="utf-8") as f:
        return json.load(f)


def write_plist(items, path):
    """A plist of Taskwarrior's items (title, deadline, created, UUID, and the fields of
    bench/fields.py where it put them): what `import` reads."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(PLIST_HEAD)
        for t in items:
            u = t["uuid"].upper()
            f.write("\t\t<key>%s</key><dict><key>UUID</key><string>%s</string>"
                    "<key>title</key><string>%s</string>"
                    "<key>deadline</key><date>%s</date><key>created</key><date>%s</date>%s</dict>\n"
                    % (u, u, xml_escape(t["description"]), tw_time(t["due"]), tw_time(t["entry"]),
                       plist_fields(t)))
        f.write(PLIST_TAIL)


def plist_fields(t):
    """The fields of SPEC 8 that bench/fields.py put on the item (`_note`, `_tags`, `_priority`)."""
    out = ""
    if "_note" in t:
        out += "<key>note</key><string>%s</string>" % xml_escape(t["_note"])
    if "_priority" in t:
        out += "<key>priority</key><integer>%d</integer>" % t["_priority"]
    if "_tags" in t:
        out += "<key>tags</key><array>%s</array>" % "".join(
            "<string>%s</string>" % xml_escape(x) for x in t["_tags"])
    return out


def same_items(tw, apts_path):
    """Checks that calcurse's appointments are Taskwarrior's items (title and start)."""
    want = sorted((tw_time(t["due"])[:16], t["description"]) for t in tw)
    got = []
    with open(apts_path, encoding="utf-8") as f:
        for line in f:
            when, title = line.rstrip("\n").split("|", 1)
            d = dt.datetime.strptime(when.split(" -> ")[0], "%m/%d/%Y @ %H:%M")
            got.append((d.strftime("%Y-%m-%dT%H:%M"), title))
    got.sort()
    if got != want:
        raise RuntimeError("calcurse's appointments are not Taskwarrior's items")
