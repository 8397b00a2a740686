#!/usr/bin/env python3
"""Sync at scale (issue 28.4), run by `make bench`: for N items (10,000 and
100,000 by default) a data file (titles and deadlines over 30 days, written
by plistlib, as bench/sync-bench.sh makes it) and a vdir, through the release
binary:

- the first sync into an empty vdir (on the bench's folder, and on tmpfs when
  /dev/shm is writable), beside bench/sync-floor.c: the same files written
  into an empty folder of the same file system with nothing else done;
- a sync with nothing to do, and its peak RSS;
- one change here, one change there (a full sync: what a change costs);
- vdirsyncer's own `vdirsyncer sync` with nothing to do, over the same vdir:
  two filesystem storages, the vdir and a copy of it, after a first sync:
  the engine a user of vdirsyncer runs alone;
- `import` of our own JSON export against `import` of our plist export of
  the same items (into an empty data file).

Medians of interleaved runs; each process timed from spawn to wait4, its
CPU time from wait4's rusage, its peak RSS from /usr/bin/time. Every run is checked (exit status, output,
file count). Prints a markdown section (also to OUT when set).

Usage: TODO_BIN=.build/release/todo-tui [OUT=file.md] bench/sync-scale.py [--sizes 10000,100000]
       [--import-only ROUNDS] (the import rows alone, printed)
"""
import argparse, datetime as dt, os, plistlib, random, shutil, statistics, subprocess, sys, time, uuid

here = os.path.dirname(os.path.abspath(__file__))
todo = os.path.abspath(os.environ.get("TODO_BIN", os.path.join(here, "../.build/release/todo-tui")))


cpu = {"last": 0.0}


def run(argv, env=None, want=0, cwd=None):
    """(seconds, peak RSS in MiB, stdout) of one process, reaped with wait4; its CPU
    seconds (user + system) in cpu["last"]. The peak RSS is /usr/bin/time's (%M):
    wait4's own would count this harness's pages, copied into the child by fork."""
    out = open(os.path.join(work, "out.txt"), "w+b")
    rssfile = os.path.join(work, "rss.txt")
    t0 = time.perf_counter()
    p = subprocess.Popen(
        ["/usr/bin/time", "-f", "%M", "-o", rssfile] + argv, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=cwd
    )
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    cpu["last"] = ru.ru_utime + ru.ru_stime
    p.returncode = os.waitstatus_to_exitcode(status)
    out.seek(0)
    text = out.read().decode(errors="replace")
    out.close()
    if p.returncode != want:
        sys.exit(f"{' '.join(argv)} exited {p.returncode}: {text[-800:]}")
    rss = int(open(rssfile).read().split()[-1]) / 1024
    return t, rss, text


def seed(n, path):
    rng = random.Random(20261123)
    now = dt.datetime(2030, 1, 1, 8, 0)
    words = "call email pay renew book review fix buy schedule write submit prepare".split()
    items = {}
    for i in range(n):
        u = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        due = now + dt.timedelta(minutes=rng.randrange(30 * 24 * 60))
        title = "%s %s #%d" % (rng.choice(words).capitalize(), rng.choice(words), i)
        items[u] = {"UUID": u, "title": title, "deadline": due, "created": now, "modified": now}
    with open(path, "wb") as f:
        plistlib.dump({"formatVersion": 1, "todoItems": items}, f, fmt=plistlib.FMT_XML)


def env_for(d):
    e = dict(os.environ, TZ="UTC", LC_ALL="C.UTF-8", HOME=d)
    e["TODO_TUI_FILE"] = os.path.join(d, "todos.plist")
    e["TODO_TUI_VDIR"] = os.path.join(d, "vdir")
    return e


def ics_count(d):
    return sum(1 for n in os.listdir(d) if n.endswith(".ics"))


