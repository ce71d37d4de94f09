#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that src/gui names no game and writes no action of the table.

What a game is lives in src/table (its DwTableRules, its view file) and
in its definition; a view asks those.  So no file of src/gui may:
  - hold the string "arcmage" or "coraabia" (a branch on a game's id),
  - include a game's own header (dw-arcmage-*.h, dw-coraabia-*.h),
  - format an action of the language: a card number after a word
    ("move #%u", " #%u"), a prefix glued to a verb ("%sdeclare"), or
    "as opp".  An action is built by DwAction (src/table/dw-action.c) or
    given by the rules, never composed by a view.  (A lone "#%u", a
    dragged card's payload, is no action.)
Prints each finding as FILE:LINE: what; exits 1 when there is one.

usage: build-aux/check-gui-game-free.py [--root DIR]
"""

import argparse
import os
import re
import sys

GAME_STRING = re.compile(r'"(arcmage|coraabia)"', re.I)
GAME_HEADER = re.compile(r'#include\s+"dw-(arcmage|coraabia)-[^"]*\.h"')
FORMAT_CALL = re.compile(r'\b(g_strdup_printf|g_string_append_printf|g_string_printf|g_strdup_vprintf)\s*\(')
LITERAL = re.compile(r'"((?:\\.|[^"\\])*)"')
ACTION = re.compile(r'\s#%|^%s[a-z]|as opp')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = parser.parse_args()
    gui = os.path.join(args.root, "src", "gui")
    found = 0
    for name in sorted(os.listdir(gui)):
        if not name.endswith((".c", ".h")):
            continue
        with open(os.path.join(gui, name), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                where = "src/gui/%s:%d" % (name, number)
                if GAME_STRING.search(line):
                    print("%s: names a game: %s" % (where, line.strip()))
                    found += 1
                if GAME_HEADER.search(line):
                    print("%s: includes a game's header: %s" % (where, line.strip()))
                    found += 1
                if FORMAT_CALL.search(line) and any(ACTION.search(t) for t in LITERAL.findall(line)):
                    print("%s: composes an action: %s" % (where, line.strip()))
                    found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
