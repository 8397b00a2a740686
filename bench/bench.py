#!/usr/bin/env python3
"""`make bench`: todo-tui against calcurse and Taskwarrior, each on data it wrote itself.

For each size (1,000 / 10,000 / 100,000 items) the shared generator writes the
same items for the three tools (bench/workload.py), and each tool rewrites
them itself: ours through `import`, calcurse through `-P` (load and save back,
which puts its appointments in its own order; checked to be a fixed point),
Taskwarrior through `import`. Every process runs with TZ=UTC, a private HOME,
warm caches (one unmeasured run first, under /usr/bin/time for the peak RSS),
the tools' commands in turn, round after round (at least 7), and every run is
checked: exit 0 and the right output (a count, the lines, a UUID), so that a
fast failure cannot pass as a fast success. Taskwarrior defers the garbage
collection of a `done` to the next command that reads; an unmeasured read
after each changing command (ours and theirs) absorbs it and checks the count.

The fields variant (issue 26): the same commands again on the same items with,
on half of them, a note of about 200 characters, 2 tags and a priority, each
tool in its own terms (bench/fields.py: ours the fields of SPEC 8, Taskwarrior
an annotation, tags and a priority, calcurse a note file), at --fields-sizes.

Usage: bench.py TODO_BIN [--sizes 1000,10000,100000] [--fields-sizes 10000,100000] [--rounds N]
       [--out DIR]
Environment: BENCH_QUICK=1 (1,000 and 10,000 items, fields at 10,000, 3 rounds, no notifier),
PEER_CAP (seconds a command may take before it is killed; default 60),
BENCH_NOTIFIER=skip, BENCH_CALLGRIND=0.
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
import fields  # noqa: E402
import report  # noqa: E402
import workload  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
UUID_RE = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\n$")
PAST = ("2020-01-01 09:00", "due:2020-01-01T09:00")  # an add that needs no notification slot


class Failed(Exception):
    """A measured command did not do its work."""


class Killed(Exception):
    pass


# ---------------------------------------------------------------- running

_child = [0]


def _on_alarm(signum, frame):
    if _child[0]:
        try:
            os.killpg(_child[0], signal.SIGKILL)
        except OSError:
            pass


signal.signal(signal.SIGALRM, _on_alarm)


def run(argv, env, cap, out_path, rss=False):
    """Runs argv with stdout to out_path (stderr to out_path + '.err'): (seconds, peak KiB or None,
    exit status). posix_spawn and a blocking wait4, so that the harness adds little to the time."""
    if rss:
        tf = out_path + ".time"
        argv = ["/usr/bin/time", "-q", "-f", "%M", "-o", tf] + argv
    exe = argv[0] if "/" in argv[0] else shutil.which(argv[0], path=env.get("PATH"))
    fo = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    fe = os.open(out_path + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    fi = os.open("/dev/null", os.O_RDONLY)
    acts = [(os.POSIX_SPAWN_DUP2, fi, 0), (os.POSIX_SPAWN_DUP2, fo, 1), (os.POSIX_SPAWN_DUP2, fe, 2)]
    try:
        signal.setitimer(signal.ITIMER_REAL, cap)
        t0 = time.perf_counter()
        pid = os.posix_spawn(exe, argv, env, file_actions=acts, setsid=True)
        _child[0] = pid
        _, status, _ = os.wait4(pid, 0)
        t1 = time.perf_counter()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _child[0] = 0
        for fd in (fo, fe, fi):
            os.close(fd)
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL and t1 - t0 >= cap * 0.99:
        raise Killed()
    peak = None
    if rss:
        with open(tf) as f:
            words = f.read().split()
        peak = int(words[-1]) if words and words[-1].isdigit() else None
    return t1 - t0, peak, os.waitstatus_to_exitcode(status)


def output(path):
    with open(path, "rb") as f:
        return f.read()


# ---------------------------------------------------------------- the data


class Setup:
    """One size's data for the three tools, each written by the tool itself."""

    def __init__(self, n, base, todo_bin, cap, log, with_fields=False):
        self.n = n
        self.dir = os.path.join(base, str(n) + ("-fields" if with_fields else ""))
        self.todo_bin = todo_bin
        gen = os.path.join(self.dir, "gen")
        os.makedirs(gen)
        home = os.path.join(self.dir, "home")
        os.makedirs(home)
        workload.generate(n, gen)
        tw = workload.tw_items(gen)
        self.with_fields = with_fields
        if with_fields:
            # Half the items get a note, 2 tags and a priority, each tool in its own terms.
            self.fielded = fields.apply(tw, os.path.join(gen, "apts"), os.path.join(gen, "notes"))
            fields.write_tw(tw, os.path.join(gen, "tw.json"))
        workload.same_items(tw, os.path.join(gen, "apts"))
        self.items = tw
        path = "/usr/local/bin:/usr/bin:/bin"
        base_env = {"PATH": path, "HOME": home, "TZ": "UTC", "LC_ALL": "C.UTF-8", "TERM": "dumb"}
        self.out = os.path.join(self.dir, "out")
        # Ours: the generated items imported into an empty file, which our writer writes.
        self.plist = os.path.join(self.dir, "ours", "todos.plist")
        os.makedirs(os.path.dirname(self.plist))
        src = os.path.join(gen, "items.plist")
        workload.write_plist(tw, src)
        self.env = dict(base_env, TODO_TUI_FILE=self.plist, TODO_TUI_NOTIFY="/bin/true", NO_COLOR="1")
        self.must([todo_bin, "import", src], self.env, cap, "Imported %d items: %d new\n" % (n, n))
        if with_fields:
            got = json.loads(self.must([todo_bin, "list", "--json"], self.env, cap))
            full = [x for x in got if x["note"] and len(x["tags"] or []) == 2 and x["priority"]]
            if len(full) != self.fielded:
                raise RuntimeError("our file holds the fields on %d items, not %d" % (len(full), self.fielded))
        # calcurse: its appointments loaded and saved back by calcurse (-P with a filter that
        # matches nothing purges nothing), which writes them in its own order.
        self.cc = os.path.join(self.dir, "calcurse")
        os.makedirs(self.cc)
        shutil.copy(os.path.join(gen, "apts"), os.path.join(self.cc, "apts"))
        if with_fields:
            shutil.copytree(os.path.join(gen, "notes"), os.path.join(self.cc, "notes"))
        open(os.path.join(self.cc, "todo"), "w").close()
        self.cc_env = dict(base_env)
        purge = ["calcurse", "-D", self.cc, "-P", "--filter-pattern", "^NOMATCH$"]
        self.must(purge, self.cc_env, cap * 10)
        first = output(os.path.join(self.cc, "apts"))
        self.cc_reordered = first != output(os.path.join(gen, "apts"))
        self.must(purge, self.cc_env, cap * 10)
        if output(os.path.join(self.cc, "apts")) != first:
            raise RuntimeError("calcurse -P is not a fixed point of its own file")
        if first.count(b"\n") != n:
            raise RuntimeError("calcurse kept %d of %d appointments" % (first.count(b"\n"), n))
        workload.same_items(tw, os.path.join(self.cc, "apts"))
        kept_notes = len(re.findall(rb">[0-9a-f]{40} ", first))
        if with_fields and kept_notes != self.fielded:
            raise RuntimeError("calcurse kept %d notes of %d" % (kept_notes, self.fielded))
        # Taskwarrior: its own import into an empty data folder.
        twdir = os.path.join(self.dir, "task")
        os.makedirs(os.path.join(twdir, "data"))
        rc = os.path.join(twdir, "taskrc")
        with open(rc, "w") as f:
            f.write("data.location=%s\nconfirmation=no\nhooks=off\nnag=\nnews.version=2.6.0\n"
                    % os.path.join(twdir, "data"))
        self.twdata = os.path.join(twdir, "data")
        self.tw_env = dict(base_env, TASKRC=rc, TASKDATA=self.twdata)
        t0 = time.perf_counter()
        self.must(["task", "import", os.path.join(gen, "tw.json")], self.tw_env, cap * 20)
        self.tw_import_s = time.perf_counter() - t0
        # Taskwarrior's IDs follow the import order: ID k is item k-1 (checked at the last).
        got = self.must(["task", "_get", "%d.uuid" % n], self.tw_env, cap).strip().decode()
        if got != tw[-1]["uuid"]:
            raise RuntimeError("Taskwarrior's ID %d is %s, not the last item" % (n, got))
        if with_fields:  # item 0 (ID 1) has the fields
            want = "%s %s %d" % (tw[0]["priority"], ",".join(sorted(tw[0]["tags"])), len(tw[0]["annotations"]))
            got = " ".join(self.must(["task", "_get", "1.%s" % k], self.tw_env, cap).strip().decode()
                           for k in ("priority", "tags"))
            notes = self.must(["task", "_get", "1.annotations.count"], self.tw_env, cap).strip().decode()
            if "%s %s" % (got, notes) != want:
                raise RuntimeError("Taskwarrior holds %r of item 0's fields, not %r" % (got + " " + notes, want))
        self.bytes = {"todo-tui": os.path.getsize(self.plist),
                      "calcurse": os.path.getsize(os.path.join(self.cc, "apts")),
                      "task": sum(os.path.getsize(os.path.join(self.twdata, x))
                                  for x in os.listdir(self.twdata))}
        prefixes = {}
        for t in tw:
            prefixes[t["uuid"][:8]] = prefixes.get(t["uuid"][:8], 0) + 1
        self.short = lambda t: t["uuid"][:8] if prefixes[t["uuid"][:8]] == 1 else t["uuid"]
        # What each tool holds, for the checks.
        self.pending = {"todo-tui": n, "task": n}
        self.overdue = {"todo-tui": 0, "task": 0}
        self.next_done = n  # Taskwarrior's highest ID: completing it renumbers nothing
        self.done = set()  # the generated items completed
        self.dues = sorted((dt.datetime.strptime(t["due"], "%Y%m%dT%H%M%SZ")
                            .replace(tzinfo=dt.timezone.utc).timestamp(), t["uuid"]) for t in tw)

    def passed(self, now):
        """Generated items still pending whose deadline is at or before `now`."""
        k = 0
        for due, uuid in self.dues:
            if due > now:
                break
            k += uuid not in self.done
        return k

    def must(self, argv, env, cap, want=None):
        _, _, code = run(argv, env, cap, self.out)
        out = output(self.out)
        if code != 0 or (want is not None and out.decode() != want):
            raise RuntimeError("setup: %s exited %d: %s %s" % (" ".join(argv), code, out[-200:],
                                                               output(self.out + ".err")[-300:]))
        return out


