#!/usr/bin/env python3
"""Two builds of todo-tui side by side: `make bench-compare BASE=/path/to/old/todo-tui`.

A refactor must not cost speed. This runs the commands the performance targets
name (`list`, `badge`, `add`, `complete`) with the old and the new binary on the
same data file (written by the old binary's own `import` of bench/workload.py's
items), interleaved round by round with the order alternating, and prints each
command's median for both and the ratio new/old with its spread across rounds.

  compare.py OLD NEW [--sizes 10000,100000] [--rounds 15]

Both binaries must read the file the old one wrote; a changing command starts
from a fresh copy of that file in every round, and its output is checked.
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import workload  # noqa: E402
from bench import run  # noqa: E402  (posix_spawn + wait4: little harness time)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--rounds", type=int, default=15)
    a = ap.parse_args()
    bins = {"old": os.path.abspath(a.old), "new": os.path.abspath(a.new)}
    base = tempfile.mkdtemp(prefix="todo-compare-")
    try:
        for n in [int(s) for s in a.sizes.split(",")]:
            compare(n, bins, a.rounds, base)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def compare(n, bins, rounds, base):
    d = os.path.join(base, str(n))
    gen = os.path.join(d, "gen")
    os.makedirs(gen)
    workload.generate(n, gen)
    items = workload.tw_items(gen)
    src = os.path.join(d, "items.plist")
    workload.write_plist(items, src)
    pristine = os.path.join(d, "pristine.plist")
    env = {"PATH": "/usr/bin:/bin", "HOME": d, "TZ": "UTC", "LC_ALL": "C.UTF-8", "TERM": "dumb",
           "NO_COLOR": "1", "TODO_TUI_NOTIFY": "/bin/true", "TODO_TUI_FILE": pristine}
    out = os.path.join(d, "out")
    _, _, code = run([bins["old"], "import", src], env, 600, out)
    if code != 0:
        raise SystemExit("import failed: " + open(out + ".err").read())
    work = os.path.join(d, "work.plist")
    wenv = dict(env, TODO_TUI_FILE=work)
    short = items[n // 2]["uuid"][:8]

    def fresh():
        shutil.copyfile(pristine, work)

    cmds = {
        "list": (lambda: None, ["list"]),
        "badge": (lambda: None, ["badge"]),
        "add": (fresh, ["add", "Bench added item", "--due", "2026-01-01 09:00"]),
        "complete": (fresh, ["complete", short]),
    }
    times = {(c, b): [] for c in cmds for b in bins}
    fresh()
    for r in range(rounds):
        order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
        for c, (prep, args) in cmds.items():
            for b in order:
                prep()
                t, _, code = run([bins[b]] + args, wenv, 60, out)
                if code != 0:
                    raise SystemExit("%s %s failed: %s" % (b, c, open(out + ".err").read()[:300]))
                times[(c, b)].append(t * 1000)
    print("%d items, %d rounds, interleaved (medians in ms; ratio new/old per round: median [min-max])" % (n, rounds))
    for c in cmds:
        o, w = times[(c, "old")], times[(c, "new")]
        ratios = sorted(x / y for x, y in zip(w, o))
        print("  %-9s old %8.2f  new %8.2f  ratio %.3f [%.2f-%.2f]" % (
            c, statistics.median(o), statistics.median(w), statistics.median(ratios), ratios[0], ratios[-1]))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
