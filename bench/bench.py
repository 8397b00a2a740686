#!/usr/bin/env python3
"""`make bench`: todo-tui against Taskwarrior and calcurse, side by side.

For each size (1,000 / 10,000 / 100,000 items) it generates the same items in
every tool's format (bench/workload.py), then runs each workload with every
tool in turn, repetition after repetition (interleaved, so that a busy moment
of the machine hits all of them alike), and reports medians, ratios, peak RSS
and bytes on disk. The notifier rows come from bench/notifier.sh and the
in-process figures from todo-bench, when they exist.

Usage: bench.py TODO_BIN [--sizes 1000,10000,100000] [--out DIR]
Environment: PEER_CAP (seconds one peer command may take before it is killed
and shown as "> CAP"; default 30), BENCH_REPS ("1000:11,10000:7,100000:5").
"""
import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workload  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TMUX = ["tmux", "-L", "todo-bench-%d" % os.getpid(), "-f", "/dev/null"]
SCREEN = (80, 24)
ADD_TITLE = "Bench added item"


# ---------------------------------------------------------------- measuring


class Timeout(Exception):
    pass


class Exited(Exception):
    """The full-screen program ended before its screen was complete."""


def run_once(argv, env=None, cap=None, cwd=None):
    """Runs argv with stdout to /dev/null; returns (seconds, peak RSS KiB, exit status)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=env, cwd=cwd, start_new_session=True)
    deadline = None if cap is None else t0 + cap
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if deadline and time.perf_counter() > deadline:
            os.killpg(p.pid, signal.SIGKILL)
            os.wait4(p.pid, 0)
            raise Timeout()
        time.sleep(0.0005)
    dt_s = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError("%s exited %d: %s" % (" ".join(argv), code, err.strip()[-300:]))
    return dt_s, ru.ru_maxrss, code


def peak_rss(argv, env=None, cap=None):
    """One more run, under /usr/bin/time, for the peak RSS (KiB) of the program alone:
    a child forked from this Python process would report Python's RSS."""
    with tempfile.NamedTemporaryFile("r") as f:
        run_once(["/usr/bin/time", "-q", "-f", "%M", "-o", f.name] + argv, env=env, cap=cap)
        return int(f.read().split()[-1])


def tmux(*args):
    return subprocess.run(TMUX + list(args), capture_output=True, text=True).stdout


def first_screen(name, command, ready, cap):
    """Starts `command` in a fresh 80x24 tmux session and polls the pane until
    `ready(lines)` holds. Returns (seconds, VmHWM KiB of the program)."""
    sess = "s-%s-%d" % (name, time.monotonic_ns())
    t0 = time.perf_counter()
    subprocess.run(TMUX + ["new-session", "-d", "-s", sess, "-x", str(SCREEN[0]), "-y",
                           str(SCREEN[1]), "exec " + command], check=True)
    pid = tmux("display", "-p", "-t", sess, "#{pane_pid}").strip()
    try:
        while True:
            cap_run = subprocess.run(TMUX + ["capture-pane", "-p", "-t", sess], capture_output=True, text=True)
            if cap_run.returncode != 0:
                raise Exited()
            lines = cap_run.stdout.split("\n")
            if ready(lines):
                took = time.perf_counter() - t0
                break
            if time.perf_counter() - t0 > cap:
                rss = vm_hwm(pid)
                raise Timeout(rss)
            time.sleep(0.002)
        return took, vm_hwm(pid)
    finally:
        tmux("kill-session", "-t", sess)