# ---------------------------------------------------------------- the commands


def count_lines(b):
    return b.count(b"\n")


def task_count(b):
    m = re.search(rb"^(\d+) tasks?$", b, re.M)
    return int(m.group(1)) if m else (0 if b"No matches" in b else -1)


class Bench:
    def __init__(self, todo_bin, rounds, cap, log):
        self.todo_bin = todo_bin
        self.rounds = rounds
        self.cap = cap
        self.log = log
        self.times = {}  # (command, n, tool) -> [seconds]
        self.rss = {}  # (command, n, tool) -> KiB
        self.notes = {}  # (command, n, tool) -> text (killed)
        self.instr = {}  # (what, n) -> instructions

    def one(self, s, key, argv, env, check, rss=False):
        """One run of a command, checked; the time is kept unless it is the warm-up run."""
        if key in self.notes:
            return
        try:
            sec, peak, code = run(argv, env, self.cap, s.out, rss=rss)
        except Killed:
            self.notes[key] = "> %g s, killed" % self.cap
            return
        out = output(s.out)
        if code != 0:
            raise Failed("%s exited %d: %s" % (" ".join(argv), code,
                                               output(s.out + ".err").decode(errors="replace")[-300:]))
        why = check(out)
        if why:
            raise Failed("%s: %s" % (" ".join(argv), why))
        if rss:
            self.rss[key] = peak
        else:
            self.times.setdefault(key, []).append(sec)

    def rounds_of(self, s, name, entries):
        """entries: [(tool, make) ...], make() -> (argv, env, check, after); after runs unmeasured."""
        if not entries:
            return
        for r in range(self.rounds + 1):
            for tool, make in entries:
                argv, env, check, after = make()
                self.one(s, (name, s.n, tool), argv, env, check, rss=(r == 0))
                if after:
                    after()
        self.log("  %s: %s" % (name, ", ".join(
            "%s %s" % (t, fmt_ms(self.median(name, s.n, t))) for t, _ in entries)))

    def median(self, name, n, tool):
        v = self.times.get((name, n, tool))
        return statistics.median(v) * 1000 if v else None

    def size(self, s):
        b, n = self.todo_bin, s.n
        ours, cc, tw = s.env, s.cc_env, s.tw_env

        def expect(cond, why):
            return None if cond else why

        def ok(_):
            return None

        # --version (and /bin/true, the cost of starting any process here); not again with the fields
        self.rounds_of(s, "version", [] if s.with_fields else [
            ("todo-tui", lambda: ([b, "--version"], ours,
                                  lambda o: expect(re.match(rb"\d+\.\d+", o), "no version"), None)),
            ("true", lambda: (["/bin/true"], ours, ok, None)),
            ("calcurse", lambda: (["calcurse", "--version"], cc,
                                  lambda o: expect(o.startswith(b"calcurse"), "no version"), None)),
            ("task", lambda: (["task", "--version"], tw,
                              lambda o: expect(re.match(rb"\d+\.\d+", o), "no version"), None)),
        ])

        # list, list --json, calcurse -G, task list
        def list_check(o):
            return expect(count_lines(o) == s.pending["todo-tui"],
                          "%d lines for %d pending" % (count_lines(o), s.pending["todo-tui"]))

        def json_check(o):
            got = json.loads(o)
            return expect(len(got) == s.pending["todo-tui"] and all(not x["completed"] for x in got),
                          "%d items for %d pending" % (len(got), s.pending["todo-tui"]))

        def agenda_check(o):  # issue 38: overdue first, then the coming 7 days (a subset of `list`)
            return expect(o.startswith(b"Overdue\n") or o.startswith(b"Today") or o == b"",
                          "agenda starts with %r" % o[:40])

        self.rounds_of(s, "list", [
            ("todo-tui", lambda: ([b, "list"], ours, list_check, None)),
            ("json", lambda: ([b, "list", "--json"], ours, json_check, None)),
            ("agenda", lambda: ([b, "agenda"], ours, agenda_check, None)),
            ("calcurse-d", lambda: (["calcurse", "-D", s.cc, "-d", "7"], cc, ok, None)),
            ("floor", lambda: ([self.floor, s.plist], ours, list_check, None)),
            ("calcurse", lambda: (["calcurse", "-D", s.cc, "-G"], cc,
                                  lambda o: expect(count_lines(o) == n, "%d lines" % count_lines(o)),
                                  None)),
            ("task", lambda: (["task", "list"], tw,
                              lambda o: expect(task_count(o) == s.pending["task"],
                                               "%d tasks shown" % task_count(o)), None)),
        ])
        # The floor prints what `list` prints, byte for byte.
        if True:  # the same instant for both: TODO_TUI_NOW is the commands' clock hook
            now = str(int(time.time()))
            _, _, c1 = run([self.floor, s.plist, now], ours, self.cap, s.out + ".floor")
            _, _, c2 = run([b, "list"], dict(ours, TODO_TUI_NOW=now), self.cap, s.out)
            if c1 or c2 or output(s.out + ".floor") != output(s.out):
                raise Failed("bench/floor.c does not print what `todo-tui list` prints")

        # The unmeasured reads after a change: they absorb Taskwarrior's deferred garbage
        # collection, and check that the change happened (the pending count).
        def read_ours():
            _, _, code = run([b, "list"], ours, self.cap * 3, s.out)
            if code or count_lines(output(s.out)) != s.pending["todo-tui"]:
                raise Failed("after a change, `list` shows %d lines, not %d"
                             % (count_lines(output(s.out)), s.pending["todo-tui"]))

        def read_task():
            _, _, code = run(["task", "list"], tw, self.cap * 3, s.out)
            if code or task_count(output(s.out)) != s.pending["task"]:
                raise Failed("after a change, `task list` shows %d, not %d"
                             % (task_count(output(s.out)), s.pending["task"]))

        # complete one vs task N done: the same item, Taskwarrior's highest ID (no renumbering).
        def complete_ours():
            item = s.items[s.next_done - 1]
            s.done.add(item["uuid"])
            s.pending["todo-tui"] -= 1
            return ([b, "complete", s.short(item)], ours,
                    lambda o: expect(o.startswith("Completed “".encode()), "said %r" % o[:80]), read_ours)

        def complete_task():
            k = s.next_done
            s.next_done -= 1
            s.pending["task"] -= 1
            return (["task", str(k), "done"], tw,
                    lambda o: expect(b"Completed 1 task." in o, "said %r" % o[-80:]), read_task)

        self.rounds_of(s, "complete", [("todo-tui", complete_ours), ("task", complete_task)])

        # add one, with a past deadline (an add needs no notification slot then: with
        # thousands of future items, the 64 slots are full and one that needs a slot is refused).
        def add_ours():
            s.pending["todo-tui"] += 1
            s.overdue["todo-tui"] += 1
            return ([b, "add", "Bench added item", "--due", PAST[0]], ours,
                    lambda o: expect(UUID_RE.match(o.decode()), "said %r" % o[:80]), read_ours)

        def add_task():
            s.pending["task"] += 1
            s.overdue["task"] += 1
            return (["task", "add", "Bench added item", PAST[1]], tw,
                    lambda o: expect(re.search(rb"Created task \d+\.", o), "said %r" % o[-80:]), read_task)

        self.rounds_of(s, "add", [("todo-tui", add_ours), ("task", add_task)])

        # badge vs task +OVERDUE count: the added items, and the generated ones whose
        # deadline has passed by now (at 100,000 items the run takes minutes).
        def badge_check(tool):
            t0 = time.time()

            def check(o):
                lo, hi = s.overdue[tool] + s.passed(t0), s.overdue[tool] + s.passed(time.time())
                return expect(o.strip().isdigit() and lo <= int(o) <= hi,
                              "said %r, not %d..%d" % (o[:40], lo, hi))
            return check

        self.rounds_of(s, "badge", [
            ("todo-tui", lambda: ([b, "badge"], ours, badge_check("todo-tui"), None)),
            ("task", lambda: (["task", "+OVERDUE", "count"], tw, badge_check("task"), None)),
        ])

        if n == 10000 and os.environ.get("BENCH_CALLGRIND", "1") != "0" and shutil.which("valgrind"):
            self.callgrind(s)

    def callgrind(self, s):
        """Instructions (valgrind --tool=callgrind) of list and add at this size, and of the floor."""
        # valgrind 3.19 cannot read the DWARF of Swift 6.3's binaries: a copy without it.
        b = os.path.join(os.path.dirname(s.dir), "todo-tui-nodebug")
        if not os.path.exists(b):
            subprocess.run(["strip", "--strip-debug", "-o", b, self.todo_bin], check=True)
        runs = [("list", [b, "list"], s.env), ("floor", [self.floor, s.plist], s.env),
                ("calcurse -G", ["calcurse", "-D", s.cc, "-G"], s.cc_env),
                ("add", [b, "add", "Bench added item", "--due", PAST[0]], s.env)]
        for what, argv, env in runs:
            vg = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv
            _, _, code = run(vg, env, self.cap * 20, s.out)
            err = output(s.out + ".err").decode(errors="replace")
            m = re.search(r"Collected : (\d+)", err)
            if code != 0 or not m:
                raise Failed("callgrind of %s: exit %d %s" % (what, code, err[-300:]))
            self.instr[(what, s.n)] = int(m.group(1))
            if what == "add":
                s.pending["todo-tui"] += 1
            self.log("  callgrind %s: %.1f M instructions" % (what, int(m.group(1)) / 1e6))


