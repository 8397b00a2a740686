#!/usr/bin/env python3
"""What subtasks cost (SPEC 9): `list`, `badge`, `add` and `complete` on the
same 10,000 items (bench/workload.py's) without a parent anywhere ("flat"), and
with 2,000 of them subtasks of 500 others ("tree"), interleaved round by round.

  subtasks.py TODO_BIN [--items 10000] [--subtasks 2000] [--rounds 15]

A file with subtasks sends `list` to its general path (the tree order) and
every entry with a parent to the splicing writer's slow check (a change asks
for the subtasks below the items it touches); a file without any pays nothing.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import workload  # noqa: E402
from bench import run  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("--items", type=int, default=10000)
    ap.add_argument("--subtasks", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=15)
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    d = tempfile.mkdtemp(prefix="todo-subtasks-")
    try:
        bench(binary, a.items, a.subtasks, a.rounds, d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def bench(binary, n, subtasks, rounds, d):
    gen = os.path.join(d, "gen")
    os.makedirs(gen)
    workload.generate(n, gen)
    items = workload.tw_items(gen)
    src = os.path.join(d, "items.plist")
    workload.write_plist(items, src)
    env = {"PATH": "/usr/bin:/bin", "HOME": d, "TZ": "UTC", "LC_ALL": "C.UTF-8", "TERM": "dumb",
           "NO_COLOR": "1", "TODO_TUI_NOTIFY": "/bin/true"}
    out = os.path.join(d, "out")

    def must(argv, file):
        _, _, code = run([binary] + argv, dict(env, TODO_TUI_FILE=file), 600, out)
        if code != 0:
            raise SystemExit("%s failed: %s" % (argv, open(out + ".err").read()[:300]))

    flat = os.path.join(d, "flat.plist")
    must(["import", src], flat)
    # The tree: the same items, 2,000 of them (4 each) under 500 pending others.
    must(["export", "--format", "json"], flat)
    exported = json.load(open(out))
    pending = [i for i in exported if not i.get("completed") and not i.get("cancelled")]
    parents = pending[: subtasks // 4]
    children = pending[len(parents): len(parents) + subtasks]
    for k, c in enumerate(children):
        c["parent"] = parents[k // 4]["uid"]
    tree_json = os.path.join(d, "tree.json")
    json.dump(exported, open(tree_json, "w"))
    tree = os.path.join(d, "tree.plist")
    must(["import", tree_json], tree)
    files = {"flat": flat, "tree": tree}
    plain = pending[-1]["id"][:8]  # a pending item with no subtask in either file
    work = os.path.join(d, "work.plist")
    cmds = {
        "list": (False, ["list"]),
        "badge": (False, ["badge"]),
        "add": (True, ["add", "Bench added item", "--due", "2026-01-01 09:00"]),
        "complete": (True, ["complete", plain]),
    }
    times = {(c, f): [] for c in cmds for f in files}
    for r in range(rounds):
        order = ["flat", "tree"] if r % 2 == 0 else ["tree", "flat"]
        for c, (changes, args) in cmds.items():
            for f in order:
                path = files[f]
                if changes:
                    shutil.copyfile(files[f], work)
                    path = work
                t, _, code = run([binary] + args, dict(env, TODO_TUI_FILE=path), 60, out)
                if code != 0:
                    raise SystemExit("%s %s failed: %s" % (f, c, open(out + ".err").read()[:300]))
                times[(c, f)].append(t * 1000)
    print("%d items, %d of them subtasks in 'tree'; %d rounds, interleaved (medians in ms; "
          "ratio tree/flat per round: median [min-max])" % (n, subtasks, rounds))
    for c in cmds:
        fl, tr = times[(c, "flat")], times[(c, "tree")]
        ratios = sorted(x / y for x, y in zip(tr, fl))
        print("  %-9s flat %8.2f  tree %8.2f  ratio %.2f [%.2f-%.2f]" % (
            c, statistics.median(fl), statistics.median(tr), statistics.median(ratios), ratios[0], ratios[-1]))


if __name__ == "__main__":
    main()
