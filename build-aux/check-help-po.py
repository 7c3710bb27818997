#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks one translation of the user guide, help/LANG/LANG.po.

- msgfmt --check passes;
- every translated message keeps the Mallard markup of its original: the same
  elements with the same attributes (a <gui>, <key> or <link xref="..."/> lost
  or misspelt in a translation is an error; the text between them is free);
- itstool merges every translated message (one whose markup is not well
  formed would silently fall back to English);
- the merged pages pass the checks help/C passes: yelp-check validate, links,
  orphans, ids and media.

Untranslated messages are allowed: yelp shows them in English. The script
prints the catalog's statistics.

Usage: check-help-po.py PO_FILE C_DIR PAGE...
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TAG = re.compile(r'<[A-Za-z][^<>]*?/?>')


def po_messages(path):
    """(msgid, msgstr) of every message but the header, in file order."""
    messages = []
    msgid = msgstr = None
    current = None
    obsolete = False

    def flush():
        if msgid is not None and msgstr is not None and not obsolete:
            messages.append((msgid, msgstr))

    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.strip()
            if line.startswith('#~'):
                obsolete = True
                continue
            if line.startswith('msgid '):
                flush()
                obsolete = False
                msgid, msgstr = json.loads(line[6:]), None
                current = 'id'
            elif line.startswith('msgstr '):
                msgstr = json.loads(line[7:])
                current = 'str'
            elif line.startswith('"'):
                if current == 'id':
                    msgid += json.loads(line)
                elif current == 'str':
                    msgstr += json.loads(line)
            elif not line or line.startswith('msgctxt'):
                current = None
    flush()
    return [(i, s) for i, s in messages if i]


def tags(text):
    return sorted(' '.join(t.split()) for t in TAG.findall(text))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split('Usage: ')[1].strip())
    po, c_dir, pages = sys.argv[1], sys.argv[2], sys.argv[3:]
    lang = os.path.splitext(os.path.basename(po))[0]
    env = dict(os.environ, LC_ALL='C')
    failed = False

    tmp = tempfile.mkdtemp()
    try:
        mo = os.path.join(tmp, lang + '.mo')
        r = subprocess.run(['msgfmt', '--check', '--statistics', '-o', mo, po],
                           env=env, capture_output=True, text=True)
        print(f'{po}: {r.stderr.strip()}')
        if r.returncode != 0:
            print(f'{po} fails msgfmt --check', file=sys.stderr)
            return 1

        for msgid, msgstr in po_messages(po):
            if msgstr and tags(msgid) != tags(msgstr):
                print(f'{po}: the markup differs from the original\n'
                      f'  msgid:  {msgid}\n  msgstr: {msgstr}\n'
                      f'  missing: {sorted(set(tags(msgid)) - set(tags(msgstr)))}\n'
                      f'  extra:   {sorted(set(tags(msgstr)) - set(tags(msgid)))}',
                      file=sys.stderr)
                failed = True

        out = os.path.join(tmp, lang)
        os.mkdir(out)
        r = subprocess.run(['itstool', '-m', mo, '--lang', lang, '-o', out + '/']
                           + [os.path.join(c_dir, p) for p in pages],
                           env=env, capture_output=True, text=True)
        if r.returncode != 0 or r.stdout.strip() or r.stderr.strip():
            print(f'{po}: itstool could not merge it:\n{r.stdout}{r.stderr}',
                  file=sys.stderr)
            failed = True
        figures = os.path.join(os.path.abspath(c_dir), 'figures')
        if os.path.isdir(figures):
            os.symlink(figures, os.path.join(out, 'figures'))

        for check in ('validate', 'links', 'orphans', 'ids', 'media'):
            r = subprocess.run(['yelp-check', check, out], env=env,
                               capture_output=True, text=True)
            if r.returncode != 0 or r.stdout.strip():
                print(f'yelp-check {check} fails on the {lang} pages:\n'
                      f'{r.stdout}{r.stderr}', file=sys.stderr)
                failed = True
    finally:
        shutil.rmtree(tmp)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
