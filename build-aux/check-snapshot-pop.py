#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that Deckwright's code never closes a GtkSnapshot push itself.

build-aux/lsan.supp suppresses leaks allocated under gtk_snapshot_pop():
render nodes that GTK 4.8 makes when it ends a widget's drawing, and
keeps.  That line may only ever cover GTK's own calls, so no file of src/
may call gtk_snapshot_pop() or any gtk_snapshot_push_*() (each push is
closed by a pop): a node of ours built that way and leaked would be hidden.
Our widgets draw with gtk_snapshot_append_*() only.
Prints each finding as FILE:LINE: call; exits 1 when there is one.

usage: build-aux/check-snapshot-pop.py [--root DIR]
"""

import argparse
import os
import re
import sys

CALL = re.compile(r'\bgtk_snapshot_(pop|push_[a-z_]+)\s*\(')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = parser.parse_args()
    found = 0
    for top, _dirs, files in os.walk(os.path.join(args.root, "src")):
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(top, name)
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    for match in CALL.finditer(line):
                        found += 1
                        print(f"{os.path.relpath(path, args.root)}:{number}: "
                              f"gtk_snapshot_{match.group(1)}() (see build-aux/lsan.supp)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