def first_sync(base, n, seedfile, k):
    d = os.path.join(base, f"first{k}")
    os.makedirs(os.path.join(d, "vdir"))
    shutil.copy(seedfile, os.path.join(d, "todos.plist"))
    os.sync()
    t, rss, text = run([todo, "sync"], env_for(d))
    if ics_count(os.path.join(d, "vdir")) != n:
        sys.exit(f"the first sync wrote {ics_count(os.path.join(d, 'vdir'))} files, not {n}: {text[-300:]}")
    return d, t, rss


def med(xs):
    return statistics.median(xs)


def import_rows(n, rounds, base, seedfile):
    """(JSON median, plist median, median of the per-round ratios) of `import`
    of our own export of the seed into an empty data file, interleaved."""
    # JSON import against plist import of the same items.
    e = env_for(base)
    exp = {}
    for fmt in ["json", "plist"]:
        exp[fmt] = os.path.join(base, "items." + fmt)
        with open(exp[fmt], "w") as f:
            f.write(run([todo, "export", "--format", fmt, "--file", seedfile], e)[2])
    times = {"json": [], "plist": []}
    cpus = {"json": [], "plist": []}
    ratios = []
    for _ in range(rounds["import"]):
        for fmt in ["plist", "json"]:
            target = os.path.join(base, "imported.plist")
            for p in [target, target + ".lock"]:
                if os.path.exists(p):
                    os.remove(p)
            t, _, text = run([todo, "import", exp[fmt], "--file", target], e)
            if f"Imported {n} items" not in text:
                sys.exit(f"import {fmt}: {text[-300:]}")
            times[fmt].append(t)
            cpus[fmt].append(cpu["last"])
        ratios.append(times["json"][-1] / times["plist"][-1])
    return med(times["json"]), med(times["plist"]), med(ratios), med(cpus["json"]), med(cpus["plist"])


