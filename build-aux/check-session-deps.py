#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reports how the files of a source folder depend on each other and fails
on a cycle.

A module is a .c file with its headers: jx-foo.c, jx-foo.h and
jx-foo-private.h are module jx-foo. Module A depends on module B when a file
of A includes a header of B (#include "…" lines), or calls a `_jx_` internal
that a .c file of B defines. The report lists, per dependency, the headers
included and how many internals are used (with their names); then every
cycle (a group of modules that reach each other), and exits 1 when there
is one.

Usage: check-session-deps.py [FOLDER]   (default: src/session beside this
script's folder)
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DEFINITION = re.compile(r'^(_jx_\w+)\s*\(', re.M)
CALL = re.compile(r'\b(_jx_\w+)\s*\(')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')


def module_of(name):
    base = os.path.splitext(name)[0]
    if base.endswith('-private'):
        base = base[:-len('-private')]
    return base


def strip(text):
    # Includes are read before comments and strings go.
    return STRING.sub('""', COMMENT.sub(' ', text))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', 'src', 'session')
    files = sorted(f for f in os.listdir(folder) if f.endswith(('.c', '.h')))
    texts = {}
    for f in files:
        with open(os.path.join(folder, f), encoding='utf-8') as fh:
            texts[f] = fh.read()

    modules = sorted({module_of(f) for f in files})
    defined = {}                              # internal -> module
    for f in files:
        if f.endswith('.c'):
            for name in DEFINITION.findall(texts[f]):
                defined[name] = module_of(f)

    includes = {m: {} for m in modules}       # module -> {module: set(headers)}
    internals = {m: {} for m in modules}      # module -> {module: set(names)}
    for f in files:
        m = module_of(f)
        for header in INCLUDE.findall(texts[f]):
            if header in texts and module_of(header) != m:
                includes[m].setdefault(module_of(header), set()).add(header)
        code = strip(texts[f])
        for name in CALL.findall(code):
            owner = defined.get(name)
            if owner is not None and owner != m:
                internals[m].setdefault(owner, set()).add(name)

    edges = {m: set(includes[m]) | set(internals[m]) for m in modules}

    print('Dependencies between the modules of %s' % os.path.relpath(folder))
    print('(module -> module: headers included; _jx_ internals used)')
    total = 0
    for m in modules:
        for target in sorted(edges[m]):
            headers = sorted(includes[m].get(target, ()))
            names = sorted(internals[m].get(target, ()))
            total += len(names)
            line = '  %s -> %s: %s; %d internal%s' % (
                m, target, ', '.join(headers) if headers else 'no header',
                len(names), '' if len(names) == 1 else 's')
            if names:
                line += ' (%s)' % ', '.join(names)
            print(line)
    print('%d modules, %d dependencies, %d uses of another module\'s internals'
          % (len(modules), sum(len(e) for e in edges.values()), total))

    # Tarjan's strongly connected components.
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    sys.setrecursionlimit(10000)
    for m in modules:
        if m not in index:
            visit(m)

    if cycles:
        for c in cycles:
            print('CYCLE: %s reach each other' % ', '.join(c))
        return 1
    print('no cycle')
    return 0


if __name__ == '__main__':
    sys.exit(main())
