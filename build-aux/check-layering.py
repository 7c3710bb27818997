#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The #include graph between the folders of src/, and the layering rule.

    check-layering.py SOURCE_ROOT          fail naming every include that
                                           points up or sideways
    check-layering.py SOURCE_ROOT --print  print the graph: folder -> folder
                                           (number of includes), and which
                                           allowed edges are unused

Layers, lowest first (STYLE.md): model; align and gen; analysis; session;
render; ui and cli; app and mpi. A folder may include headers of lower layers
only, with two exceptions: gen (the synthetic trace generator) is for the CLI
and the tests alone, and nothing includes the CLI but mpi (juxtrace-mpi runs
the CLI's commands on MPI ranks, with its options and output; like the CLI
it includes no GTK, so neither ui nor app). GTK and libadwaita headers belong to ui and app only.
A header is attributed to the folder that holds it; includes of files that
are not in src/ (config.h, system headers) are not edges."""

import collections
import os
import re
import sys

RANK = {"model": 0, "align": 1, "gen": 1, "analysis": 2, "session": 3,
        "render": 4, "ui": 5, "cli": 5, "app": 6, "mpi": 6}
GUI_HEADERS = re.compile(r"^\s*#\s*include\s+<(gtk/|gdk/|adwaita\.h)")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def allowed(source, target):
    if target == "cli":
        return source == "mpi"
    if target == "gen":
        return source == "cli"
    if source == "mpi" and target in ("ui", "app"):
        return False
    return RANK[target] < RANK[source]


def scan(src):
    owner = {}
    files = []
    for folder in sorted(os.listdir(src)):
        path = os.path.join(src, folder)
        if not os.path.isdir(path):
            continue
        if folder not in RANK:
            sys.exit(f"src/{folder}/ is not in the layering of build-aux/check-layering.py: "
                     f"give it a layer (RANK) and describe it in HACKING.md")
        for name in sorted(os.listdir(path)):
            if name.endswith(".h"):
                if name in owner:
                    sys.exit(f"{name} is in src/{owner[name]} and src/{folder}: header names must be unique")
                owner[name] = folder
            if name.endswith((".c", ".h")):
                files.append((folder, os.path.join(path, name)))
    return owner, files


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = sys.argv[1]
    src = os.path.join(root, "src")
    owner, files = scan(src)
    edges = collections.Counter()
    errors = []
    for folder, path in files:
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if GUI_HEADERS.match(line) and folder not in ("ui", "app"):
                    errors.append(f"{rel}:{number}: src/{folder} includes a GTK header; "
                                  f"only src/ui and src/app may")
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = owner.get(os.path.basename(match.group(1)))
                if target is None or target == folder:
                    continue
                edges[(folder, target)] += 1
                if not allowed(folder, target):
                    errors.append(f"{rel}:{number}: src/{folder} includes {match.group(1)} of "
                                  f"src/{target}, which is not below it (see HACKING.md, Architecture)")

    if len(sys.argv) == 3 and sys.argv[2] == "--print":
        for (source, target), count in sorted(edges.items(), key=lambda e: (-RANK[e[0][0]], e[0])):
            print(f"{source:9} -> {target:9} {count:3} includes")
        unused = [f"{s} -> {t}" for s in RANK for t in RANK
                  if s != t and allowed(s, t) and (s, t) not in edges]
        print("allowed, unused:", ", ".join(sorted(unused)))

    for error in errors:
        print(error, file=sys.stderr)
    if errors:
        return 1
    if len(sys.argv) == 2:
        print(f"layering: {sum(edges.values())} includes between {len(edges)} pairs of folders, all pointing down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