def vm_hwm(pid):
    try:
        with open("/proc/%s/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def dir_bytes(path):
    total = 0
    for dirpath, _, names in os.walk(path):
        for n in names:
            total += os.path.getsize(os.path.join(dirpath, n))
    return total


# ---------------------------------------------------------------- the tools


class Setup:
    """One size's data for the three tools, in a temporary folder."""

    def __init__(self, n, base, todo_bin):
        self.n = n
        self.dir = os.path.join(base, str(n))
        os.makedirs(self.dir)
        now = dt.datetime.now()
        self.items = workload.items(n, now)
        gen = os.path.join(self.dir, "gen")
        os.makedirs(gen)
        for kind, name in workload.ALL.items():
            with open(os.path.join(gen, name), "w", encoding="utf-8") as f:
                workload.WRITERS[kind](self.items, f)
        # Ours.
        self.ours = os.path.join(self.dir, "ours")
        os.makedirs(self.ours)
        self.plist = os.path.join(self.ours, "todos.plist")
        shutil.copy(os.path.join(gen, "todos.plist"), self.plist)
        os.chmod(self.plist, 0o600)
        self.env = dict(os.environ, TZ="UTC", TODO_TUI_NOTIFY="/bin/true", NO_COLOR="1")
        out = subprocess.run([todo_bin, "list", "--file", self.plist], env=self.env,
                             capture_output=True, text=True, check=True).stdout
        assert out.count("\n") == n, "todo-tui list shows %d lines for %d items" % (out.count("\n"), n)
        # Taskwarrior: a fresh data folder, the JSON imported once (not timed).
        tw = os.path.join(self.dir, "task")
        os.makedirs(os.path.join(tw, "data"))
        with open(os.path.join(tw, "taskrc"), "w") as f:
            f.write("data.location=%s\nconfirmation=no\nhooks=off\n" % os.path.join(tw, "data"))
        self.twdir = os.path.join(tw, "data")
        self.tw_env = dict(os.environ, TZ="UTC", TASKRC=os.path.join(tw, "taskrc"),
                           TASKDATA=self.twdir)
        t0 = time.perf_counter()
        subprocess.run(["task", "import", os.path.join(gen, "tw.json")], env=self.tw_env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        self.tw_import_s = time.perf_counter() - t0
        last = subprocess.run(["task", "_get", "%d.uuid" % n], env=self.tw_env,
                              capture_output=True, text=True).stdout.strip()
        assert last == self.items[-1]["uuid"], "Taskwarrior's ID %d is not the last item" % n
        # calcurse: -D with the generated apts and todo.
        self.cc = os.path.join(self.dir, "calcurse")
        os.makedirs(self.cc)
        for name in ("apts", "todo"):
            shutil.copy(os.path.join(gen, name), os.path.join(self.cc, name))
        self.cc_env = dict(os.environ, TZ="UTC")
        self.ics = os.path.join(self.dir, "one.ics")
        with open(self.ics, "w") as f:
            workload.write_ics_event(ADD_TITLE, now.replace(second=0, microsecond=0), f)
        # Bytes on disk, as set up.
        self.bytes = {"ours": os.path.getsize(self.plist), "task": dir_bytes(self.twdir),
                      "calcurse": dir_bytes(self.cc)}
        # What the first screen shows first: the soonest pending item.
        soonest = min(self.items, key=lambda it: (it["due"], it["uuid"].upper()))
        self.first_title = soonest["title"]
        # Short ids for `complete`: the last items, as Taskwarrior's highest IDs.
        prefixes = {}
        for it in self.items:
            prefixes.setdefault(it["uuid"][:8], 0)
            prefixes[it["uuid"][:8]] += 1
        self.short = lambda it: it["uuid"][:8] if prefixes[it["uuid"][:8]] == 1 else it["uuid"]


def ours_ready(title):
    def ready(lines):
        body = "\n".join(lines)
        rows = [l for l in lines if l.strip()]
        return title[:30] in body and len(rows) >= 3 and lines[SCREEN[1] - 1].strip() != ""
    return ready


def calcurse_ready(lines):
    # The status bar is drawn, and the appointments and todo panels hold their items.
    body = "\n".join(lines)
    return ("Quit" in lines[SCREEN[1] - 1] and "TODO" in body and "1. " in body
            and re.search(r"\d\d:\d\d -> \d\d:\d\d", body) is not None)


# ---------------------------------------------------------------- the run


class Results:
    def __init__(self):
        self.rows = {}  # (workload, n, tool) -> dict(times=[], rss=[], note=None)

    def cell(self, work, n, tool):
        return self.rows.setdefault((work, n, tool), {"times": [], "rss": [], "note": None})

    def add(self, work, n, tool, seconds, rss):
        c = self.cell(work, n, tool)
        c["times"].append(seconds)
        if rss is not None:
            c["rss"].append(rss)

    def median_ms(self, work, n, tool):
        c = self.rows.get((work, n, tool))
        if not c or not c["times"]:
            return None
        return statistics.median(c["times"]) * 1000


def measure(res, work, n, tool, fn, cap_note):
    """Runs one repetition; a peer that hits the cap is shown as such and not run again."""
    c = res.cell(work, n, tool)
    if c["note"]:
        return
    try:
        seconds, rss = fn()
        res.add(work, n, tool, seconds, rss)
    except Timeout as e:
        rss = e.args[0] if e.args else None
        c["note"] = cap_note + (" (%.0f MiB when killed)" % (rss / 1024) if rss else "")
        if rss:
            c["rss"].append(rss)
    except Exited:
        c["note"] = "exited before a complete screen"


def bench_size(s, todo_bin, reps, cap, res, log):
    n = s.n
    capnote = "> %d s, killed" % cap

    def timed(argv, env, c=None):
        def f():
            t, _, _ = run_once(argv, env=env, cap=c)
            return t, None
        return f

    def rss(work, tool, argv, env, c=None):
        cell = res.cell(work, n, tool)
        if cell["note"]:
            return
        try:
            cell["rss"].append(peak_rss(argv, env=env, cap=c))
        except Timeout:
            pass

    # list
    for r in range(reps):
        measure(res, "list", n, "ours", timed([todo_bin, "list", "--file", s.plist], s.env), "")
        measure(res, "list", n, "task", timed(["task", "list"], s.tw_env, cap), capnote)
        measure(res, "list", n, "calcurse", timed(["calcurse", "-D", s.cc, "-G"], s.cc_env, cap),
                capnote)
    rss("list", "ours", [todo_bin, "list", "--file", s.plist], s.env)
    rss("list", "task", ["task", "list"], s.tw_env, cap)
    rss("list", "calcurse", ["calcurse", "-D", s.cc, "-G"], s.cc_env, cap)
    log("  list done")
    # first complete screen (before any change, so that every tool shows the same items)
    for r in range(reps):
        measure(res, "screen", n, "ours",
                lambda: first_screen("ours", "env TZ=UTC TODO_TUI_NOTIFY=/bin/true %s --file %s"
                                     % (todo_bin, s.plist), ours_ready(s.first_title), cap), capnote)
        measure(res, "screen", n, "calcurse",
                lambda: first_screen("cc", "env TZ=UTC calcurse -D %s" % s.cc, calcurse_ready, cap),
                capnote)
    log("  first screen done")
    # complete one: the last items, which are Taskwarrior's highest IDs (so none renumbers)
    for r in range(reps):
        it = s.items[n - 1 - r]
        measure(res, "complete", n, "ours",
                timed([todo_bin, "complete", s.short(it), "--file", s.plist], s.env), "")
        measure(res, "complete", n, "task", timed(["task", str(n - r), "done"], s.tw_env, cap),
                capnote)
    it = s.items[n - 1 - reps]
    rss("complete", "ours", [todo_bin, "complete", s.short(it), "--file", s.plist], s.env)
    rss("complete", "task", ["task", str(n - reps), "done"], s.tw_env, cap)
    log("  complete done")
    # add one (a past deadline: with N future items the 64 notification slots are
    # full, and an add that needs a 65th is refused by design, SPEC 5)
    for r in range(reps):
        measure(res, "add", n, "ours",
                timed([todo_bin, "add", ADD_TITLE, "--due", "2020-01-01 09:00", "--file", s.plist],
                      s.env), "")
        measure(res, "add", n, "task",
                timed(["task", "add", ADD_TITLE, "due:2020-01-01T09:00"], s.tw_env, cap), capnote)
        measure(res, "add", n, "calcurse", timed(["calcurse", "-D", s.cc, "-i", s.ics], s.cc_env, cap),
                capnote)
    rss("add", "ours", [todo_bin, "add", ADD_TITLE, "--due", "2020-01-01 09:00", "--file", s.plist], s.env)
    rss("add", "task", ["task", "add", ADD_TITLE, "due:2020-01-01T09:00"], s.tw_env, cap)
    rss("add", "calcurse", ["calcurse", "-D", s.cc, "-i", s.ics], s.cc_env, cap)
    log("  add done")


def machine(todo_bin):
    def cmd(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True, timeout=60).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return "n/a"
    mem = "n/a"
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem = "%.1f GiB" % (int(line.split()[1]) / 1024 / 1024)
    cpu = "n/a"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "host": platform.node(), "nproc": os.cpu_count(), "cpu": cpu, "memory": mem,
        "kernel": platform.release(), "os": cmd(["sh", "-c", ". /etc/os-release; echo $PRETTY_NAME"]),
        "swift": cmd(["swift", "--version"]).split("\n")[0],
        "commit": cmd(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]),
        "loadavg_at_start": open("/proc/loadavg").read().split()[:3],
        "calcurse": cmd(["calcurse", "--version"]).split("\n")[0],
        "task": cmd(["task", "--version"]), "todo_bin": todo_bin,
    }


