#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The user guide's keyboard shortcuts page lists what the shortcuts window
lists: one section per GtkShortcutsGroup of ui/gtk/help-overlay.ui, one row
per shortcut, with the same title and keys.

    check-shortcuts-page.py SOURCE_ROOT           fail naming the differences
    check-shortcuts-page.py SOURCE_ROOT --write   rewrite the tables of
                                                  help/C/shortcuts.page"""

import re
import sys
import xml.etree.ElementTree as ET

MODIFIERS = {"<Control>": "Ctrl", "<Shift>": "Shift", "<Alt>": "Alt"}
KEYS = {"plus": "+", "minus": "−", "equal": "=", "Left": "←", "Right": "→", "Up": "↑",
        "Down": "↓", "period": ".", "comma": ",", "Page_Up": "Page Up",
        "Page_Down": "Page Down", "Escape": "Esc"}
START = "<!-- The sections below are made from ui/gtk/help-overlay.ui by build-aux/check-shortcuts-page.py (option: write). -->"


def mallard_keys(accelerator):
    mods = re.findall(r"<[A-Za-z]+>", accelerator)
    key = re.sub(r"<[A-Za-z]+>", "", accelerator)
    key = KEYS.get(key, key.upper() if len(key) == 1 else key)
    parts = [MODIFIERS[m] for m in mods] + [key]
    if len(parts) == 1:
        return f"<key>{parts[0]}</key>"
    return "<keyseq>" + "".join(f"<key>{p}</key>" for p in parts) + "</keyseq>"


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def expected_sections(root):
    tree = ET.parse(f"{root}/ui/gtk/help-overlay.ui")
    sections = []
    for group in tree.iter("object"):
        if group.get("class") != "GtkShortcutsGroup":
            continue
        title = next(p.text for p in group.findall("property") if p.get("name") == "title")
        section_id = re.sub(r"[^a-z]+", "-", title.lower()).strip("-")
        rows = []
        for shortcut in group.iter("object"):
            if shortcut.get("class") != "GtkShortcutsShortcut":
                continue
            props = {p.get("name"): p.text for p in shortcut.findall("property")}
            if "accelerator" in props:
                keys = " ".join(mallard_keys(a) for a in props["accelerator"].split())
            elif props.get("action-name") == "win.show-help-overlay":
                keys = "<keyseq><key>Ctrl</key><key>?</key></keyseq>"
            else:
                sys.exit(f"help-overlay.ui: shortcut {props.get('title')!r} has no accelerator")
            rows.append(f"        <tr><td><p>{escape(props['title'])}</p></td><td><p>{keys}</p></td></tr>")
        sections.append(f'  <section id="{section_id}">\n    <title>{escape(title)}</title>\n'
                        f'    <table frame="all" rules="rows">\n      <tbody>\n'
                        + "\n".join(rows) + "\n      </tbody>\n    </table>\n  </section>\n")
    return "\n".join(sections)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = sys.argv[1]
    page_path = f"{root}/help/C/shortcuts.page"
    page = open(page_path, encoding="utf-8").read()
    if START not in page or "</page>" not in page:
        sys.exit(f"{page_path}: the marker line {START!r} is missing")
    head, _, rest = page.partition(START)
    current = rest[:rest.rindex("</page>")].strip("\n")
    expected = expected_sections(root).strip("\n")

    if len(sys.argv) == 3 and sys.argv[2] == "--write":
        with open(page_path, "w", encoding="utf-8") as f:
            f.write(f"{head}{START}\n{expected}\n</page>\n")
        return 0

    if current == expected:
        print("help/C/shortcuts.page lists every shortcut of the shortcuts window")
        return 0
    want = set(expected.splitlines())
    have = set(current.splitlines())
    for line in sorted(want - have):
        print(f"help/C/shortcuts.page lacks: {line.strip()}", file=sys.stderr)
    for line in sorted(have - want):
        print(f"help/C/shortcuts.page has, but ui/gtk/help-overlay.ui does not: {line.strip()}", file=sys.stderr)
    print("Run build-aux/check-shortcuts-page.py . --write to rewrite the page's tables.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
