"""The tables, the targets and the plot of a bench.py run."""
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))

# (command, our tool key, what the row is called, [(peer key, peer's command)])
ROWS = [
    ("list", "todo-tui", "`list`", [("calcurse", "calcurse -G"), ("task", "task list"),
                                    ("floor", "bench/floor.c")]),
    ("list", "json", "`list --json`", [("todo-tui", "todo-tui list")]),
    ("list", "agenda", "`agenda`", [("todo-tui", "todo-tui list"), ("calcurse-d", "calcurse -d 7")]),
    ("add", "todo-tui", "`add`", [("task", "task add")]),
    ("complete", "todo-tui", "`complete`", [("task", "task N done")]),
    ("badge", "todo-tui", "`badge`", [("task", "task +OVERDUE count")]),
    ("version", "todo-tui", "`--version`", [("true", "/bin/true"), ("calcurse", "calcurse --version"),
                                            ("task", "task --version")]),
]
MiB = 40


def fmt_ms(v):
    if v is None:
        return "—"
    return "%.2f" % v if v < 10 else ("%.1f" % v if v < 100 else "%.0f" % v)


def fmt_mib(kib):
    return "—" if kib is None else "%.1f" % (kib / 1024)


def table(b, sizes, rows):
    """The medians and peak RSS of `rows` at `sizes`, ours beside each peer, as Markdown lines."""
    out = ["| command | items | todo-tui ms | peer | peer ms | ratio | todo-tui MiB | peer MiB |",
           "|---|---:|---:|---|---:|---:|---:|---:|"]

    def cell(cmd, n, tool):
        note = b.notes.get((cmd, n, tool))
        return note if note else fmt_ms(b.median(cmd, n, tool))

    for cmd, ours, label, peers in rows:
        for n in sizes:
            for peer, pname in peers:
                o, p = b.median(cmd, n, ours), b.median(cmd, n, peer)
                note = b.notes.get((cmd, n, peer))
                if o is not None and p:
                    ratio = "%.2f" % (o / p)
                elif o is not None and note:
                    ratio = "< %.3f" % (o / (b.cap * 1000))
                else:
                    ratio = "—"
                out.append("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
                    label, n, cell(cmd, n, ours), pname, cell(cmd, n, peer), ratio,
                    fmt_mib(b.rss.get((cmd, n, ours))), fmt_mib(b.rss.get((cmd, n, peer)))))
    return out


def figures(b, sizes, sizes_info, rows):
    """The table of medians, the instructions and the bytes on disk, as Markdown lines."""
    out = table(b, sizes, rows)
    if b.instr:
        out.append("")
        out += instructions(b)
    out.append("")
    out.append("Bytes on disk, as each tool wrote them (ours: the plist; calcurse: apts; task: its data files):")
    out.append("")
    out.append("| items | todo-tui | calcurse | task |")
    out.append("|---:|---:|---:|---:|")
    for n in sizes:
        by = sizes_info[n]["bytes"]
        out.append("| %d | %s | %s | %s |" % (n, *["{:,}".format(by[t]) for t in ("todo-tui", "calcurse", "task")]))
    return out


def instructions(b):
    """The callgrind counts beside the medians, as Markdown lines (none when not measured)."""
    if not b.instr:
        return []
    out = ["Instructions (valgrind --tool=callgrind, one run each) beside the medians:", "",
           "| at | what | instructions | ms |", "|---:|---|---:|---:|"]
    ms = {"list": ("list", "todo-tui"), "floor": ("list", "floor"), "calcurse -G": ("list", "calcurse"),
          "add": ("add", "todo-tui")}
    for (what, n), v in sorted(b.instr.items(), key=lambda kv: (kv[0][1], kv[1])):
        c, t = ms[what]
        out.append("| %d | %s | %.1f M | %s |" % (n, "todo-tui " + what if what in ("list", "add")
                                                  else what, v / 1e6, fmt_ms(b.median(c, n, t))))
    fl, li = b.instr.get(("floor", 10000)), b.instr.get(("list", 10000))
    if fl and li:
        out.append("")
        out.append("`list` at 10,000 runs %.1f× the instructions of the C floor." % (li / fl))
    return out


