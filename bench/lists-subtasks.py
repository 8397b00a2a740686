#!/usr/bin/env python3
"""Issue 27's bench line, run by `make bench`: list, add, complete, badge and
sync with 10,000 items in 5 lists with 2,000 subtasks ("lists"), beside the
same commands on the plain 10,000 items ("plain", one list, no subtask) and
the peers of bench/RESULTS.md's targets, in the same run, interleaved.

The items are bench.py's: /work/shared/bench/gen.py's for Taskwarrior and
calcurse (bench/workload.py, bench.Setup), our plain file written by our own
`import`. The lists file is written by our CLI too: `lists add` for four more
lists (five with the default `Tasks`), then `import` of our own JSON export of
the plain file with `list` set round-robin and `parent` set on 2,000 items
(4 each under 500 others). Targets (bench/RESULTS.md, at 10,000): `list` ≤ 0.5×
`calcurse -G`, `add` ≤ 0.5× `task add`, `complete` ≤ 0.5× `task N done`,
`badge` ≤ 10 ms, every command ≤ 40 MiB.

Sync: the plain file with a single-folder vdir, the lists file with a vdir
root of 5 collection folders (an empty folder is a root when the file has
several lists, README "Lists"); a first sync of each (unmeasured, checked:
10,000 files, in 1 or 5 folders), then a sync with nothing to do, and one
change here (an edit, then the sync timed), interleaved.

  lists-subtasks.py TODO_BIN [--rounds 9]   (OUT=file.md also writes the section there)
"""
import argparse
import datetime as dt
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import PAST, UUID_RE, Setup, output, run, task_count  # noqa: E402

