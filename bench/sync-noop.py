#!/usr/bin/env python3
"""A sync with nothing to do, builds side by side, interleaved (issue 28.4:
≤ 50 ms at 10,000 items, and the vdir root of 5 collection folders of
bench/lists-subtasks.py): each PAIR is a data file and its vdir (a single
folder or a root) already synced; every round runs `sync` once for each
build and pair in turn (rotated), checks it says "nothing to do", and takes
its wall time (spawn to wait4) and CPU time (wait4). Prints medians and the
load average.

Usage: bench/sync-noop.py [--rounds 21] --pair NAME=DATAFILE:VDIR [--pair ...] BIN [BIN...]
(bench/lists-subtasks.py --keep leaves such pairs: N/lists/todos.plist with N/vdir-lists,
N/ours/todos.plist with N/vdir-plain.)
"""
import argparse, os, statistics, subprocess, sys, time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bins", nargs="+")
    ap.add_argument("--pair", action="append", required=True)
    ap.add_argument("--rounds", type=int, default=21)
    a = ap.parse_args()
    pairs = []
    for p in a.pair:
        name, rest = p.split("=", 1)
        data, vdir = rest.split(":", 1)
        pairs.append((name, data, vdir))
    runs = [(b, p) for b in a.bins for p in pairs]
    times = {r: [] for r in range(len(runs))}
    cpus = {r: [] for r in range(len(runs))}
    load0 = open("/proc/loadavg").read().split()[:3]
    for k in range(a.rounds + 1):
        order = list(range(len(runs)))
        order = order[k % len(order):] + order[: k % len(order)]
        for r in order:
            b, (name, data, vdir) = runs[r]
            env = dict(os.environ, TZ="UTC", LC_ALL="C.UTF-8", TODO_TUI_FILE=data, TODO_TUI_VDIR=vdir)
            t0 = time.perf_counter()
            p = subprocess.Popen([b, "sync"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            out = p.stdout.read()
            _, status, ru = os.wait4(p.pid, 0)
            t = time.perf_counter() - t0
            if os.waitstatus_to_exitcode(status) != 0 or out.strip() != b"nothing to do":
                sys.exit(f"{b} sync ({name}) did: {out[-300:]!r}")
            if k > 0:  # the first round warms the caches (and writes what a first quick sync writes)
                times[r].append(t * 1000)
                cpus[r].append((ru.ru_utime + ru.ru_stime) * 1000)
    load1 = open("/proc/loadavg").read().split()[:3]
    print(f"sync, nothing to do: {a.rounds} interleaved rounds, load {' '.join(load0)} at start, "
          f"{' '.join(load1)} at end; medians, ms")
    for r, (b, (name, _, _)) in enumerate(runs):
        print(f"{b:40} {name:10} wall {statistics.median(times[r]):7.2f}  CPU {statistics.median(cpus[r]):7.2f}")


if __name__ == "__main__":
    main()