def targets(b, sizes, verdict, suffix=""):
    """The speed and memory targets of the commands (RESULTS.md's list) at `sizes`."""
    def med(cmd, n, tool):
        return b.median(cmd, n, tool)

    def ratio_target(cmd, peer, n, k, what):
        o, p = med(cmd, n, "todo-tui" if cmd != "json" else "json"), med(cmd, n, peer)
        if n not in sizes:
            return
        if o is None or p is None:
            verdict(what + suffix, False, "no figure")
            return
        verdict(what + suffix, o <= k * p, "%.2f×" % (o / p))

    for n, k in ((1000, 1.0), (10000, 0.5), (100000, 0.5)):
        ratio_target("list", "calcurse", n, k, "`list` ≤ %g× calcurse -G at %s" % (k, "{:,}".format(n)))
    for n in sizes:
        o, l = med("list", n, "json"), med("list", n, "todo-tui")
        if o is not None and l is not None:
            verdict("`list --json` ≤ 2× `list` at %s%s" % ("{:,}".format(n), suffix), o <= 2 * l,
                    "%.2f×" % (o / l))
        a = med("list", n, "agenda")
        if a is not None and l is not None:  # issue 38
            verdict("`agenda` ≤ 1.5× `list` at %s%s" % ("{:,}".format(n), suffix), a <= 1.5 * l,
                    "%.2f×" % (a / l))
    for cmd, peer in (("add", "task add"), ("complete", "task done")):
        for n, k in ((1000, 1.0), (10000, 0.5)):
            ratio_target(cmd, "task", n, k, "`%s` ≤ %g× %s at %s" % (cmd, k, peer, "{:,}".format(n)))
    if 100000 in sizes:
        v = med("badge", 100000, "todo-tui")
        verdict("`badge` ≤ 10 ms at 100,000" + suffix, v is not None and v <= 10, "%s ms" % fmt_ms(v))
        worst = max(((b.rss.get((c, 100000, t)) or 0, label) for c, t, label in (
            ("list", "todo-tui", "list"), ("list", "json", "list --json"), ("add", "todo-tui", "add"),
            ("complete", "todo-tui", "complete"), ("badge", "todo-tui", "badge"),
            ("version", "todo-tui", "--version"))))
        verdict("every command ≤ %d MiB at 100,000%s" % (MiB, suffix), 0 < worst[0] <= MiB * 1024,
                "largest %s MiB (%s)" % (fmt_mib(worst[0]), worst[1]))


FIELDS_INTRO = """With the fields of SPEC 8 on half the items (issue 26): the same items and
commands, and on every other item (gen.py's order) a note of about 200 characters,
2 tags and a priority (bench/fields.py), each tool in its own terms: ours the
note, tags and priority fields (`list` shows `!!!`/`!!`/`!`, `#tags` and `✎`);
Taskwarrior an annotation, tags and a priority (H, M, L); calcurse a note file
that the appointment names (it has no tags or priorities for appointments).
`--version` is not run again; the floor prints the marks too (checked byte for byte)."""


def render_fields(b, sizes, rounds, sizes_info):
    """The fields variant's section: its table, instructions, bytes and targets (marked "with the fields")."""
    out = ["### With the fields: a note, 2 tags and a priority on half the items", "", FIELDS_INTRO, ""]
    verdicts = []

    def verdict(what, held, value):
        verdicts.append((what, held, value))

    for n in sizes:
        si = sizes_info[n]
        out.append("- %d items: load %s before, %s after; busy after: %s." % (
            n, " ".join(si["load_before"]), " ".join(si["load_after"]), ", ".join(si["busy_after"]) or "nothing"))
    out.append("")
    out.append("Medians of %d interleaved rounds, ms, as above." % rounds)
    out.append("")
    out += figures(b, sizes, sizes_info, [r for r in ROWS if r[0] != "version"])
    targets(b, sizes, verdict, " (with the fields)")
    out.append("")
    out.append("Targets with the fields:")
    out.append("")
    for what, held, value in verdicts:
        out.append("- %s %s — %s" % ({True: "held", False: "MISSED", None: "not measured"}[held], what, value))
    return "\n".join(out) + "\n", verdicts


