#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lists the circles of files that call each other inside a layer of src/.

A file depends on another when it names a function the other defines and
does not keep to itself (not static): a call, or the function handed on as
a callback.  Inside one layer (src/core, src/table, src/cli, src/gui) those
dependencies must run one way; a circle (a.c -> b.c -> ... -> a.c) means
that neither file can be read, tested or replaced without the other.  For
every circle it prints the files and, for each step, one function that
makes it, so the fix is clear: move that function down, or turn the call
back into a signal or a callback.

usage: build-aux/check-circles.py [--root DIR] [LAYER ...]
       (layers: core table cli gui; all four by default)
Exits 1 when a layer it checked has a circle, 0 otherwise.
"""

import argparse
import os
import re
import sys

LAYERS = ["core", "table", "cli", "gui"]

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')
# A definition in GNU style: the return type on its own line, the name at
# the start of the next, then its parameters.
DEFINITION = re.compile(r"^([^\n;{}#]*)\n([A-Za-z_][A-Za-z0-9_]*) \(", re.M)
IDENTIFIER = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")


def code_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return STRING.sub('""', text)


def scan(layer_dir):
    """Which file defines each shared function, and the names each file uses."""
    defined = {}
    used = {}
    for name in sorted(os.listdir(layer_dir)):
        if not name.endswith(".c"):
            continue
        code = code_of(os.path.join(layer_dir, name))
        own = set()
        for m in DEFINITION.finditer(code):
            returns, function = m.group(1).strip(), m.group(2)
            if not returns or returns.startswith("static") or "static " in returns:
                continue
            defined.setdefault(function, name)
            own.add(function)
        used[name] = set(IDENTIFIER.findall(code)) - own
    return defined, used


def graph_of(defined, used):
    edges = {}
    for name, identifiers in used.items():
        for identifier in identifiers:
            target = defined.get(identifier)
            if target is not None and target != name:
                edges.setdefault(name, {}).setdefault(target, identifier)
    return edges


def circles(nodes, edges):
    """The strongly connected parts of more than one file (Tarjan)."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    found = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def one_cycle(part, edges):
    """A shortest way round the circle from its first file, as a list of files."""
    start = part[0]
    members = set(part)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(edges.get(v, {})):
            if w not in members:
                continue
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return part + [start]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("layers", nargs="*", default=LAYERS)
    args = parser.parse_args()

    status = 0
    for layer in args.layers:
        if layer not in LAYERS:
            parser.error("no layer “%s”; the layers are %s" % (layer, ", ".join(LAYERS)))
        layer_dir = os.path.join(args.root, "src", layer)
        defined, used = scan(layer_dir)
        edges = graph_of(defined, used)
        found = circles(used.keys(), edges)
        if not found:
            print("src/%s: no circle" % layer)
            continue
        status = 1
        for part in found:
            cycle = one_cycle(part, edges)
            print("src/%s: circle of %d files: %s" % (layer, len(part), ", ".join(part)))
            for a, b in zip(cycle, cycle[1:]):
                print("  %s -> %s (%s)" % (a, b, edges[a][b]))
    return status


if __name__ == "__main__":
    sys.exit(main())
