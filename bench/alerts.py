#!/usr/bin/env python3
"""`make bench`'s held targets with alerts (issue 36): the same N items twice, one
file without alarms and one where every third item carries 3 VALARMs in a real
client's form (bench/gen.py `ics --alerts`: Thunderbird's, Tasks.org's, Apple
Reminders'), each imported by `todo-tui import` as a synced calendar is read.
The commands of the held targets run on both files in turn, round after round
(one unmeasured warm-up under /usr/bin/time for the peak RSS), each run checked
as bench.py checks it: list, list --json, badge, complete (then an unmeasured
list that checks the count), add with a past deadline (the same), and
calcurse -G on the same items for the `list` target. Then the notifier's wake:
a daemon on each file, a to-do added due 3 s later, the time from its deadline
to the fake notify command's start (3 wakes a file, interleaved), and the
daemon's CPU time from the add to the bubble.

Usage: TODO_BIN=... bench/alerts.py [--n 100000] [--rounds 7]
Prints one line a figure and a table (markdown) of medians and ratios with/without.
"""
import argparse
import datetime as dt
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import PAST, UUID_RE, output, run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen.py")
CAP = 120
# How far ahead of the add the woken notifier's to-do is due: past the add and the daemon's
# reading of the changed file at 100,000 items (seconds each on a loaded machine).
WAKE_AHEAD = 12