def render(b, sizes, rounds, info, sizes_info, notifier, nerr, plot_path):
    out = []
    verdicts = []

    def verdict(what, held, value):
        verdicts.append((what, held, value))

    out.append("todo-tui bench, %s — %s CPUs (%s), %s, %s, kernel %s; commit %s; "
               "load %s at start, %s at end; wall %d s" % (
                   info["date"], info["nproc"], info["cpu"], info["memory"], info["os"], info["kernel"],
                   info["commit"], " ".join(info["load_at_start"]), " ".join(info["load_at_end"]),
                   info["wall_seconds"]))
    out.append("")
    out.append("Busy at start (ps, ≥ 5%% CPU): %s." % (", ".join(info["busy_at_start"]) or "nothing"))
    for n in sizes:
        si = sizes_info[n]
        out.append("- %d items: load %s before, %s after; busy after: %s; calcurse %s its file." % (
            n, " ".join(si["load_before"]), " ".join(si["load_after"]), ", ".join(si["busy_after"]) or "nothing",
            "reordered" if si["calcurse_reordered"] else "kept the order of"))
    out.append("")
    out.append("Medians of %d interleaved rounds, ms, TZ=UTC for every process, output to a file; "
               "ratio = todo-tui / peer; peak RSS (/usr/bin/time -f %%M) of the first, unmeasured run." % rounds)
    out.append("")
    out += figures(b, sizes, sizes_info, ROWS)
    out.append("")
    out.append("Notifier (bench/notifier.sh):")
    out.append("")
    if notifier:
        for name, (value, unit) in notifier.items():
            out.append("- %s: %g %s" % (name, value, unit))
    if nerr:
        out.append("- %s" % nerr)

    # Targets.
    targets(b, sizes, verdict)
    vs = [x for n in sizes for x in b.times.get(("version", n, "todo-tui"), [])]
    if vs:
        vs.sort()
        v = vs[len(vs) // 2] * 1000
        verdict("`todo-tui --version` ≤ 3 ms", v <= 3, "%.2f ms (median of %d)" % (v, len(vs)))
    if notifier:
        late = notifier.get("notifier.lateness.max")
        idle = notifier.get("notifier.idle_wakeups")
        verdict("notifier lateness ≤ 1 s", late is not None and late[0] <= 1000,
                "max %g ms" % late[0] if late else "no figure")
        verdict("notifier: 0 wakeups while idle", idle is not None and idle[0] == 0,
                "%g a minute" % idle[0] if idle else "no figure")
    else:
        verdict("notifier lateness ≤ 1 s", None, nerr or "not run")
        verdict("notifier: 0 wakeups while idle", None, nerr or "not run")
    out.append("")
    out.append("Targets:")
    out.append("")
    for what, held, value in verdicts:
        out.append("- %s %s — %s" % ({True: "held", False: "MISSED", None: "not measured"}[held], what, value))
    if plot(b, sizes, plot_path):
        out.append("")
        out.append("Plot: %s" % os.path.basename(plot_path))
    return "\n".join(out) + "\n", verdicts


SERIES = [  # (panel, command, tool, title, dashed)
    (1, "list", "todo-tui", "todo-tui list", False),
    (1, "list", "json", "todo-tui list --json", False),
    (1, "badge", "todo-tui", "todo-tui badge", False),
    (1, "list", "floor", "C floor (list)", False),
    (1, "list", "calcurse", "calcurse -G", True),
    (1, "list", "task", "task list", True),
    (1, "badge", "task", "task +OVERDUE count", True),
    (2, "add", "todo-tui", "todo-tui add", False),
    (2, "complete", "todo-tui", "todo-tui complete", False),
    (2, "add", "task", "task add", True),
    (2, "complete", "task", "task N done", True),
]


def plot(b, sizes, path):
    """ms against items, log-log, with gnuplot: reading commands left, changing ones right."""
    if shutil.which("gnuplot") is None or len(sizes) < 2:
        return False
    data = path[:-4] + ".dat"
    with open(data, "w") as f:
        f.write("# items " + " ".join('"%s"' % s[3] for s in SERIES) + "\n")
        for n in sizes:
            vals = [b.median(c, n, t) for _, c, t, _, _ in SERIES]
            f.write("%d %s\n" % (n, " ".join("?" if v is None else "%.3f" % v for v in vals)))
    colours = {"todo-tui": "#1f77b4", "json": "#17becf", "floor": "#7f7f7f", "calcurse": "#2ca02c",
               "task": "#d62728"}
    lines = ['set terminal pngcairo size 1200,480 font "DejaVu Sans,10"', 'set output "%s"' % path,
             'set datafile missing "?"', "set logscale xy", "set grid", 'set xlabel "items"',
             'set ylabel "ms (median)"', "set key top left", "set xtics (%s)" % ", ".join(
                 '"%s" %d' % ("{:,}".format(n), n) for n in sizes),
             "set xrange [%g:%g]" % (sizes[0] / 1.3, sizes[-1] * 1.3), "set multiplot layout 1,2"]
    for panel, title in ((1, "reading: list, list --json, badge"), (2, "changing: add, complete")):
        lines.append('set title "%s"' % title)
        parts = []
        for k, (p, c, t, name, dashed) in enumerate(SERIES):
            if p != panel:
                continue
            col = colours[t if c != "badge" else t]
            pt = {"list": 7, "badge": 5, "add": 9, "complete": 11}.get(c, 7)
            parts.append("'%s' using 1:%d with linespoints lw 2 pt %d dt %d lc rgb '%s' title '%s'" % (
                data, k + 2, pt, 2 if dashed else 1, col if not (c == "badge" and t == "todo-tui")
                else "#9467bd", name))
        lines.append("plot " + ", ".join(parts))
    lines.append("unset multiplot")
    p = subprocess.run(["gnuplot"], input="\n".join(lines) + "\n", text=True, capture_output=True)
    return p.returncode == 0 and os.path.exists(path)


INTRO = """# Benchmark results

Written by `make bench` (`bench/run.sh`, `bench/bench.py`); the run below is
the last full one (1,000, 10,000 and 100,000 items, 7 rounds). Each run also
leaves `bench/results/bench-DATE.{md,json,png}`.

What it measures:

- **Same items, each tool's own data.** `/work/shared/bench/gen.py` (copied as
  `bench/gen.py`) writes Taskwarrior's import file and calcurse's appointments
  from one seed and one minute; our plist is made from Taskwarrior's file.
  Every tool gets title, due time and (where it keeps them) UUID and creation
  time; no project or priority. Then each tool writes its data itself: ours
  by `todo-tui import`, Taskwarrior by `task import`, calcurse by `calcurse
  -P` (load and save back with a filter that matches nothing), which puts its
  appointments in its own order. The run checks that a second `-P` changes
  nothing and that calcurse's appointments are Taskwarrior's items.
- **The commands.** `list` against `calcurse -G` (every item, in calcurse's
  file format: its only non-interactive command that prints all appointments)
  and `task list`; `list --json` against our own `list`; `add` (a past
  deadline) against `task add`; `complete` against `task N done` (the same
  item, Taskwarrior's highest ID, so nothing renumbers); `badge` against
  `task +OVERDUE count`; `--version` against `/bin/true`, `calcurse
  --version` and `task --version`. `bench/floor.c` is a plain C program that
  prints exactly our `list` lines from the same file (checked byte for byte):
  the physical limit.
- **Fair conditions.** `TZ=UTC` for every process (with `TZ` unset glibc
  re-reads `/etc/localtime` at each conversion, which slows calcurse about
  4×); a private `HOME`; output to a file; warm caches (a first, unmeasured
  run of each command, under `/usr/bin/time -f %M` for the peak RSS); the
  tools' commands in turn, round after round (7 rounds), medians; processes
  started with `posix_spawn` and reaped with a blocking `wait4`, so the
  harness adds about what `/bin/true` shows.
- **Every run checked.** Exit status 0 and the right output: the number of
  lines or tasks, the JSON's items, the badge's count, a UUID from `add`,
  "Completed" from `complete`. After each `add` and `complete` (ours and
  Taskwarrior's) an unmeasured `list` checks the pending count; for
  Taskwarrior it also absorbs the garbage collection that a `done` defers to
  the next command that reads, so neither side is charged for it. The add
  uses a past deadline: it needs no notification slot (with thousands of
  future items, an add that needs one would wait for it, SPEC 5).
- **Instructions** of `list`, `add`, the C floor and `calcurse -G` at 10,000
  items (valgrind's callgrind), which a busy machine does not change.
- **With the fields** (issue 26): the same commands again at 10,000 and
  100,000 items with, on half of them, a note of about 200 characters, 2 tags
  and a priority, each tool in its own terms (`bench/fields.py`: ours the
  fields of SPEC 8, Taskwarrior an annotation, tags and a priority, calcurse a
  note file); the same targets, marked "with the fields".

"""


def write_results_md(text, stamp, plot_path):
    """RESULTS.md: the intro and this run, then the sections after the last run's that were
    written by hand (other benchmarks), kept."""
    png = os.path.join(HERE, "plot.png")
    if os.path.exists(plot_path):
        shutil.copy(plot_path, png)
    path = os.path.join(HERE, "RESULTS.md")
    kept = ""
    if os.path.exists(path):
        old = open(path, encoding="utf-8").read()
        run = old.find("\n## Run ")
        after = old.find("\n## ", run + 1) if run >= 0 else -1
        if after >= 0:
            kept = old[after:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(INTRO)
        f.write("## Run %s\n\n" % stamp)
        if os.path.exists(png):
            f.write("![ms against items, log-log](plot.png)\n\n")
        f.write(text)
        f.write(kept)
