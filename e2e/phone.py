# A phone's CalDAV client of its own, over HTTP (every e2e/test-sync-*.sh that
# plays a phone): python3 phone.py PORT COMMAND ARGS…, as user:secret (a
# Radicale without authentication takes any password). A new item or
# calendar goes in /user/tasks/, or /user/$PHONE_CAL/, or the calendar a
# NAME of the form CALENDAR/NAME names; an item is found by its UID in
# every calendar of /user/ (a UID twice fails).
import base64, http.client, os, re, sys, time, xml.etree.ElementTree as ET
port, cmd, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
HOME = "/user/"
PATH = HOME + os.environ.get("PHONE_CAL", "tasks") + "/"
AUTH = {"Authorization": "Basic " + base64.b64encode(b"user:secret").decode()}
def req(method, path, body=None, headers={}):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request(method, path, body=body, headers={**AUTH, **headers})
    r = c.getresponse(); data = r.read(); c.close()
    return r.status, dict(r.getheaders()), data
def propfind(path, prop):
    st, _, data = req("PROPFIND", path, '<propfind xmlns="DAV:"><prop>%s</prop></propfind>' % prop, {"Depth": "1"})
    assert st == 207, (st, path)
    return [r for r in ET.fromstring(data).findall("{DAV:}response")
            if r.find("{DAV:}href").text.rstrip("/") != path.rstrip("/")]
def calendars():  # name -> displayname
    out = {}
    for r in propfind(HOME, "<displayname/>"):
        d = r.find(".//{DAV:}displayname")
        out[r.find("{DAV:}href").text.rstrip("/").rsplit("/", 1)[1]] = d.text if d is not None and d.text else ""
    return out
def items(path=PATH):  # href -> (etag, text unfolded)
    out = {}
    for r in propfind(path, "<getetag/>"):
        st, h, body = req("GET", r.find("{DAV:}href").text)
        out[r.find("{DAV:}href").text] = (h.get("ETag") or h.get("etag"), body.decode().replace("\r\n ", ""))
    return out
def everywhere():  # (calendar, href, etag, text) of every item of every calendar
    return [(cal, href, etag, text) for cal in calendars() for href, (etag, text) in items(HOME + cal + "/").items()]
def prop(text, name):  # the VTODO's own property, not a VTIMEZONE's or VALARM's
    stack = []
    for l in text.replace("\r\n", "\n").split("\n"):
        if l.startswith("BEGIN:"): stack.append(l[6:].strip()); continue
        if l.startswith("END:"): stack.pop() if stack else None; continue
        if stack and stack[-1] == "VTODO" and re.match(name + r"[;:]", l):
            return l.split(":", 1)[1].strip()
    return ""
def by_uid(uid):  # href, etag, text of the one item with this UID
    found = [(href, etag, text) for _, href, etag, text in everywhere() if prop(text, "UID") == uid]
    if len(found) != 1: sys.exit("%d items with UID %s" % (len(found), uid))
    return found[0]
def where(name):  # the path of a new item: NAME in PATH, or CALENDAR/NAME in that calendar
    return HOME + name if "/" in name else PATH + name
now = lambda: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
def put(path, body, headers):
    st, _, _ = req("PUT", path, body, {"Content-Type": "text/calendar", **headers})
    assert st in (201, 204), st
if cmd == "list":  # UID|SUMMARY of the calendar, sorted; fails on a UID twice
    seen, out = set(), []
    for href, (etag, text) in items().items():
        uid = prop(text, "UID")
        if uid in seen: sys.exit("DUPLICATE UID " + uid)
        seen.add(uid); out.append(uid + "|" + prop(text, "SUMMARY"))
    print("\n".join(sorted(out)))
elif cmd == "where":  # every item of every calendar: CALENDAR|SUMMARY, sorted; a UID twice anywhere fails
    seen, out = {}, []
    for cal, _, _, text in everywhere():
        uid = prop(text, "UID")
        if uid in seen: sys.exit("DUPLICATE UID %s in %s and %s" % (uid, seen[uid], cal))
        seen[uid] = cal; out.append(cal + "|" + prop(text, "SUMMARY"))
    print("\n".join(sorted(out)))