def size_rows(n, rounds):
    rows = {}
    base = os.path.join(work, f"n{n}")
    os.makedirs(base)
    seedfile = os.path.join(base, "seed.plist")
    seed(n, seedfile)
    # First sync: ours on this file system, the floor on it, ours on tmpfs.
    shm = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    firsts, rsss, floors, shms, first_cpu, shm_cpu = [], [], [], [], [], []
    kept = None
    for k in range(rounds["first"]):
        # On the disk (a folder of N files is slow to make and to remove here): the first rounds only.
        if k < rounds["disk"]:
            d, t, rss = first_sync(base, n, seedfile, k)
            firsts.append(t)
            rsss.append(rss)
            first_cpu.append(cpu["last"])
            copy = os.path.join(base, f"floor{k}")
            os.makedirs(copy)
            os.sync()
            t, _, text = run([floor, os.path.join(d, "vdir"), copy])
            if text.strip() != str(n):
                sys.exit(f"the floor wrote {text.strip()} files, not {n}")
            floors.append(t)
            shutil.rmtree(copy)
            if kept is None:
                kept = d
            else:
                shutil.rmtree(d)
        if shm:
            s = os.path.join(shm, f"todo-sync-scale-{os.getpid()}")
            os.makedirs(s)
            try:
                d2, t, _ = first_sync(s, n, seedfile, k)
                shms.append(t)
                shm_cpu.append(cpu["last"])
            finally:
                shutil.rmtree(s)
    rows["first"] = (med(firsts), med(rsss), med(first_cpu))
    rows["floor"] = med(floors)
    rows["tmpfs"] = (med(shms), med(shm_cpu)) if shms else None
    # vdirsyncer over the same vdir: a pair of two filesystem storages, the vdir and a copy.
    e = env_for(kept)
    vd = os.path.join(kept, "vdir")
    copy = os.path.join(kept, "copy")
    shutil.copytree(vd, copy)
    conf = os.path.join(kept, "vdirsyncer.conf")
    with open(conf, "w") as f:
        f.write(
            f'[general]\nstatus_path = "{kept}/vs-status/"\n\n[pair bench]\na = "here"\nb = "there"\n'
            f'collections = null\n\n[storage here]\ntype = "filesystem"\npath = "{vd}/"\nfileext = ".ics"\n\n'
            f'[storage there]\ntype = "filesystem"\npath = "{copy}/"\nfileext = ".ics"\n'
        )
    vs = shutil.which("vdirsyncer")
    vs_first = vs_noop = vs_rss = None
    if vs:
        run([vs, "-c", conf, "discover"], e)
        vs_first, _, _ = run([vs, "-c", conf, "sync"], e)
    # Nothing to do: ours, and vdirsyncer's, in turn.
    noop, noop_rss, noop_cpu, vsn, vsr, vsc = [], [], [], [], [], []
    for _ in range(rounds["noop"]):
        t, rss, text = run([todo, "sync"], e)
        if text.strip() != "nothing to do":
            sys.exit(f"a sync with nothing to do did: {text[-300:]}")
        noop.append(t)
        noop_rss.append(rss)
        noop_cpu.append(cpu["last"])
        if vs:
            t, rss, text = run([vs, "-c", conf, "sync"], e)
            if "Copying" in text or "Deleting" in text:
                sys.exit(f"vdirsyncer had something to do: {text[-300:]}")
            vsn.append(t)
            vsr.append(rss)
            vsc.append(cpu["last"])
    rows["noop"] = (med(noop), med(noop_rss), med(noop_cpu))
    if vs:
        vs_noop, vs_rss = med(vsn), med(vsr)
    rows["vdirsyncer"] = (vs_first, vs_noop, vs_rss, med(vsc) if vsc else None)
    # One change here, one change there: what a change costs.
    ids = [x["id"] for x in __import__("json").loads(run([todo, "list", "--json"], e)[2])][:2 * rounds["change"]]
    here_, there = [], []
    names = sorted(n for n in os.listdir(vd) if n.endswith(".ics"))
    for k in range(rounds["change"]):
        run([todo, "edit", ids[k], "--title", f"changed here {k}"], e)
        t, _, text = run([todo, "sync"], e)
        if "vdir: updated" not in text:
            sys.exit(f"one change here: {text[-300:]}")
        here_.append(t)
        p = os.path.join(vd, names[-1 - k])
        body = open(p, encoding="utf-8").read()
        cr = "\r" if "\r\n" in body else ""
        lines = [("SUMMARY:changed there %d" % k + cr) if l.startswith("SUMMARY:") else l for l in body.split("\n")]
        with open(p, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        t, _, text = run([todo, "sync"], e)
        if "list: updated" not in text:
            sys.exit(f"one change there: {text[-300:]}")
        there.append(t)
    rows["here"], rows["there"] = med(here_), med(there)
    shutil.rmtree(kept)
    rows["import"] = import_rows(n, rounds, base, seedfile)
    shutil.rmtree(base)
    return rows


def main():
    global work, floor
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--import-only", type=int, metavar="ROUNDS", help="only the import rows, ROUNDS rounds a size")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    work = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"todo-sync-scale-{os.getpid()}")
    os.makedirs(work)
    if args.import_only:
        try:
            for n in sizes:
                base = os.path.join(work, f"n{n}")
                os.makedirs(base)
                seed(n, os.path.join(base, "seed.plist"))
                j, p, ratio, jc, pc = import_rows(n, {"import": args.import_only}, base, os.path.join(base, "seed.plist"))
                print(
                    f"import {n}: JSON {j * 1000:.0f} ms (CPU {jc * 1000:.0f}), plist {p * 1000:.0f} ms "
                    f"(CPU {pc * 1000:.0f}), ratio {ratio:.2f} (median of {args.import_only} interleaved rounds)"
                )
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
    try:
        floor = os.path.join(work, "sync-floor")
        subprocess.check_call(["cc", "-O2", "-o", floor, os.path.join(here, "sync-floor.c")])
        load0 = open("/proc/loadavg").read().split()[:3]
        start = time.time()
        results = {}
        for n in sizes:
            small = n <= 20000
            rounds = {"first": 5 if small else 3, "disk": 3 if small else 1, "noop": 9 if small else 7}
            rounds.update({"change": 3, "import": 5 if small else 3})
            results[n] = (size_rows(n, rounds), rounds)
        load1 = open("/proc/loadavg").read().split()[:3]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    vsv = subprocess.run(["vdirsyncer", "--version"], capture_output=True, text=True).stdout.strip() or "absent"
    commit = subprocess.run(
        ["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    L = []
    L.append(f"## Sync at scale ({dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC, commit `{commit}`)\n")
    L.append(
        f"`bench/sync-scale.py`: {os.cpu_count()} CPUs, load {' '.join(load0)} at start, {' '.join(load1)} at end, "
        f"wall {time.time() - start:.0f} s; {vsv}. Medians of interleaved runs.\n"
    )
    L.append(
        "Wall ms, and in brackets the CPU time (user + system, from wait4) and peak RSS (/usr/bin/time): "
        "on a shared machine the CPU time is the steadier figure.\n"
    )
    L.append("| figure | items | runs | todo-tui | beside it | target | held |")
    L.append("|---|---:|---:|---:|---|---|---|")

    def ms(x):
        return "–" if x is None else f"{x * 1000:.0f}"

    def held(ok):
        return "–" if ok is None else ("yes" if ok else "NO")

    for n, (r, rounds) in results.items():
        noop, noop_rss, noop_cpu = r["noop"]
        first, first_rss, first_cpu = r["first"]
        vs_first, vs_noop, vs_rss, vs_cpu = r["vdirsyncer"]
        big = n >= 100000
        tgt, ok = ("≤ 400 ms, ≤ 60 MiB", noop <= 0.4 and noop_rss <= 60) if big else ("≤ 50 ms", noop <= 0.05)
        vs = "–" if vs_noop is None else f"vdirsyncer sync, nothing to do: {ms(vs_noop)} (CPU {ms(vs_cpu)}, {vs_rss:.1f} MiB)"
        L.append(
            f"| sync, nothing to do | {n} | {rounds['noop']} | {ms(noop)} (CPU {ms(noop_cpu)}, {noop_rss:.1f} MiB) "
            f"| {vs} | {tgt} | {held(ok)} |"
        )
        L.append(
            f"| first sync, empty vdir | {n} | {rounds['disk']} | {ms(first)} (CPU {ms(first_cpu)}, {first_rss:.0f} MiB) | "
            f"floor (sync-floor.c, same files, same file system): {ms(r['floor'])}; "
            f"vdirsyncer's first sync of the vdir with a copy: {ms(vs_first)} | "
            f"{'≤ 3000 ms' if big else '–'} | {held(first <= 3 if big else None)} |"
        )
        if r["tmpfs"] is not None:
            t, c = r["tmpfs"]
            L.append(
                f"| first sync, data and vdir on tmpfs | {n} | {rounds['first']} | {ms(t)} (CPU {ms(c)}) | – | "
                f"{'≤ 3000 ms' if big else '–'} | {held(t <= 3 if big else None)} |"
            )
        L.append(f"| sync, one change here | {n} | {rounds['change']} | {ms(r['here'])} | – | – | – |")
        L.append(f"| sync, one change there | {n} | {rounds['change']} | {ms(r['there'])} | – | – | – |")
        j_, p, ratio, jc, pc = r["import"]
        L.append(
            f"| import of our JSON export | {n} | {rounds['import']} | {ms(j_)} (CPU {ms(jc)}) | "
            f"plist import: {ms(p)} (CPU {ms(pc)}); "
            f"ratio {ratio:.2f} (median of rounds) | ≤ 2× plist | {held(ratio <= 2)} |"
        )
    text = "\n".join(L) + "\n"
    print(text)
    if os.environ.get("OUT"):
        os.makedirs(os.path.dirname(os.environ["OUT"]) or ".", exist_ok=True)
        with open(os.environ["OUT"], "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
