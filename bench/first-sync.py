#!/usr/bin/env python3
"""The first sync (issue 28: 100,000 items ≤ 3 s), one or more builds beside
the floor, interleaved: a data file of N items (bench/sync-scale.py's seed,
written by plistlib) synced into an empty vdir by each binary in turn, and
bench/sync-floor.c writing the same files into an empty folder of the same
file system, round after round, on each file system given (default: the
bench's TMPDIR folder and /dev/shm). Each process is timed from spawn to
wait4 and its CPU time (user + system) taken from wait4; every run is
checked (exit status, 'vdir: created' count, file count). Each folder is
removed and the file system synced before the next run, so that a removal's
kernel work does not land in the next run's time.

Prints, per file system and build: the median wall and CPU seconds, and the
median of the per-round ratios to the floor; and the load average.

Usage: bench/first-sync.py [--items 100000] [--rounds 3] [--fs DIR,DIR] BIN [BIN...]
"""
import argparse, importlib.util, os, shutil, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("sync_scale", os.path.join(here, "sync-scale.py"))
scale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scale)


def timed(argv, env=None):
    """(wall seconds, CPU seconds, output) of one process; exits on failure."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {out[-600:].decode(errors='replace')}")
    return t, ru.ru_utime + ru.ru_stime, out.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bins", nargs="+")
    ap.add_argument("--items", type=int, default=100000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--fs", default=os.environ.get("TMPDIR", "/tmp") + ",/dev/shm")
    a = ap.parse_args()
    bins = [os.path.abspath(b) for b in a.bins]
    work = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"todo-first-sync-{os.getpid()}")
    os.makedirs(work)
    floor = os.path.join(work, "sync-floor")
    subprocess.check_call(["cc", "-O2", "-o", floor, os.path.join(here, "sync-floor.c")])
    seedfile = os.path.join(work, "seed.plist")
    scale.seed(a.items, seedfile)
    load0 = open("/proc/loadavg").read().split()[:3]
    names = ["floor"] + [f"{k}:{os.path.basename(os.path.dirname(b))}/{os.path.basename(b)}"
                         for k, b in enumerate(bins)]
    res = {}  # (fs, name) -> [(wall, cpu)]
    try:
        for r in range(a.rounds):
            for fs in a.fs.split(","):
                base = os.path.join(fs, f"todo-first-sync-{os.getpid()}-r{r}")
                os.makedirs(base)
                # The floor copies the files of the first binary's vdir: made first, unmeasured when r > 0.
                order = list(range(len(bins)))
                order = order[r % len(order):] + order[: r % len(order)]
                source = None
                runs = [("bin", k) for k in order]
                runs.insert(r % (len(runs) + 1), ("floor", None))
                pending_floor = False
                for kind, k in runs:
                    if kind == "floor" and source is None:
                        pending_floor = True
                        continue
                    once(kind, k, base, bins, floor, seedfile, a.items, fs, names, res, source)
                    if source is None and kind == "bin":
                        source = os.path.join(base, f"b{k}", "vdir")
                        os.rename(source, os.path.join(base, "source"))
                        source = os.path.join(base, "source")
                    if pending_floor:
                        pending_floor = False
                        once("floor", None, base, bins, floor, seedfile, a.items, fs, names, res, source)
                if pending_floor:
                    once("floor", None, base, bins, floor, seedfile, a.items, fs, names, res, source)
                shutil.rmtree(base)
                os.sync()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load1 = open("/proc/loadavg").read().split()[:3]
    print(f"first sync of {a.items} items, {a.rounds} rounds, load {' '.join(load0)} at start, "
          f"{' '.join(load1)} at end; medians (wall s, CPU s), ratio = median of per-round wall / floor wall")
    for fs in a.fs.split(","):
        fl = [w for w, _ in res[(fs, "floor")]]
        for n in names:
            xs = res[(fs, n)]
            walls, cpus = [w for w, _ in xs], [c for _, c in xs]
            ratio = statistics.median(w / f for w, f in zip(walls, fl))
            print(f"{fs:12} {n:28} wall {statistics.median(walls):7.2f}  CPU {statistics.median(cpus):7.2f}  "
                  f"x floor {ratio:5.2f}   walls {' '.join('%.2f' % w for w in walls)}")


def once(kind, k, base, bins, floor, seedfile, n, fs, names, res, source=None):
    if kind == "floor":
        to = os.path.join(base, "floor")
        os.makedirs(to)
        os.sync()
        t, c, out = timed([floor, source, to])
        if out.strip() != str(n):
            sys.exit(f"the floor wrote {out.strip()} files, not {n}")
        res.setdefault((fs, "floor"), []).append((t, c))
        shutil.rmtree(to)
        os.sync()
        return
    d = os.path.join(base, f"b{k}")
    os.makedirs(os.path.join(d, "vdir"))
    shutil.copy(seedfile, os.path.join(d, "todos.plist"))
    os.sync()
    t, c, out = timed([bins[k], "sync"], scale.env_for(d))
    got = scale.ics_count(os.path.join(d, "vdir"))
    if got != n or f"vdir: created" not in out:
        sys.exit(f"{bins[k]}: the first sync wrote {got} files, not {n}: {out[-300:]}")
    res.setdefault((fs, names[k + 1]), []).append((t, c))
    vd = os.path.join(d, "vdir")
    if not os.path.exists(os.path.join(base, "source")):
        return  # kept as the floor's source
    shutil.rmtree(d)
    os.sync()


if __name__ == "__main__":
    main()