def log(msg):
    print("[%s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)


def gen_all(n, d):
    """The two iCalendar files and calcurse's appointments, from one minute."""
    env = dict(os.environ, TZ="UTC")
    for _ in range(5):
        minute = int(time.time()) // 60
        for args in (["ics", str(n), os.path.join(d, "plain.ics")],
                     ["ics", str(n), os.path.join(d, "alerts.ics"), "--alerts"],
                     ["ccapt", str(n), os.path.join(d, "apts")], ["tw", str(n), os.path.join(d, "tw.json")]):
            subprocess.run([sys.executable, GEN] + args, env=env, check=True)
        if int(time.time()) // 60 == minute:
            return
    raise RuntimeError("gen.py: the minute kept turning")


class Variant:
    def __init__(self, name, d, ics, todo_bin, n):
        self.name, self.n = name, n
        self.dir = os.path.join(d, name)
        os.makedirs(os.path.join(self.dir, "home"))
        self.plist = os.path.join(self.dir, "todos.plist")
        self.out = os.path.join(self.dir, "out")
        self.env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": os.path.join(self.dir, "home"),
                    "TZ": "UTC", "LC_ALL": "C.UTF-8", "TERM": "dumb", "TODO_TUI_FILE": self.plist,
                    "TODO_TUI_NOTIFY": "/bin/true", "NO_COLOR": "1"}
        t0 = time.perf_counter()
        _, _, code = run([todo_bin, "import", ics], self.env, CAP * 10, self.out)
        said = output(self.out).decode()
        if code or "Imported %d items" % n not in said:
            raise RuntimeError("%s: import said %r %r" % (name, said[-200:], output(self.out + ".err")[-300:]))
        self.import_s = time.perf_counter() - t0
        self.pending = n
        self.size = os.path.getsize(self.plist)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=100000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--wake-only", action="store_true", help="only the notifier's wake")
    ap.add_argument("--calcurse-ms", type=float,
                    help="calcurse -G's median from a full run instead (its -P of 100,000 generated "
                         "appointments takes minutes here)")
    a = ap.parse_args()
    todo_bin = os.path.abspath(os.environ["TODO_BIN"])
    base = tempfile.mkdtemp(prefix="todo-bench-alerts-")
    try:
        gen_all(a.n, base)
        import json
        with open(os.path.join(base, "tw.json")) as f:
            uuids = [t["uuid"].upper() for t in json.load(f)]
        vs = []
        for name in ("plain", "alerts"):
            log("%s: importing %d items" % (name, a.n))
            v = Variant(name, base, os.path.join(base, name + ".ics"), todo_bin, a.n)
            log("  import %.1f s, %d bytes" % (v.import_s, v.size))
            vs.append(v)
        if a.wake_only:
            report_wake(notifier(todo_bin, vs, base), vs, a)
            return
        cc = os.path.join(base, "calcurse")
        os.makedirs(cc)
        shutil.copy(os.path.join(base, "apts"), os.path.join(cc, "apts"))
        open(os.path.join(cc, "todo"), "w").close()
        cc_env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": base, "TZ": "UTC", "LC_ALL": "C.UTF-8",
                  "TERM": "dumb"}
        if a.calcurse_ms is None:
            run(["calcurse", "-D", cc, "-P", "--filter-pattern", "^NOMATCH$"], cc_env, CAP * 5,
                os.path.join(base, "cc"))
        times, rss = {}, {}
        done = [0]

        def measure(key, argv, env, out, check, r):
            sec, peak, code = run(argv, env, CAP, out, rss=(r == 0))
            o = output(out)
            if code or check(o):
                raise RuntimeError("%s: exit %d, %s; %r" % (" ".join(argv), code, check(o),
                                                             output(out + ".err")[-300:]))
            if r == 0:
                rss[key] = peak
            else:
                times.setdefault(key, []).append(sec * 1000)

        def lines_check(v):
            return lambda o: None if o.count(b"\n") == v.pending else "%d lines, %d pending" % (o.count(b"\n"), v.pending)

        def read(v):
            _, _, code = run([todo_bin, "list"], v.env, CAP, v.out)
            if code or output(v.out).count(b"\n") != v.pending:
                raise RuntimeError("%s: after a change, list shows %d, not %d"
                                   % (v.name, output(v.out).count(b"\n"), v.pending))

        for r in range(a.rounds + 1):
            log("round %d" % r)
            if a.calcurse_ms is None:
                measure(("calcurse -G", "calcurse"), ["calcurse", "-D", cc, "-G"], cc_env, os.path.join(base, "cc"),
                        lambda o: None if o.count(b"\n") == a.n else "calcurse: %d lines" % o.count(b"\n"), r)
            for v in vs:
                measure(("list", v.name), [todo_bin, "list"], v.env, v.out, lines_check(v), r)
                measure(("list --json", v.name), [todo_bin, "list", "--json"], v.env, v.out,
                        lambda o: None if o.startswith(b"[") else "not JSON", r)
                measure(("badge", v.name), [todo_bin, "badge"], v.env, v.out,
                        lambda o: None if o.strip().isdigit() else "said %r" % o[:40], r)
            # The same item completed in both files: from the end of the generator's order,
            # where every third carries alarms (the alert file's item has them when k % 3 == 0).
            k = a.n - 1 - done[0]
            done[0] += 1
            for v in vs:
                v.pending -= 1
                measure(("complete", v.name), [todo_bin, "complete", uuids[k]], v.env, v.out,
                        lambda o: None if o.startswith("Completed “".encode()) else "said %r" % o[:80], r)
                read(v)
            for v in vs:
                v.pending += 1
                measure(("add", v.name), [todo_bin, "add", "Bench added item", "--due", PAST[0]], v.env, v.out,
                        lambda o: None if UUID_RE.match(o.decode()) else "said %r" % o[:80], r)
                read(v)
        wake = notifier(todo_bin, vs, base)
        report(a, vs, times, rss, wake, todo_bin)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def cpu_ms(pid):
    """utime + stime of a process (all threads), in ms."""
    with open("/proc/%d/stat" % pid) as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def notifier(todo_bin, vs, base):
    """Per file: 3 wakes of a daemon: (lateness ms, daemon CPU ms from the add to the bubble)."""
    fake = os.path.join(base, "notify")
    with open(fake, "w") as f:
        f.write('#!/bin/sh\ncase "$TODO_TITLE" in Wake*) echo "$(date +%s.%N) $TODO_DEADLINE" >>"$FAKE_OUT";; esac\n')
    os.chmod(fake, 0o755)
    out = {v.name: [] for v in vs}
    daemons = {}
    try:
        for v in vs:
            env = dict(v.env, TODO_TUI_NOTIFY=fake, FAKE_OUT=os.path.join(v.dir, "arrivals"))
            err = open(os.path.join(v.dir, "daemon.err"), "w")
            p = subprocess.Popen([todo_bin, "daemon"], env=env, stderr=err, stdout=subprocess.DEVNULL)
            daemons[v.name] = (p, env)
            end = time.time() + 60
            while "notifying for" not in open(os.path.join(v.dir, "daemon.err")).read():
                if time.time() > end or p.poll() is not None:
                    raise RuntimeError("%s: the daemon did not start" % v.name)
                time.sleep(0.1)
        time.sleep(5)  # what was missed (the past adds, alerts already due) is shown first
        for k in range(3):
            for v in vs:
                p, env = daemons[v.name]
                arrivals = env["FAKE_OUT"]
                before = open(arrivals).read().count("\n") if os.path.exists(arrivals) else 0
                due = int(time.time()) + WAKE_AHEAD
                c0 = cpu_ms(p.pid)
                stamp = dt.datetime.fromtimestamp(due, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                t_add = time.time()
                subprocess.run([todo_bin, "add", "Wake %d" % k, "--due", stamp], env=env, check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                added = time.time()
                end = time.time() + WAKE_AHEAD + 20
                while True:
                    got = open(arrivals).read().splitlines() if os.path.exists(arrivals) else []
                    if len(got) > before:
                        break
                    if time.time() > end:
                        raise RuntimeError("%s: no bubble for Wake %d" % (v.name, k))
                    time.sleep(0.05)
                c1 = cpu_ms(p.pid)
                at = float(got[before].split()[0])
                out[v.name].append(((at - due) * 1000, c1 - c0, (added - t_add) * 1000))
                log("  wake %s %d: %.0f ms late, %.0f ms CPU, add %.0f ms"
                    % (v.name, k, (at - due) * 1000, c1 - c0, (added - t_add) * 1000))
    finally:
        for p, _ in daemons.values():
            p.terminate()
            p.wait(10)
    return out


def report(a, vs, times, rss, wake, todo_bin):
    med = {k: statistics.median(v) for k, v in times.items()}
    if a.calcurse_ms is not None:
        med[("calcurse -G", "calcurse")] = a.calcurse_ms
    rev = subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip()
    print("## Alerts on a third of %d items (issue 36), %s UTC, commit `%s`\n"
          % (a.n, time.strftime("%Y-%m-%d %H:%M"), rev))
    print("Command: `TODO_BIN=%s bench/alerts.py %s` (medians of %d interleaved rounds; load at end %s)\n"
          % (os.path.relpath(todo_bin, os.path.dirname(HERE)), " ".join(sys.argv[1:]), a.rounds,
             " ".join(open("/proc/loadavg").read().split()[:3])))
    print("Files: %s bytes plain, %s with alerts (imports %.1f s and %.1f s).\n"
          % (vs[0].size, vs[1].size, vs[0].import_s, vs[1].import_s))
    print("| command | plain ms | alerts ms | alerts/plain | peak KiB plain / alerts |")
    print("|---|---|---|---|---|")
    for c in ("list", "list --json", "badge", "complete", "add"):
        p, q = med[(c, "plain")], med[(c, "alerts")]
        print("| %s | %.1f | %.1f | %.2f× | %s / %s |" % (c, p, q, q / p, rss.get((c, "plain")),
                                                         rss.get((c, "alerts"))))
    print("| calcurse -G%s | %.1f | | | %s |" % (" (given)" if a.calcurse_ms is not None else "",
                                                med[("calcurse -G", "calcurse")], rss.get(("calcurse -G", "calcurse"))))
    cg = med[("calcurse -G", "calcurse")]
    print("\n`list` / calcurse -G: plain %.2f×, alerts %.2f× (target ≤ 0.5×); `list --json` / `list`: plain "
          "%.2f×, alerts %.2f× (target ≤ 2×); badge %.1f ms with alerts (target ≤ 10 ms)."
          % (med[("list", "plain")] / cg, med[("list", "alerts")] / cg,
             med[("list --json", "plain")] / med[("list", "plain")],
             med[("list --json", "alerts")] / med[("list", "alerts")], med[("badge", "alerts")]))
    report_wake(wake, vs, a)


def report_wake(wake, vs, a):
    for v in vs:
        ws = wake[v.name]
        print("Notifier wake, %s (%d items; a to-do added due %d s later): lateness %s ms; the daemon's "
              "CPU from the add to the bubble %s ms; the add took %s ms."
              % (v.name, a.n, WAKE_AHEAD, " ".join("%.0f" % w[0] for w in ws), " ".join("%.0f" % w[1] for w in ws),
                 " ".join("%.0f" % w[2] for w in ws)))


if __name__ == "__main__":
    main()