elif cmd == "put":  # NAME UID SUMMARY LINES…
    name, uid, summary, lines = args[0], args[1], args[2], args[3:]
    body = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:" + uid,
        "DTSTAMP:" + now(), "LAST-MODIFIED:" + now(), "SUMMARY:" + summary] + lines + ["END:VTODO", "END:VCALENDAR", ""])
    put(where(name), body, {"If-None-Match": "*"})
elif cmd == "put-raw":  # NAME: the body from stdin, as the phone's app wrote it (@NOW@: the time now)
    body = sys.stdin.read().replace("\r\n", "\n").replace("\n", "\r\n").replace("@NOW@", now())
    put(where(args[0]), body, {"If-None-Match": "*"})
elif cmd == "set":  # UID PROPERTY VALUE: replaced, LAST-MODIFIED later, If-Match
    uid, name, value = args
    href, etag, text = by_uid(uid)
    lines = [l for l in text.split("\r\n") if not re.match(r"^(" + name + r"|LAST-MODIFIED|DTSTAMP)[;:]", l)]
    i = lines.index("END:VTODO")
    time.sleep(1.1)  # a LAST-MODIFIED later than any before, to the second
    lines[i:i] = [name + ":" + value, "LAST-MODIFIED:" + now(), "DTSTAMP:" + now()]
    put(href, "\r\n".join(lines), {"If-Match": etag})
elif cmd == "get":  # UID PROPERTY
    print(prop(by_uid(args[0])[2], args[1]))
elif cmd == "count":  # UID: how many VTODOs the item's file holds
    print(by_uid(args[0])[2].count("BEGIN:VTODO"))
elif cmd == "delete":  # UID
    href, etag, _ = by_uid(args[0])
    st, _, _ = req("DELETE", href, None, {"If-Match": etag})
    assert st in (200, 204), st
elif cmd == "move":  # UID CALENDAR: as a phone moves an item: DELETE in its calendar, PUT in the other
    href, etag, text = by_uid(args[0])
    st, _, _ = req("DELETE", href, None, {"If-Match": etag})
    assert st in (200, 204), st
    put(HOME + args[1] + "/" + href.rsplit("/", 1)[1], text, {})
elif cmd == "complete-occurrence":  # UID: as Thunderbird does, an override of the series' current occurrence
    href, etag, text = by_uid(args[0])
    lines = text.split("\r\n")
    master = lines[lines.index("BEGIN:VTODO"):lines.index("END:VTODO") + 1]
    # RECURRENCE-ID names the occurrence by the series' DTSTART (else its DUE), parameters and all.
    start = [l for l in master if re.match(r"^DTSTART[;:]", l)] or [l for l in master if re.match(r"^DUE[;:]", l)]
    rid = "RECURRENCE-ID" + start[0][len(re.match(r"^[A-Z]+", start[0]).group(0)):]
    keep = [l for l in master if re.match(r"^(DTSTART|DUE|SUMMARY)[;:]", l)]
    override = ["BEGIN:VTODO", "UID:" + args[0], "DTSTAMP:" + now(), "CREATED:" + now(), "LAST-MODIFIED:" + now(),
        rid] + keep + ["STATUS:COMPLETED", "COMPLETED:" + now(), "PERCENT-COMPLETE:100", "X-MOZ-GENERATION:2",
        "END:VTODO"]
    i = len(lines) - 1 - lines[::-1].index("END:VCALENDAR")
    lines[i:i] = override
    time.sleep(1.1)  # a LAST-MODIFIED later than any before, to the second
    put(href, "\r\n".join(lines), {"If-Match": etag})
elif cmd == "ping":  # whether the server answers
    req("OPTIONS", "/")
elif cmd == "mkcalendar":  # [DISPLAYNAME [COLOR]]: the collection, once: its status
    props = "" if not args else "<D:displayname>%s</D:displayname>" % args[0]
    if len(args) > 1: props += "<I:calendar-color>%s</I:calendar-color>" % args[1]
    body = None if not args else ('<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" '
        'xmlns:I="http://apple.com/ns/ical/"><D:set><D:prop>%s</D:prop></D:set></C:mkcalendar>' % props)
    print(req("MKCALENDAR", PATH, body)[0])
elif cmd == "calendars":  # NAME=DISPLAYNAME of each calendar, sorted
    print("\n".join(sorted("%s=%s" % kv for kv in calendars().items())))
elif cmd == "rmcalendar":  # the collection, deleted as a phone or a web page does: its status
    print(req("DELETE", PATH)[0])
else:
    sys.exit("phone.py: no command " + cmd)
