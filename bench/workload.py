#!/usr/bin/env python3
"""The benchmark workload: a copy of ../shared/bench/gen.py (same seed, same
titles, deadlines and UUIDs), extended with a writer for our data file.

Usage:
  workload.py tw     N OUT.json    Taskwarrior import file (JSON array), N pending tasks
  workload.py ccapt  N OUT_apts    calcurse 'apts' file, N appointments
  workload.py cctodo N OUT_todo    calcurse 'todo' file, N todos (sorted by priority)
  workload.py rem    N OUT.rem     remind file, N one-shot timed reminders
  workload.py plist  N OUT.plist   our data file, as PlistCodec.encode writes it
  workload.py all    N DIR         all of the above in DIR (tw.json, apts, todo, todos.plist),
                                   from one instant, so that every format holds the same items

Item i has the same title and due date/time in every format. Due dates are
spread uniformly over the next 30 days from the moment of generation (minute
resolution, 08:00-19:55). Run it with TZ=UTC: like gen.py, it treats local
times as UTC in the Taskwarrior file.
"""
import datetime as dt
import json
import random
import sys
import uuid

SEED = 20261122

VERBS_OBJ = [
    "Call {person} about {topic}",
    "Email {person} re: {topic}",
    "Review pull request #{num} ({component})",
    "Fix {bug} in {component}",
    "Pay {bill} bill",
    "Renew {doc}",
    "Book {thing} for {event}",
    "Prepare slides for {event}",
    "Buy {item} and {item2}",
    "Schedule {appt} with {person}",
    "Write {doc2} for {component}",
    "Follow up with {person} on {topic}",
    "Submit {doc2} to {person}",
    "Clean {room}",
    "Return {item} to {shop}",
    "Pick up {item} from {shop}",
    "Update {component} dependencies",
    "Plan {event}",
]
PEOPLE = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi",
          "Ivan", "Judy", "Mallory", "Niaj", "Olivia", "Peggy", "Rupert",
          "Sybil", "Trent", "Victor", "Walter", "Zoë", "José", "Müller"]
TOPICS = ["the Q3 budget", "invoice 2231", "the contract draft", "holiday plans",
          "the kitchen renovation", "onboarding", "the release schedule",
          "car insurance", "the offsite agenda", "server migration",
          "tax return", "school trip", "the lease", "conference travel"]
COMPONENTS = ["auth module", "billing service", "search index", "iOS client",
              "parser", "build scripts", "REST API", "database layer",
              "notification worker", "settings screen"]
BUGS = ["memory leak", "off-by-one error", "race condition", "crash on startup",
        "timezone bug", "broken link", "layout glitch", "slow query"]
BILLS = ["electricity", "water", "internet", "phone", "gas", "credit card", "rent"]
DOCS = ["passport", "driving licence", "gym membership", "domain name",
        "library books", "car registration", "TLS certificate"]
DOCS2 = ["design doc", "status report", "expense report", "release notes",
         "proposal", "meeting minutes", "test plan"]
THINGS = ["flights", "hotel", "meeting room", "restaurant table", "train tickets", "rental car"]
EVENTS = ["team offsite", "board meeting", "Mum's birthday", "sprint review",
          "customer demo", "wedding", "all-hands", "summer holiday"]
ITEMS = ["milk", "eggs", "printer ink", "batteries", "light bulbs", "coffee beans",
         "dog food", "birthday card", "HDMI cable", "shampoo", "bread", "apples"]
APPTS = ["dentist appointment", "haircut", "1:1", "check-up", "interview", "car service"]
ROOMS = ["garage", "kitchen", "attic", "inbox", "desk", "fridge"]
SHOPS = ["the library", "IKEA", "the post office", "the hardware store", "the pharmacy"]
PROJECTS = ["Home", "Work", "Work.Infra", "Finance", "Health", "Errands", "Side project"]


