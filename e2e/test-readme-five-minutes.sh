# The README's "Five minutes with todo-tui", walked through as written (issue 25):
# every `$ todo-tui …` line of its session is run in order, and what it prints
# (stdout and stderr, as a terminal shows them) must be the lines under it, the
# README's ids standing for the ones this run made. Then every other
# `todo-tui …` command the section names in its text is run and must succeed
# (not the full-screen app, the daemon or make install: other tests cover them).
. "$HERE/lib.sh"
README="$HERE/../README.md"
[ -f "$README" ] || fail "no README at $README"
export HOME="$WORK/home" TZ=UTC LC_ALL=C LANG=C TODO_TUI_NOW=2026-11-25T10:00:00Z
unset TODO_TUI_FILE XDG_DATA_HOME TODO_TUI_VDIR
mkdir -p "$HOME"

/usr/bin/python3 - "$README" "$TODO_BIN" <<'PY' || exit 1
import re, shlex, subprocess, sys
readme, binary = sys.argv[1], sys.argv[2]
text = open(readme, encoding="utf-8").read()
start = text.index("## Five minutes with todo-tui")
section = text[start:text.index("\n## ", start + 3)]
block = re.search(r"<!-- walked through by e2e/test-readme-five-minutes.sh.*?-->\n```\n(.*?)```", section, re.S)
if not block:
    sys.exit("FAIL: the section has no session block marked for this test")
ids = {}  # the README's UUID (upper case) -> this run's

def real(s):
    """s with the README's ids (UUIDs, 8-character short ids, 4+ character prefixes) replaced by this run's."""
    for old, new in ids.items():
        s = s.replace(old, new).replace(old.lower(), new.lower())
        s = s.replace(old[:8].lower(), new[:8].lower())
    def prefix(m):
        w = m.group(0)
        hit = [n for o, n in ids.items() if o.lower().startswith(w)]
        return hit[0][:len(w)].lower() if len(hit) == 1 else w
    return re.sub(r"(?<![0-9a-f-])[0-9a-f]{4,7}(?![0-9a-f-])", prefix, s)

def run(command):
    argv = shlex.split(command)
    assert argv[0] == "todo-tui", command
    p = subprocess.run([binary] + argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return p.returncode, p.stdout

steps, cur = [], None
for line in block.group(1).splitlines():
    if line.startswith("$ "):
        cur = (line[2:], [])
        steps.append(cur)
    elif cur is not None:
        cur[1].append(line)
failures = 0
for command, expected in steps:
    rc, out = run(real(command))
    got = out.rstrip("\n").split("\n") if out else []
    # A UUID that add printed: remember it for the lines and commands after it.
    if command.startswith("todo-tui add") and expected and re.fullmatch(r"[0-9A-F-]{36}", expected[0]):
        if got and re.fullmatch(r"[0-9A-F-]{36}", got[0]):
            ids[expected[0]] = got[0]
    want = [real(l) for l in expected]
    if got != want:
        failures += 1
        print("FAIL: $ %s\n  README: %r\n  got:    %r" % (command, want, got))
    wants_error = any(l.startswith("error:") for l in expected)
    if (rc != 0) != wants_error:
        failures += 1
        print("FAIL: $ %s exited %d" % (command, rc))
print("%d commands of the session walked through" % len(steps))
# The commands named in the text.
skip = ("todo-tui daemon", "todo-tui --", "todo-tui sync --vdir ~/.calendars/todo --create")
spans = [c for c in re.findall(r"`(todo-tui [^`]+)`", section) if not c.startswith(("todo-tui daemon",))]
for c in spans:
    if c.strip() == "todo-tui":
        continue
    c = c.replace("~", "$HOME")
    argv = [binary] + [real(a) for a in shlex.split(c.replace("$HOME", __import__("os").environ["HOME"]))[1:]]
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        failures += 1
        print("FAIL: `%s` exited %d: %s" % (c, p.returncode, p.stderr.strip()))
print("%d commands of the text run" % len(spans))
sys.exit(1 if failures else 0)
PY
exit 0
