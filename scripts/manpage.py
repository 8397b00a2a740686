#!/usr/bin/env python3
"""Writes the man page todo-tui.1 from the binary's own help.

Usage: scripts/manpage.py path/to/todo-tui > todo-tui.1

Everything comes from swift-argument-parser's `--experimental-dump-help`
JSON (the same data `--help` prints): the overview, one entry per command
with its synopsis, arguments and options, and the sections of the root
command's discussion ("EXIT STATUS:", "ENVIRONMENT:", …) as man sections.
Nothing here is hand-written text about the commands, so the page cannot
drift from `--help`.
"""
import json
import re
import subprocess
import sys


def roff(text):
    """Text for a roff line: backslashes and dashes escaped, no leading dot."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + l if l[:1] in ".'" else l) for l in text.split("\n"))


def names(arg):
    out = []
    for n in arg.get("names", []):
        out.append(("--" if n["kind"] == "long" else "-") + n["name"])
    return out


def usage(arg):
    """One argument as the synopsis shows it, in roff."""
    value = "<" + arg.get("valueName", "value") + ">"
    if arg["kind"] == "positional":
        text = "\\fI" + roff(value) + "\\fR" + ("..." if arg.get("isRepeating") else "")
    else:
        n = names(arg)
        flag = "\\fB" + roff(n[-1] if n else "") + "\\fR"
        text = flag if arg["kind"] == "flag" else flag + " \\fI" + roff(value) + "\\fR"
    return "[" + text + "]" if arg.get("isOptional") else text


def shown(args):
    return [a for a in args or [] if a.get("shouldDisplay", True)
            and not {"help", "version"} & {n["name"] for n in a.get("names", [])}]


def sections(discussion):
    """Splits a discussion into its untitled start and its "TITLE:" sections."""
    head, parts, title = [], {}, None
    for line in discussion.split("\n"):
        m = re.fullmatch(r"([A-Z][A-Z ]+):", line.strip())
        if m:
            title = m.group(1)
            parts[title] = []
        elif title:
            parts[title].append(line[2:] if line.startswith("  ") else line)
        else:
            head.append(line)
    return "\n".join(head).strip(), {k: "\n".join(v).strip() for k, v in parts.items()}


def table(text):
    """Lines "  NAME  what it is" as tagged paragraphs; anything else as text."""
    out = []
    for line in text.split("\n"):
        m = re.match(r"(.+?)\s{2,}(.*)", line.strip())
        if m:
            out += [".TP", "\\fB" + roff(m.group(1)) + "\\fR", roff(m.group(2))]
        elif line.strip():
            out.append(roff(line.strip()))
        else:
            out.append(".PP")
    return out


def main():
    binary = sys.argv[1]
    info = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)["command"]
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    name = info["commandName"]
    head, extra = sections(info.get("discussion", ""))
    out = [
        '.TH "%s" "1" "" "%s %s" "User Commands"' % (name.upper(), name, version),
        ".SH NAME", roff(name) + " \\- " + roff(info.get("abstract", "")),
        ".SH SYNOPSIS", ".B " + roff(name), "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
        ".SH DESCRIPTION", roff(info.get("abstract", "")), ".PP",
    ]
    if head:
        out.append(roff(head))
    out.append(".SH COMMANDS")
    for sub in info.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        args = shown(sub.get("arguments"))
        out += [".TP", "\\fB%s %s\\fR %s" % (roff(name), roff(sub["commandName"]), " ".join(usage(a) for a in args))]
        out.append(roff(sub.get("abstract", "")))
        if sub.get("discussion"):
            out += [".IP", roff(sub["discussion"].strip())]
        if args:
            out.append(".RS")
            for a in args:
                label = ", ".join(names(a)) if a["kind"] != "positional" else "<" + a.get("valueName", "") + ">"
                if a["kind"] == "option":
                    label += " <" + a.get("valueName", "value") + ">"
                text = a.get("abstract", "")
                if a.get("defaultValue"):
                    text += " (default: %s)" % a["defaultValue"]
                out += [".TP", "\\fB" + roff(label) + "\\fR", roff(text)]
            out.append(".RE")
    for title, text in extra.items():
        out.append(".SH " + title)
        out += table(text)
    out += [".SH SEE ALSO", "Run \\fB%s help COMMAND\\fR for one command's help." % roff(name)]
    print("\n".join(out))


main()
