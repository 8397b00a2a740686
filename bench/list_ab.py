#!/usr/bin/env python3
"""`todo-tui list` of two binaries on the same data files, interleaved round after round:
the median wall time and CPU time (user + system, from wait4) of each binary on each file.

Usage: bench/list_ab.py A_BIN B_BIN FILE.plist [FILE.plist ...] [--rounds 9] [--json]
Each file is read as TODO_TUI_FILE (TZ=UTC, C.UTF-8, NO_COLOR); the output is discarded.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time


def once(binary, plist, args, home):
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "TZ": "UTC", "LC_ALL": "C.UTF-8", "TERM": "dumb",
           "NO_COLOR": "1", "TODO_TUI_FILE": plist, "TODO_TUI_NOTIFY": "/bin/true"}
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "list"] + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1000
    if status != 0:
        raise RuntimeError("%s on %s: %s" % (binary, plist, p.stderr.read()[-300:]))
    return wall, (ru.ru_utime + ru.ru_stime) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bins", nargs=2, help="A_BIN B_BIN")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--json", action="store_true")
    o = ap.parse_args()
    o.a, o.b = o.bins
    args = ["--json"] if o.json else []
    home = tempfile.mkdtemp()
    got = {(b, f): [] for b in (o.a, o.b) for f in o.files}
    for _ in range(o.rounds):
        for f in o.files:
            for b in (o.a, o.b):
                got[(b, f)].append(once(b, f, args, home))
    print("| file | A wall ms | B wall ms | B/A | A CPU ms | B CPU ms | B/A |")
    print("|---|---|---|---|---|---|---|")
    for f in o.files:
        a = got[(o.a, f)]
        b = got[(o.b, f)]
        aw, bw = statistics.median(x[0] for x in a), statistics.median(x[0] for x in b)
        ac, bc = statistics.median(x[1] for x in a), statistics.median(x[1] for x in b)
        print("| %s | %.1f | %.1f | %.2f× | %.1f | %.1f | %.2f× |" % (
            os.path.basename(f), aw, bw, bw / aw, ac, bc, bc / ac))
    print("load at end: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