def fmt_ms(v):
    if v is None:
        return "—"
    return "%.2f" % v if v < 10 else ("%.1f" % v if v < 100 else "%.0f" % v)


# ---------------------------------------------------------------- the machine


def cmd(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "n/a"


def machine(todo_bin):
    cpu = "n/a"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = "n/a"
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem = "%.1f GiB" % (int(line.split()[1]) / 1024 / 1024)
    return {
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "nproc": os.cpu_count(), "cpu": cpu, "memory": mem, "kernel": platform.release(),
        "os": cmd(["sh", "-c", ". /etc/os-release; echo $PRETTY_NAME"]),
        "swift": cmd(["swift", "--version"]).split("\n")[0],
        "commit": cmd(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]),
        "calcurse": cmd(["calcurse", "--version"]).split("\n")[0],
        "task": cmd(["task", "--version"]), "todo_bin": todo_bin,
        "binary_bytes": os.path.getsize(todo_bin),
    }


def load():
    return open("/proc/loadavg").read().split()[:3]


def busy():
    """The processes using the CPU now, besides this benchmark (what else was running)."""
    out = cmd(["ps", "-eo", "pcpu,comm", "--sort=-pcpu", "--no-headers"])
    rows = []
    for line in out.splitlines()[:8]:
        parts = line.split(None, 1)
        if len(parts) == 2 and float(parts[0]) >= 5 and parts[1] not in ("ps", "python3"):
            rows.append("%s %s%%" % (parts[1], parts[0]))
    return rows


