#!/usr/bin/env python3
"""The fields of SPEC 8 on half the benchmark's items (issue 26): a note of
about 200 characters, 2 tags and a priority on every item of even index in
gen.py's order, for the three tools, each in its own terms:

- ours: `note`, `tags`, `priority` (1 high, 5 medium, 9 low) in the plist that
  `import` reads (workload.write_plist(items, path) writes them from the keys below);
- Taskwarrior: an annotation (the note), `tags` and `priority` H/M/L in its import file;
- calcurse: a note file (`notes/SHA1`, named by the SHA-1 of its text, as
  calcurse names them) that the appointment points to (`... -> ...>SHA1 |title`);
  calcurse's appointments have no tags or priority.

The notes are made from one seed: plain words with a few characters an XML file
escapes (`&`, `<`, `>`), some non-ASCII (`Zoë`, `Müller`, `—`), one line each
(Taskwarrior's annotations and calcurse's `-G` lines are one line).

Usage as a module: apply(tw_items, apts_path, data_dir) after workload.generate;
or `fields.py GEN_DIR CALCURSE_DIR` on a folder that workload.generate wrote.
"""
import hashlib
import json
import os
import random
import sys

SEED = 26
WORDS = ("the call went long so the notes are here: check the numbers against last month's sheet, "
         "ask about the budget & the dates, bring the printed draft <v2> and the keys; Zoë said the "
         "room is booked from nine — Müller wants the summary before Friday > everything else can wait "
         "until after the review, then send the minutes to everyone on the list").split()
TAGS = ["work", "home", "errands", "finance", "health", "calls", "reading", "garden"]
PRIORITIES = [("H", 1), ("M", 5), ("L", 9)]


def has_fields(i):
    """Whether item i (gen.py's index) carries the fields: half the items."""
    return i % 2 == 0


def note(rng):
    words = []
    while sum(len(w) + 1 for w in words) < 200:
        words.append(rng.choice(WORDS))
    return " ".join(words)[:210].rstrip()


def apply(tw, apts_path=None, notes_dir=None):
    """Adds the fields to Taskwarrior's items in place (their `_note`, `_tags`, `_priority` for
    our plist, and Taskwarrior's own keys), and to calcurse's appointments at apts_path (rewritten
    with note references; the notes written into notes_dir). Returns how many items got them."""
    rng = random.Random(SEED)
    count = 0
    for i, t in enumerate(tw):
        if not has_fields(i):
            continue
        text = note(rng)
        tags = rng.sample(TAGS, 2)
        letter, value = PRIORITIES[rng.randrange(3)]
        t["_note"], t["_tags"], t["_priority"] = text, tags, value
        t["annotations"] = [{"entry": t["entry"], "description": text}]
        t["tags"] = tags
        t["priority"] = letter
        count += 1
    if apts_path:
        calcurse_notes(tw, apts_path, notes_dir)
    return count


def calcurse_notes(tw, apts_path, notes_dir):
    """Points each appointment of an item with a note to a note file, as calcurse writes them.
    gen.py writes the appointments sorted by (due, index): the k-th line is the k-th item so sorted."""
    order = sorted(range(len(tw)), key=lambda i: (tw[i]["due"], i))
    with open(apts_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if len(lines) != len(tw):
        raise RuntimeError("apts holds %d lines for %d items" % (len(lines), len(tw)))
    os.makedirs(notes_dir, exist_ok=True)
    out = []
    for line, i in zip(lines, order):
        when, title = line.split("|", 1)
        if title != tw[i]["description"]:
            raise RuntimeError("apts line %r is not item %d" % (line, i))
        text = tw[i].get("_note")
        if text is None:
            out.append(line)
            continue
        body = (text + "\n").encode()
        sha = hashlib.sha1(body).hexdigest()
        with open(os.path.join(notes_dir, sha), "wb") as f:
            f.write(body)
        out.append("%s>%s |%s" % (when, sha, title))
    with open(apts_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def write_tw(tw, path):
    """Taskwarrior's import file, without our keys."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump([{k: v for k, v in t.items() if not k.startswith("_")} for t in tw], f,
                  ensure_ascii=False, indent=0)
        f.write("\n")


if __name__ == "__main__":
    gen, cc = sys.argv[1], sys.argv[2]
    with open(os.path.join(gen, "tw.json"), encoding="utf-8") as f:
        items = json.load(f)
    n = apply(items, os.path.join(gen, "apts"), os.path.join(cc, "notes"))
    write_tw(items, os.path.join(gen, "tw.json"))
    print("fields on %d of %d items" % (n, len(items)))