def notifier_rows(todo_bin, log):
    script = os.path.join(HERE, "notifier.sh")
    if os.environ.get("BENCH_NOTIFIER") == "skip":
        return None, "n/a (skipped: BENCH_NOTIFIER=skip)"
    if not os.access(script, os.X_OK):
        return None, "n/a (notifier bench missing)"
    log("notifier: bench/notifier.sh")
    p = subprocess.run([script], env=dict(os.environ, TODO_BIN=todo_bin), capture_output=True,
                       text=True, timeout=600)
    rows = []
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            try:
                rows.append((parts[0], float(parts[1]), " ".join(parts[2:])))
            except ValueError:
                pass
    if p.returncode != 0 and not rows:
        return None, "n/a (notifier.sh exited %d: %s)" % (p.returncode, p.stderr.strip()[-200:])
    return rows, None


def todo_bench_rows(todo_bin, log):
    exe = os.path.join(os.path.dirname(todo_bin), "todo-bench")
    if not os.access(exe, os.X_OK):
        return [], "todo-bench not built"
    usage = subprocess.run([exe], capture_output=True, text=True).stderr
    names = re.findall(r"usage: todo-bench ([\w|]+)", usage)
    known = names[0].split("|") if names else []
    rows = []
    for name, args in (("codec", ["10000"]), ("plan", []), ("frame", [])):
        if name not in known:
            rows.append((name, None, "not registered in todo-bench"))
            continue
        log("todo-bench %s %s" % (name, " ".join(args)))
        p = subprocess.run(["nice", "-n", "10", exe, name] + args, capture_output=True, text=True,
                           timeout=600)
        for line in p.stdout.splitlines():
            m = re.match(r"(\S+) median_ms=([\d.]+) max_ms=([\d.]+)", line)
            if m:
                rows.append((m.group(1), float(m.group(2)), "max %s ms" % m.group(3)))
        if p.returncode != 0:
            rows.append((name, None, "exited %d: %s" % (p.returncode, p.stderr.strip()[-200:])))
    return rows, None


