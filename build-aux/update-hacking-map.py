#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Keeps HACKING.md's map of the code in step with src/.

Every .c file, every -private.h and every header without a .c under src/core, src/table, src/cli and
src/gui has one line in the map: its name and the first line of its own
header comment ("/* dw-x.c — what it is").  With --check it only says
which files the map lacks or names in vain, and exits 1 if any; without,
it rewrites the lists under each layer's heading.

usage: build-aux/update-hacking-map.py [--check] [--root DIR]
"""

import argparse
import os
import re
import sys

LAYERS = ["core", "table", "cli", "gui"]
HEAD = re.compile(r"/\*\s*(\S+)\s+[—-]+\s+(.*)")


def describe(path):
    """The first sentence of the header comment: its first line, and the
    lines that carry it on up to the comment's first blank line."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    m = HEAD.match(lines[0].strip())
    if not m:
        return None
    words = [m.group(2)]
    for line in lines[1:]:
        line = line.strip()
        if line.endswith("*/") or line in ("*", ""):
            break
        words.append(line.lstrip("* ").strip())
    return " ".join(words).rstrip(" */")


def wanted(root, layer):
    folder = os.path.join(root, "src", layer)
    lines = []
    problems = []
    for name in sorted(os.listdir(folder)):
        # A header of its own only when no .c file goes with it.
        header_only = name.endswith(".h") and not os.path.exists(os.path.join(folder, name[:-2] + ".c"))
        if not (name.endswith(".c") or name.endswith("-private.h") or header_only):
            continue
        text = describe(os.path.join(folder, name))
        if text is None:
            problems.append(f"src/{layer}/{name}: its first line is not “/* {name} — what it is”")
            continue
        lines.append(f"- `{name}` — {text}")
    return lines, problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = parser.parse_args()

    hacking = os.path.join(args.root, "HACKING.md")
    with open(hacking, encoding="utf-8") as f:
        text = f.read()

    problems = []
    for layer in LAYERS:
        heading = re.search(r"^### `src/" + layer + r"/`[^\n]*\n\n", text, re.M)
        if heading is None:
            problems.append(f"HACKING.md: no “### `src/{layer}/`” heading in the map of the code")
            continue
        start = heading.end()
        end = start
        while True:
            nl = text.find("\n", end)
            if nl < 0 or not text[end:nl].startswith("- `"):
                break
            end = nl + 1
        have = text[start:end].splitlines()
        lines, bad = wanted(args.root, layer)
        problems += bad
        if args.check:
            names_have = {re.match(r"- `([^`]+)`", l).group(1) for l in have}
            names_want = {re.match(r"- `([^`]+)`", l).group(1) for l in lines}
            for n in sorted(names_want - names_have):
                problems.append(f"HACKING.md: the map of the code lacks src/{layer}/{n}")
            for n in sorted(names_have - names_want):
                problems.append(f"HACKING.md: the map of the code names src/{layer}/{n}, which is not there")
        else:
            text = text[:start] + "".join(l + "\n" for l in lines) + text[end:]

    if not args.check:
        with open(hacking, "w", encoding="utf-8") as f:
            f.write(text)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