def notifier_rows(todo_bin, log):
    script = os.path.join(HERE, "notifier.sh")
    if os.environ.get("BENCH_NOTIFIER") == "skip":
        return None, "skipped (BENCH_NOTIFIER=skip)"
    log("notifier: bench/notifier.sh (a minute idle)")
    p = subprocess.run(["bash", script], env=dict(os.environ, TODO_BIN=todo_bin, TZ="UTC"),
                       capture_output=True, text=True, timeout=900)
    rows = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            try:
                rows[parts[0]] = (float(parts[1]), " ".join(parts[2:]))
            except ValueError:
                pass
    if p.returncode != 0 or not rows:
        return rows or None, "notifier.sh exited %d: %s" % (p.returncode, p.stderr.strip()[-200:])
    return rows, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("todo_bin")
    ap.add_argument("--sizes")
    ap.add_argument("--fields-sizes", help="sizes of the fields variant (empty: none)")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    a = ap.parse_args()
    quick = os.environ.get("BENCH_QUICK") == "1"
    sizes = [int(x) for x in (a.sizes or ("1000,10000" if quick else "1000,10000,100000")).split(",")]
    fsizes = a.fields_sizes if a.fields_sizes is not None else ("10000" if quick else "10000,100000")
    fsizes = [int(x) for x in fsizes.split(",") if x]
    rounds = a.rounds or (3 if quick else 7)
    full = not quick and sizes == [1000, 10000, 100000] and fsizes == [10000, 100000] and rounds >= 7
    if quick:
        os.environ.setdefault("BENCH_NOTIFIER", "skip")
    cap = float(os.environ.get("PEER_CAP", "60"))
    todo_bin = os.path.abspath(a.todo_bin)
    for tool in ("task", "calcurse", "/usr/bin/time"):
        if shutil.which(tool) is None:
            sys.exit("error: %s is not installed (make bench installs it with apt as root)" % tool)
    t_start = time.perf_counter()

    def log(msg):
        print("[%5.0f s] %s" % (time.perf_counter() - t_start, msg), file=sys.stderr, flush=True)

    info = machine(todo_bin)
    info["load_at_start"] = load()
    info["busy_at_start"] = busy()
    log("machine: %s, %s CPUs, load %s; busy: %s" % (info["cpu"], info["nproc"],
                                                       " ".join(info["load_at_start"]),
                                                       ", ".join(info["busy_at_start"]) or "nothing"))
    bench = Bench(todo_bin, rounds, cap, log)
    base = tempfile.mkdtemp(prefix="todo-bench-")
    floor = os.path.join(base, "floor")
    if subprocess.run(["cc", "-O2", "-o", floor, os.path.join(HERE, "floor.c")]).returncode != 0:
        sys.exit("error: cannot compile bench/floor.c")
    bench.floor = floor
    # The fields variant: its own figures, the same commands and checks.
    fbench = Bench(todo_bin, rounds, cap, log)
    fbench.floor = floor
    sizes_info = {}
    fsizes_info = {}
    try:
        for b, with_fields, ns, info_of in ((bench, False, sizes, sizes_info),
                                            (fbench, True, fsizes, fsizes_info)):
            for n in ns:
                log("%d items%s: setting up (not timed)" % (n, " with the fields" if with_fields else ""))
                s = Setup(n, base, todo_bin, cap, log, with_fields)
                log("  calcurse %s its file; Taskwarrior's import took %.1f s" % (
                    "reordered" if s.cc_reordered else "kept the order of", s.tw_import_s))
                before = load()
                b.size(s)
                info_of[n] = {"bytes": s.bytes, "load_before": before, "load_after": load(),
                              "busy_after": busy(), "calcurse_reordered": s.cc_reordered}
                shutil.rmtree(s.dir, ignore_errors=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    notifier, nerr = notifier_rows(todo_bin, log)
    info["load_at_end"] = load()
    info["wall_seconds"] = round(time.perf_counter() - t_start)
    stamp = info["date"].replace(":", "").replace("-", "")
    os.makedirs(a.out, exist_ok=True)
    plot = os.path.join(a.out, "bench-%s.png" % stamp)
    text, verdicts = report.render(bench, sizes, rounds, info, sizes_info, notifier, nerr, plot)
    if fsizes:
        ftext, fverdicts = report.render_fields(fbench, fsizes, rounds, fsizes_info)
        text += "\n" + ftext
        verdicts += fverdicts
    print(text)
    with open(os.path.join(a.out, "bench-%s.md" % stamp), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "bench-%s.json" % stamp), "w") as f:
        json.dump({"machine": info, "sizes": sizes, "rounds": rounds, "cap_s": cap,
                   "times_s": [{"command": c, "items": n, "tool": t, "seconds": v}
                               for (c, n, t), v in sorted(bench.times.items())],
                   "rss_kib": [{"command": c, "items": n, "tool": t, "kib": v}
                               for (c, n, t), v in sorted(bench.rss.items())],
                   "notes": [{"command": c, "items": n, "tool": t, "note": v}
                             for (c, n, t), v in sorted(bench.notes.items())],
                   "instructions": [{"what": w, "items": n, "count": v}
                                    for (w, n), v in sorted(bench.instr.items())],
                   "fields": {"sizes": fsizes, "sizes_info": fsizes_info,
                              "times_s": [{"command": c, "items": n, "tool": t, "seconds": v}
                                          for (c, n, t), v in sorted(fbench.times.items())],
                              "rss_kib": [{"command": c, "items": n, "tool": t, "kib": v}
                                          for (c, n, t), v in sorted(fbench.rss.items())],
                              "notes": [{"command": c, "items": n, "tool": t, "note": v}
                                        for (c, n, t), v in sorted(fbench.notes.items())],
                              "instructions": [{"what": w, "items": n, "count": v}
                                               for (w, n), v in sorted(fbench.instr.items())]},
                   "sizes_info": sizes_info, "notifier": notifier, "notifier_note": nerr,
                   "targets": [{"target": w, "held": ok, "value": v} for w, ok, v in verdicts]},
                  f, indent=1, ensure_ascii=False)
    if full:
        report.write_results_md(text, stamp, plot)
    log("results: %s" % os.path.join(a.out, "bench-%s.{md,json,png}" % stamp))


if __name__ == "__main__":
    main()
