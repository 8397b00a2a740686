# A phone's CalDAV client of its own, over HTTP (e2e/test-sync-radicale.sh,
# test-sync-server.sh): python3 phone.py PORT COMMAND ARGS…, as user:secret
# on /user/tasks/, or /user/$PHONE_CAL/ (a Radicale without authentication
# takes any password).
import base64, http.client, os, re, sys, time, xml.etree.ElementTree as ET
port, cmd, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
PATH = "/user/" + os.environ.get("PHONE_CAL", "tasks") + "/"
AUTH = {"Authorization": "Basic " + base64.b64encode(b"user:secret").decode()}
def req(method, path, body=None, headers={}):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request(method, path, body=body, headers={**AUTH, **headers})
    r = c.getresponse(); data = r.read(); c.close()
    return r.status, dict(r.getheaders()), data
def items():  # href -> (etag, text)
    st, _, data = req("PROPFIND", PATH, '<propfind xmlns="DAV:"><prop><getetag/></prop></propfind>', {"Depth": "1"})
    assert st == 207, st
    out = {}
    for resp in ET.fromstring(data).findall("{DAV:}response"):
        href = resp.find("{DAV:}href").text
        if href.rstrip("/") == PATH.rstrip("/"): continue
        st, h, body = req("GET", href)
        out[href] = (h.get("ETag") or h.get("etag"), body.decode().replace("\r\n ", ""))
    return out
def prop(text, name):  # the VTODO's own property
    stack = []
    for l in text.replace("\r\n", "\n").split("\n"):
        if l.startswith("BEGIN:"): stack.append(l[6:].strip()); continue
        if l.startswith("END:"): stack.pop() if stack else None; continue
        if stack and stack[-1] == "VTODO" and re.match(name + r"[;:]", l):
            return l.split(":", 1)[1].strip()
    return ""
def by_uid(uid):
    for href, (etag, text) in items().items():
        if prop(text, "UID") == uid: return href, etag, text
    sys.exit("no item with UID " + uid)
now = lambda: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
if cmd == "list":  # UID|SUMMARY, sorted; fails on a UID twice
    seen, out = set(), []
    for href, (etag, text) in items().items():
        uid = prop(text, "UID")
        if uid in seen: sys.exit("DUPLICATE UID " + uid)
        seen.add(uid); out.append(uid + "|" + prop(text, "SUMMARY"))
    print("\n".join(sorted(out)))
elif cmd == "put":  # NAME UID SUMMARY LINES…
    name, uid, summary, lines = args[0], args[1], args[2], args[3:]
    body = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:" + uid,
        "DTSTAMP:" + now(), "LAST-MODIFIED:" + now(), "SUMMARY:" + summary] + lines + ["END:VTODO", "END:VCALENDAR", ""])
    st, _, _ = req("PUT", PATH + name, body, {"Content-Type": "text/calendar", "If-None-Match": "*"})
    assert st in (201, 204), st
elif cmd == "set":  # UID PROPERTY VALUE: replaced, LAST-MODIFIED later, If-Match
    uid, name, value = args
    href, etag, text = by_uid(uid)
    lines = [l for l in text.split("\r\n") if not re.match(r"^(" + name + r"|LAST-MODIFIED|DTSTAMP)[;:]", l)]
    i = lines.index("END:VTODO")
    time.sleep(1.1)  # a LAST-MODIFIED later than any before, to the second
    lines[i:i] = [name + ":" + value, "LAST-MODIFIED:" + now(), "DTSTAMP:" + now()]
    st, _, _ = req("PUT", href, "\r\n".join(lines), {"Content-Type": "text/calendar", "If-Match": etag})
    assert st in (201, 204), st
elif cmd == "get":  # UID PROPERTY
    print(prop(by_uid(args[0])[2], args[1]))
elif cmd == "ping":
    req("OPTIONS", "/")
elif cmd == "mkcalendar":  # [DISPLAYNAME]: the collection, once: its status
    body = None if not args else ('<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
        '<D:set><D:prop><D:displayname>%s</D:displayname></D:prop></D:set></C:mkcalendar>' % args[0])
    print(req("MKCALENDAR", PATH, body)[0])
elif cmd == "calendars":  # NAME=DISPLAYNAME of each calendar, sorted
    st, _, data = req("PROPFIND", "/user/", '<propfind xmlns="DAV:"><prop><displayname/></prop></propfind>', {"Depth": "1"})
    assert st == 207, st
    out = []
    for r in ET.fromstring(data).findall("{DAV:}response"):
        href = r.find("{DAV:}href").text.rstrip("/")
        if href == "/user": continue
        d = r.find(".//{DAV:}displayname")
        out.append(href.rsplit("/", 1)[1] + "=" + (d.text if d is not None and d.text else ""))
    print("\n".join(sorted(out)))
elif cmd == "delete":  # UID
    href, etag, _ = by_uid(args[0])
    st, _, _ = req("DELETE", href, None, {"If-Match": etag})
    assert st in (200, 204), st
elif cmd == "rmcalendar":  # the collection, deleted as a phone or a web page does: its status
    print(req("DELETE", PATH)[0])