LISTS = ["Tasks", "Work", "Personal", "Groceries", "Errands"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin")
    ap.add_argument("--items", type=int, default=10000)
    ap.add_argument("--subtasks", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--keep", action="store_true", help="keep the files (their folder is printed)")
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    base = tempfile.mkdtemp(prefix="todo-lists-subtasks-")
    try:
        started = time.time()
        load0 = open("/proc/loadavg").read().split()[:3]
        text = bench(binary, a.items, a.subtasks, a.rounds, base)
        load1 = open("/proc/loadavg").read().split()[:3]
    finally:
        if a.keep:
            print("kept: " + base)
        else:
            shutil.rmtree(base, ignore_errors=True)
    head = ("## Lists and subtasks (issue 27), %s UTC\n\n`bench/lists-subtasks.py`: %d CPUs, load %s at start, "
            "%s at end, wall %.0f s.\n" % (dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M"),
                                           os.cpu_count(), " ".join(load0), " ".join(load1),
                                           time.time() - started))
    text = head + text
    print(text)
    if os.environ.get("OUT"):
        os.makedirs(os.path.dirname(os.environ["OUT"]) or ".", exist_ok=True)
        with open(os.environ["OUT"], "w") as f:
            f.write(text)


def bench(binary, n, subtasks, rounds, base):
    s = Setup(n, base, binary, 60, lambda *_: None)
    out = s.out

    def must(argv, env, want=None, cap=600):
        _, _, code = run(argv, env, cap, out)
        got = output(out).decode(errors="replace")
        if code != 0 or (want is not None and want not in got):
            raise SystemExit("%s exited %d: %s %s" % (" ".join(argv), code, got[-300:],
                                                      output(out + ".err").decode(errors="replace")[-300:]))
        return got

    plain = s.plist
    lists = os.path.join(s.dir, "lists", "todos.plist")
    os.makedirs(os.path.dirname(lists))
    env = {"plain": s.env, "lists": dict(s.env, TODO_TUI_FILE=lists)}
    # The lists file: four lists more through `lists add`, then our JSON with list and parent set.
    for name in LISTS[1:]:
        must([binary, "lists", "add", name], env["lists"])
    exported = json.loads(must([binary, "export", "--format", "json"], s.env))
    pending = [i for i in exported if not i.get("completed")]
    parents = pending[: subtasks // 4]
    children = pending[len(parents): len(parents) + subtasks]
    # The JSON's `list` is the list's id: null for the default one, else the slug `lists add`
    # gave it (checked below by the counts `lists` shows). Items of a list the file does not
    # have would count in the default list and sync to its folder.
    for k, item in enumerate(exported):
        item["list"] = None if k % len(LISTS) == 0 else LISTS[k % len(LISTS)].lower()
    for k, c in enumerate(children):
        c["parent"] = parents[k // 4]["uid"]
    src = os.path.join(s.dir, "lists.json")
    json.dump(exported, open(src, "w"))
    must([binary, "import", src], env["lists"], "Imported %d items: %d new" % (n, n))
    shown = must([binary, "lists"], env["lists"])
    for k, name in enumerate(LISTS):
        want = len(range(k, n, len(LISTS)))
        if not re.search(r"^[* ] %s +%d pending$" % (name, want), shown, re.M):
            raise SystemExit("lists: not %d items in %s: %r" % (want, name, shown))
    tree = json.loads(must([binary, "list", "--json"], env["lists"]))
    got_parents = sum(1 for i in tree if i.get("parent"))
    if got_parents != subtasks:
        raise SystemExit("the lists file holds %d subtasks, not %d" % (got_parents, subtasks))

    parent_uids = {p["uid"].upper() for p in parents}
    # Items to complete, one a round in each file: the generated ones from the end, never a parent.
    to_complete = [t for t in reversed(s.items) if t["uuid"].upper() not in parent_uids]
    pending_n = {"plain": n, "lists": n, "task": n}
    times, rss = {}, {}

    def timed(key, argv, e, check, first):
        t, peak, code = run(argv, e, 60, out, rss=first)
        o = output(out)
        if code != 0:
            raise SystemExit("%s exited %d: %s" % (" ".join(argv), code, output(out + ".err")[-300:]))
        why = check(o)
        if why:
            raise SystemExit("%s: %s" % (" ".join(argv), why))
        if first:
            rss[key] = peak
        else:
            times.setdefault(key, []).append(t * 1000)

    def lines(want):
        return lambda o: None if o.count(b"\n") == want else "%d lines, not %d" % (o.count(b"\n"), want)

    def read_task():
        run(["task", "list"], s.tw_env, 180, out)
        if task_count(output(out)) != pending_n["task"]:
            raise SystemExit("task list shows %d, not %d" % (task_count(output(out)), pending_n["task"]))

    b = binary
    for r in range(rounds + 1):
        first = r == 0
        order = ["plain", "lists"] if r % 2 == 0 else ["lists", "plain"]
        for f in order:
            timed(("list", f), [b, "list"], env[f], lines(pending_n[f]), first)
        timed(("list", "calcurse -G"), ["calcurse", "-D", s.cc, "-G"], s.cc_env, lines(n), first)
        for f in order:
            timed(("badge", f), [b, "badge"], env[f],
                  lambda o: None if o.strip().isdigit() else "said %r" % o[:40], first)
        item = to_complete[r]
        for f in order:
            timed(("complete", f), [b, "complete", item["uuid"][:8] if s.short(item) == item["uuid"][:8]
                                    else item["uuid"]], env[f],
                  lambda o: None if o.startswith("Completed “".encode()) else "said %r" % o[:80], first)
            pending_n[f] -= 1
        k = s.next_done
        s.next_done -= 1
        timed(("complete", "task N done"), ["task", str(k), "done"], s.tw_env,
              lambda o: None if b"Completed 1 task." in o else "said %r" % o[-80:], first)
        pending_n["task"] -= 1
        read_task()
        for f in order:
            timed(("add", f), [b, "add", "Bench added item", "--due", PAST[0]], env[f],
                  lambda o: None if UUID_RE.match(o.decode()) else "said %r" % o[:80], first)
            pending_n[f] += 1
        timed(("add", "task add"), ["task", "add", "Bench added item", PAST[1]], s.tw_env,
              lambda o: None if b"Created task" in o else "said %r" % o[-80:], first)
        pending_n["task"] += 1
        read_task()
    for f in ["plain", "lists"]:
        got = json.loads(must([b, "list", "--json"], env[f]))
        if len(got) != pending_n[f]:
            raise SystemExit("%s: %d pending at the end, not %d" % (f, len(got), pending_n[f]))

    # Sync: plain ⇄ one folder, lists ⇄ a root of five collection folders.
    vdir = {}
    for f in ["plain", "lists"]:
        vdir[f] = os.path.join(s.dir, "vdir-" + f)
        os.makedirs(vdir[f])
        env[f] = dict(env[f], TODO_TUI_VDIR=vdir[f])
        must([b, "sync"], env[f], cap=900)
        files = [os.path.join(dp, x) for dp, _, fs in os.walk(vdir[f]) for x in fs if x.endswith(".ics")]
        folders = {os.path.dirname(p) for p in files}
        want_folders = 1 if f == "plain" else len(LISTS)
        if len(folders) != want_folders or len(files) < n:
            raise SystemExit("%s: first sync wrote %d files in %d folders" % (f, len(files), len(folders)))
    ids = {f: [x["id"] for x in json.loads(must([b, "list", "--json"], env[f]))] for f in env}
    for r in range(rounds + 1):
        first = r == 0
        order = ["plain", "lists"] if r % 2 == 0 else ["lists", "plain"]
        for f in order:
            timed(("sync, nothing to do", f), [b, "sync"], env[f],
                  lambda o: None if o.strip() == b"nothing to do" else "did %r" % o[-200:], first)
        for f in order:
            must([b, "edit", ids[f][r][:8], "--title", "changed here %d" % r], env[f])
            timed(("sync, one change here", f), [b, "sync"], env[f],
                  lambda o: None if b"updated" in o else "said %r" % o[-200:], first)

    def med(key):
        return statistics.median(times[key])

    def ratio_rounds(a, b_):
        rs = sorted(x / y for x, y in zip(times[a], times[b_]))
        return statistics.median(rs), rs[0], rs[-1]

    L = ["\n%d items (gen.py's, as bench.py); \"lists\": in %d lists, %d of them subtasks of %d others, "
         "written by `lists add` and `import`; \"plain\": the same items in one list, no subtask. "
         "Medians of %d interleaved rounds, ms (peak RSS of the unmeasured first run); "
         "lists/plain: median of the per-round ratios [min-max].\n"
         % (n, len(LISTS), subtasks, subtasks // 4, rounds),
         "| command | plain ms | lists ms | lists/plain | peer | peer ms | lists/peer | target | held | MiB plain / lists |",
         "|---|---:|---:|---|---|---:|---:|---|---|---|"]
    peers = {"list": ("calcurse -G", 0.5), "complete": ("task N done", 0.5), "add": ("task add", 0.5),
             "badge": (None, None), "sync, nothing to do": (None, None), "sync, one change here": (None, None)}
    verdicts = []
    for c, (peer, limit) in peers.items():
        p, li = med((c, "plain")), med((c, "lists"))
        rr = ratio_rounds((c, "lists"), (c, "plain"))
        mib = max(rss[(c, "plain")] or 0, rss[(c, "lists")] or 0) / 1024
        if peer:
            pm = med((c, peer))
            tgt, ok = "≤ %.1f× %s" % (limit, peer), li / pm <= limit and p / pm <= limit
            peer_cells = "%s | %.1f | %.2f" % (peer, pm, li / pm)
        elif c == "badge":
            tgt, ok = "≤ 10 ms", li <= 10 and p <= 10
            peer_cells = "– | – | –"
        else:
            tgt, ok = "–", None
            peer_cells = "– | – | –"
        held = "–" if ok is None else ("yes" if ok else "NO")
        L.append("| `%s` | %.2f | %.2f | %.2f [%.2f-%.2f] | %s | %s | %s | %.1f / %.1f |"
                 % (c, p, li, rr[0], rr[1], rr[2], peer_cells, tgt, held,
                    (rss[(c, "plain")] or 0) / 1024, (rss[(c, "lists")] or 0) / 1024))
        if ok is not None:
            verdicts.append(ok)
        if c.startswith("sync"):
            continue
        rss_ok = mib <= 40
        verdicts.append(rss_ok)
    big = max(v for k, v in rss.items() if v and not k[0].startswith("sync") and k[1] in ("plain", "lists")) / 1024
    L.append("\nLargest peak RSS of list, add, complete, badge: %.1f MiB (target ≤ 40 MiB). Sync: \"plain\" with a "
             "single-folder vdir, \"lists\" with a vdir root of %d collection folders. %s\n"
             % (big, len(LISTS), "Every target held." if all(verdicts) else "A TARGET IS MISSED."))
    return "\n".join(L) + "\n"


if __name__ == "__main__":
    main()