def items(n, now):
    rng = random.Random(SEED)
    base = now.replace(second=0, microsecond=0)
    out = []
    for i in range(n):
        tmpl = rng.choice(VERBS_OBJ)
        title = tmpl.format(
            person=rng.choice(PEOPLE), topic=rng.choice(TOPICS),
            num=rng.randint(100, 9999), component=rng.choice(COMPONENTS),
            bug=rng.choice(BUGS), bill=rng.choice(BILLS), doc=rng.choice(DOCS),
            doc2=rng.choice(DOCS2), thing=rng.choice(THINGS), event=rng.choice(EVENTS),
            item=rng.choice(ITEMS), item2=rng.choice(ITEMS), appt=rng.choice(APPTS),
            room=rng.choice(ROOMS), shop=rng.choice(SHOPS))
        day = rng.randrange(0, 30)
        minute = rng.randrange(8 * 60, 20 * 60, 5)
        due = (base + dt.timedelta(days=day)).replace(hour=minute // 60, minute=minute % 60)
        if due <= base:  # keep everything in the future
            due += dt.timedelta(days=1)
        dur = rng.choice([15, 30, 30, 45, 60, 60, 90, 120])
        prio = rng.choice([0, 0, 0, 1, 2, 3, 5, 7, 9])
        project = rng.choice(PROJECTS) if rng.random() < 0.5 else None
        entry = base - dt.timedelta(minutes=rng.randrange(0, 60 * 24 * 90))
        u = uuid.UUID(int=rng.getrandbits(128), version=4)
        out.append(dict(i=i, title=title, due=due, dur=dur, prio=prio,
                        project=project, entry=entry, uuid=str(u)))
    return out


def tw_date(d):
    # Taskwarrior's JSON date format is UTC 'YYYYMMDDTHHMMSSZ'; the machine runs in UTC.
    return d.strftime("%Y%m%dT%H%M%SZ")


# ---- Additions to gen.py: our data file, one iCalendar event. ----

PLIST_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
    '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
    '<plist version="1.0">\n<dict>\n\t<key>formatVersion</key>\n\t<integer>1</integer>\n'
    '\t<key>todoItems</key>\n\t<dict>\n')
PLIST_TAIL = "\t</dict>\n</dict>\n</plist>\n"


def utc_iso(d):
    """A naive local datetime as the UTC instant our file stores."""
    return dt.datetime.fromtimestamp(d.timestamp(), dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_plist(its, f):
    """The bytes PlistCodec.encode writes: one item a line, by deadline then UUID."""
    rows = []
    for it in its:
        u = it["uuid"].upper()
        rows.append((it["due"].timestamp(), u, it))
    rows.sort(key=lambda r: (r[0], r[1]))
    f.write(PLIST_HEAD)
    for _, u, it in rows:
        f.write("\t\t<key>%s</key><dict><key>UUID</key><string>%s</string>"
                "<key>title</key><string>%s</string>"
                "<key>deadline</key><date>%s</date><key>created</key><date>%s</date></dict>\n"
                % (u, u, xml_escape(it["title"]), utc_iso(it["due"]), utc_iso(it["entry"])))
    f.write(PLIST_TAIL)


def write_tw(its, f):
    arr = []
    for it in its:
        t = {"uuid": it["uuid"], "status": "pending", "description": it["title"],
             "entry": tw_date(it["entry"]), "modified": tw_date(it["entry"]),
             "due": tw_date(it["due"])}
        if it["project"]:
            t["project"] = it["project"]
        arr.append(t)
    json.dump(arr, f, ensure_ascii=False, indent=0)
    f.write("\n")


def write_ccapt(its, f):
    its = sorted(its, key=lambda it: (it["due"], it["i"]))
    for it in its:
        s = it["due"]
        e = s + dt.timedelta(minutes=it["dur"])
        f.write("%s -> %s|%s\n" % (s.strftime("%m/%d/%Y @ %H:%M"),
                                   e.strftime("%m/%d/%Y @ %H:%M"), it["title"]))


def write_cctodo(its, f):
    # calcurse keeps todos sorted by priority (0 = none goes last)
    its = sorted(its, key=lambda it: (it["prio"] == 0, it["prio"], it["i"]))
    for it in its:
        f.write("[%d] %s\n" % (it["prio"], it["title"]))


def write_rem(its, f):
    for it in its:
        s = it["due"]
        f.write("REM %s AT %s DURATION %d:%02d MSG %s\n" % (
            s.strftime("%d %b %Y"), s.strftime("%H:%M"),
            it["dur"] // 60, it["dur"] % 60, it["title"].replace("%", "%%")))


def write_ics_event(title, start, f):
    """One VEVENT, what calcurse -i imports as one appointment."""
    stamp = start.strftime("%Y%m%dT%H%M%S")
    end = (start + dt.timedelta(minutes=30)).strftime("%Y%m%dT%H%M%S")
    f.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//bench//EN\r\n"
            "BEGIN:VEVENT\r\nUID:bench-%s@todo-tui\r\nDTSTAMP:%sZ\r\nDTSTART:%s\r\nDTEND:%s\r\n"
            "SUMMARY:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n" % (stamp, stamp, stamp, end, title))


WRITERS = {"tw": write_tw, "ccapt": write_ccapt, "cctodo": write_cctodo,
           "rem": write_rem, "plist": write_plist}
ALL = {"tw": "tw.json", "ccapt": "apts", "cctodo": "todo", "plist": "todos.plist"}


def main():
    kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    now = dt.datetime.now()
    its = items(n, now)
    if kind == "all":
        for k, name in ALL.items():
            with open("%s/%s" % (path, name), "w", encoding="utf-8") as f:
                WRITERS[k](its, f)
        return
    if kind not in WRITERS:
        sys.exit("unknown kind " + kind)
    with open(path, "w", encoding="utf-8") as f:
        WRITERS[kind](its, f)


if __name__ == "__main__":
    main()