# ---------------------------------------------------------------- the table

TARGETS = {  # workload -> [(peer, max ratio)] at 10,000 items
    "list": [("calcurse", 0.5), ("task", 0.1)],
    "complete": [("task", 0.5)],
    "add": [("task", 0.5)],
    "screen": [("calcurse", 0.5)],
}
LABEL = {"list": "list all pending", "add": "add one", "complete": "complete one",
         "screen": "first complete screen"}


def fmt_ms(v):
    if v is None:
        return "—"
    return "%.1f" % v if v < 100 else "%.0f" % v


def cell_text(res, work, n, tool):
    c = res.rows.get((work, n, tool))
    if c is None:
        return "—"
    if c["note"]:
        return c["note"]
    return fmt_ms(res.median_ms(work, n, tool))


def table(res, sizes, bytes_on_disk, reps, notifier, nerr, inproc):
    out = []
    out.append("Medians in ms (runs: %s); ratio = ours / peer; ✓ = target met (targets at 10,000 items)."
               % ", ".join("%d×%d" % (reps[n], n) for n in sizes))
    out.append("")
    out.append("| workload | items | todo-tui | task | calcurse | ours/task | ours/calcurse | target |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---|")
    verdicts = []
    for work in ("list", "add", "complete", "screen"):
        for n in sizes:
            ours = res.median_ms(work, n, "ours")
            ratios = {}
            for peer in ("task", "calcurse"):
                pm = res.median_ms(work, n, peer)
                c = res.rows.get((work, n, peer))
                if ours is not None and pm:
                    ratios[peer] = "%.2f" % (ours / pm)
                elif c and c["note"] and ours is not None:
                    cap = re.match(r"> (\d+)", c["note"])
                    ratios[peer] = "< %.3f" % (ours / (float(cap.group(1)) * 1000)) if cap else "—"
                else:
                    ratios[peer] = "—"
            target = ""
            if n == 10000 and work in TARGETS:
                parts = []
                for peer, k in TARGETS[work]:
                    pm = res.median_ms(work, n, peer)
                    ok = ours is not None and pm is not None and ours <= k * pm
                    parts.append("≤ %g× %s %s" % (k, peer, "✓" if ok else "✗"))
                    verdicts.append(("%s ≤ %g× %s at 10,000" % (LABEL[work], k, peer), ok))
                target = ", ".join(parts)
            if n == 100000:
                ok = ours is not None and ours < 500
                target = "< 500 ms %s" % ("✓" if ok else "✗")
                verdicts.append(("%s under 0.5 s at 100,000" % LABEL[work], ok))
            out.append("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
                LABEL[work], n, cell_text(res, work, n, "ours"), cell_text(res, work, n, "task"),
                cell_text(res, work, n, "calcurse"), ratios["task"], ratios["calcurse"], target))
    out.append("")
    out.append("Peak RSS in MiB (one run under /usr/bin/time; the first screen: VmHWM of the program in tmux).")
    out.append("")
    out.append("| workload | items | todo-tui | task | calcurse | target |")
    out.append("|---|---:|---:|---:|---:|---|")

    def rss(work, n, tool):
        c = res.rows.get((work, n, tool))
        if not c or not c["rss"]:
            return None
        return max(c["rss"]) / 1024

    for work in ("list", "add", "complete", "screen"):
        for n in sizes:
            vals = [rss(work, n, t) for t in ("ours", "task", "calcurse")]
            target = ""
            if n == 100000:
                cc_screen = rss("screen", n, "calcurse")
                c = res.rows.get(("screen", n, "calcurse"))
                partial = bool(c and c["note"])
                ok = vals[0] is not None and cc_screen is not None and vals[0] <= cc_screen
                # calcurse killed before its screen was complete: its RSS then is a lower
                # bound, so only "ours is lower" can be told.
                mark = "✓" if ok else ("? (calcurse not loaded)" if partial else "✗")
                target = "≤ calcurse screen (%s%s) %s" % (
                    "%.1f" % cc_screen if cc_screen else "—", ", when killed" if partial else "", mark)
                verdicts.append(("peak RSS of %s ≤ calcurse's full-screen app at 100,000" % LABEL[work],
                                 ok if ok or not partial else None))
            out.append("| %s | %d | %s | %s | %s | %s |" % (
                LABEL[work], n, *["—" if v is None else "%.1f" % v for v in vals], target))
    out.append("")
    out.append("Bytes on disk after setup (ours: the plist; task: its data folder; calcurse: apts + todo).")
    out.append("")
    out.append("| items | todo-tui | task | calcurse |")
    out.append("|---:|---:|---:|---:|")
    for n in sizes:
        b = bytes_on_disk[n]
        out.append("| %d | %s | %s | %s |" % (n, *["{:,}".format(b[t]) for t in ("ours", "task", "calcurse")]))
    out.append("")
    out.append("Notifier (bench/notifier.sh):")
    out.append("")
    if notifier is None:
        out.append("- idle wakeups per minute: " + nerr)
        out.append("- notification lateness: " + nerr)
    else:
        for name, value, unit in notifier:
            out.append("- %s: %g %s" % (name, value, unit))
    out.append("")
    out.append("In-process (todo-bench, median ms):")
    out.append("")
    for name, value, note in inproc:
        out.append("- %s: %s%s" % (name, "—" if value is None else "%.2f ms" % value,
                                   " (%s)" % note if note else ""))
    return "\n".join(out), verdicts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("todo_bin")
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    a = ap.parse_args()
    todo_bin = os.path.abspath(a.todo_bin)
    sizes = [int(x) for x in a.sizes.split(",")]
    reps = {1000: 11, 10000: 7, 100000: 5}
    for part in filter(None, os.environ.get("BENCH_REPS", "").split(",")):
        k, v = part.split(":")
        reps[int(k)] = int(v)
    for n in sizes:
        reps.setdefault(n, 3)
    cap = float(os.environ.get("PEER_CAP", "30"))
    for tool in ("task", "calcurse", "tmux"):
        if shutil.which(tool) is None:
            sys.exit("error: %s is not installed (make bench installs it with apt as root)" % tool)
    t_start = time.perf_counter()

    def log(msg):
        print("[%5.0f s] %s" % (time.perf_counter() - t_start, msg), file=sys.stderr, flush=True)

    info = machine(todo_bin)
    log("machine: %s, %s CPUs, %s, kernel %s, %s" % (info["cpu"], info["nproc"], info["memory"],
                                                       info["kernel"], info["swift"]))
    res = Results()
    bytes_on_disk = {}
    base = tempfile.mkdtemp(prefix="todo-bench-")
    subprocess.run(TMUX + ["new-session", "-d", "-s", "keep", "sleep 86400"], check=True)
    try:
        for n in sizes:
            log("%d items: setting up (Taskwarrior import is not timed)" % n)
            s = Setup(n, base, todo_bin)
            bytes_on_disk[n] = s.bytes
            log("  Taskwarrior import took %.1f s; %d repetitions" % (s.tw_import_s, reps[n]))
            bench_size(s, todo_bin, reps[n], cap, res, log)
            shutil.rmtree(s.dir, ignore_errors=True)
    finally:
        tmux("kill-server")
        shutil.rmtree(base, ignore_errors=True)
    notifier, nerr = notifier_rows(todo_bin, log)
    inproc, _ = todo_bench_rows(todo_bin, log)
    text, verdicts = table(res, sizes, bytes_on_disk, reps, notifier, nerr, inproc)
    summary = ["", "Targets:"] + ["- %s %s" % ({True: "✓", False: "✗", None: "?"}[ok], what)
                                  for what, ok in verdicts]
    text += "\n" + "\n".join(summary) + "\n"
    header = "todo-tui bench, %s — %s, %s CPUs, %s, kernel %s, %s, load %s at start\n\n" % (
        info["date"], info["cpu"], info["nproc"], info["memory"], info["kernel"], info["swift"],
        " ".join(info["loadavg_at_start"]))
    print(header + text)
    os.makedirs(a.out, exist_ok=True)
    stamp = info["date"].replace(":", "").replace("-", "")
    with open(os.path.join(a.out, "bench-%s.txt" % stamp), "w") as f:
        f.write(header + text)
    with open(os.path.join(a.out, "bench-%s.json" % stamp), "w") as f:
        json.dump({
            "machine": info, "sizes": sizes, "reps": reps, "peer_cap_s": cap,
            "runs": [{"workload": w, "items": n, "tool": t, "seconds": c["times"], "rss_kib": c["rss"],
                      "note": c["note"]} for (w, n, t), c in sorted(res.rows.items())],
            "bytes_on_disk": bytes_on_disk,
            "notifier": notifier and [{"name": a, "value": b, "unit": c} for a, b, c in notifier],
            "notifier_note": nerr,
            "todo_bench": [{"name": a, "median_ms": b, "note": c} for a, b, c in inproc],
            "targets": [{"target": w, "met": ok} for w, ok in verdicts],
            "wall_seconds": round(time.perf_counter() - t_start, 1),
        }, f, indent=1, ensure_ascii=False)
    log("results: %s" % os.path.join(a.out, "bench-%s.{txt,json}" % stamp))


if __name__ == "__main__":
    main()
