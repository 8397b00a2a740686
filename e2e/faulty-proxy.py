# A faulty HTTP proxy in front of the test's Radicale, on 127.0.0.1 only
# (test-sync-lost-answer, test-sync-emptied, soak-server-faults):
#   python3 faulty-proxy.py PORT_FILE UPSTREAM_PORT CONTROL_FILE FAULT_LOG
# It listens on a free port of 127.0.0.1 (written to PORT_FILE once it
# listens) and passes every request on to 127.0.0.1:UPSTREAM_PORT, unless
# CONTROL_FILE (read at each request) says otherwise:
#   pass              every request passed on, every answer given back
#   drop-put          the next PUT is passed on, its answer dropped (the
#                     connection closed), then `pass` again
#   500-put           the next PUT is passed on, then answered 500, then `pass`
#   random SEED RATE [PUT_RATE]
#                     each request, with the chance RATE (0-1; a PUT PUT_RATE),
#                     one fault drawn from: the request dropped (not passed
#                     on), the answer dropped after passing it on, 500 after
#                     passing it on, 503 or 412 without passing it on, 0.2-2 s of delay
# Each fault is one line of FAULT_LOG: "KIND METHOD PATH".
import http.client, http.server, os, random, sys, threading, time

port_file, upstream, control, fault_log = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
lock = threading.Lock()
rng = None
HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host", "proxy-connection"}


def fault(request):
    """The fault for this request (None: none), the control file updated under the lock."""
    global rng
    with lock:
        try:
            words = open(control).read().split()
        except OSError:
            words = []
        mode = words[0] if words else "pass"
        if mode in ("drop-put", "500-put"):
            if request.command != "PUT":
                return None
            with open(control + ".tmp", "w") as f:
                f.write("pass\n")
            os.replace(control + ".tmp", control)
            return "drop-after" if mode == "drop-put" else "500-after"
        if mode == "random":
            if rng is None:
                rng = random.Random(int(words[1]))
            rate = float(words[3]) if request.command == "PUT" and len(words) > 3 else float(words[2])
            if rng.random() >= rate:
                return None
            return rng.choice(["drop-before", "drop-after", "500-after", "503", "412", "delay"])
        return None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def told(self, kind):
        with lock, open(fault_log, "a") as f:
            f.write("%s %s %s\n" % (kind, self.command, self.path))

    def answer(self, status, headers, body):
        self.send_response_only(status)
        for k, v in headers:
            if k.lower() not in HOP:
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_one(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n) if n else None
        kind = fault(self)
        if kind:
            self.told(kind)
        if kind == "delay":
            time.sleep(random.uniform(0.2, 2))
        if kind == "drop-before":
            self.close_connection = True
            return
        if kind in ("503", "412"):
            self.answer(int(kind), [("Content-Type", "text/plain")], b"faulty proxy\n")
            return
        c = http.client.HTTPConnection("127.0.0.1", upstream, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        headers["Host"] = "127.0.0.1:%d" % upstream
        c.request(self.command, self.path, body=body, headers=headers)
        r = c.getresponse()
        data = r.read()
        c.close()
        if kind == "drop-after":
            self.close_connection = True
            return
        if kind == "500-after":
            self.answer(500, [("Content-Type", "text/plain")], b"faulty proxy: passed on, then 500\n")
            return
        self.answer(r.status, r.getheaders(), data)

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_OPTIONS = do_MKCALENDAR = do_PROPPATCH = (
        do_HEAD) = do_POST = do_MOVE = do_MKCOL = handle_one


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(port_file + ".tmp", "w") as f:
    f.write("%d\n" % server.server_address[1])
os.replace(port_file + ".tmp", port_file)
server.serve_forever()
