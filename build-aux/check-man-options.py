#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that a manual page documents exactly the options a program prints.

    check-man-options.py cli PROGRAM MANPAGE   juxtrace-cli: the commands of
        `PROGRAM --help` are the `.SS` sections under `.SH COMMANDS`, and each
        command's options (`PROGRAM COMMAND --help`) are the `.TP` entries of
        its section; -h/--help and -V/--version belong to `.SH OPTIONS`.
    check-man-options.py app PROGRAM MANPAGE   juxtrace: the options of
        `PROGRAM --help` are the `.TP` entries under `.SH OPTIONS`.

Fails naming every command or option that one side has and the other lacks,
and prints the roff text to paste for what the page is missing."""

import os
import re
import subprocess
import sys

OPTION_LINE = re.compile(r"^\s+((?:-\w, )?--[\w-]+(?:=\S+)?)\s\s+(.*)$")
SHORT_ONLY = re.compile(r"^\s+(-\w)\s\s+(.*)$")


def run_help(argv):
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    result = subprocess.run(argv, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"`{' '.join(argv)}` failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def help_options(text):
    """{name: (spec, description)} for every option line of a --help text;
    both -x and --long name the same line."""
    options = {}
    for line in text.splitlines():
        match = OPTION_LINE.match(line) or SHORT_ONLY.match(line)
        if not match:
            continue
        spec, description = match.group(1), match.group(2).strip()
        for name in re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", spec.split("=")[0]):
            options[name] = (spec, description)
    return options


def help_commands(text):
    """{command: summary} from the "Commands:" block of `juxtrace-cli --help`."""
    commands = {}
    inside = False
    for line in text.splitlines():
        if line.strip() == "Commands:":
            inside = True
            continue
        if inside:
            match = re.match(r"^\s+([a-z][\w-]*)\s+(.*)$", line)
            if not match:
                break
            commands[match.group(1)] = match.group(2).strip()
    return commands


def unroff(text):
    text = re.sub(r"\\f[BIRP]", "", text)
    return text.replace("\\-", "-").replace("\\(em", "—")


def man_sections(path):
    """{(SH title, SS title or None): [option names of its .TP tags]}."""
    sections = {}
    sh = ss = None
    lines = open(path, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(".SH "):
            sh, ss = unroff(line[4:]).strip().strip('"'), None
            sections.setdefault((sh, None), [])
        elif line.startswith(".SS "):
            ss = unroff(line[4:]).strip().strip('"')
            sections.setdefault((sh, ss), [])
        elif line.startswith(".TP") and i + 1 < len(lines):
            tag = unroff(lines[i + 1])
            if not tag.lstrip().startswith("-"):
                continue
            names = re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", tag.split("=")[0])
            sections.setdefault((sh, ss), []).extend(names)
    return sections


def roff_escape(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def roff_entry(spec, description):
    """The .TP entry for a --help line such as `-t, --top=N`."""
    names, _, value = spec.partition("=")
    tag = ", ".join(f"\\fB{roff_escape(n)}\\fR" for n in names.split(", "))
    if value:
        tag += f"=\\fI{roff_escape(value)}\\fR"
    return f".TP\n{tag}\n{roff_escape(description)}"


def compare(what, listed, documented, where, errors):
    """listed: {name: (spec, description)} from --help; documented: names."""
    documented = set(documented)
    missing = sorted(set(listed) - documented)
    extra = sorted(documented - set(listed))
    seen = set()
    for name in missing:
        spec, description = listed[name]
        if spec in seen:
            continue
        seen.add(spec)
        errors.append(f"{what} lists {name}, the manual page does not. Add to {where}:\n"
                      f"{roff_entry(spec, description)}")
    for name in extra:
        errors.append(f"the manual page documents {name} in {where}, but {what} has no such "
                      f"option: remove its .TP entry (or add the option)")


def check_cli(program, page):
    errors = []
    sections = man_sections(page)
    top = run_help([program, "--help"])
    commands = help_commands(top)
    if not commands:
        sys.exit(f"`{program} --help` lists no commands")

    compare(f"`{os.path.basename(program)} --help`", help_options(top),
            sections.get(("OPTIONS", None), []), '".SH OPTIONS"', errors)

    man_commands = {ss for (sh, ss) in sections if sh == "COMMANDS" and ss is not None}
    for command, summary in commands.items():
        # --help-all: option groups (render's trend plot options) count too.
        text = run_help([program, command, "--help-all"])
        # GOption's own --help-all / --help-GROUP: the groups' options are
        # documented with the command instead.
        options = {n: v for n, v in help_options(text).items()
                   if n not in ("-h", "--help") and not n.startswith("--help-")}
        what = f"`juxtrace-cli {command} --help-all`"
        if command not in man_commands:
            usage = next((l.strip() for l in text.splitlines() if l.strip().startswith("juxtrace-cli ")), "")
            entries = []
            for spec, description in dict.fromkeys(options.values()):
                entries.append(roff_entry(spec, description))
            errors.append(f"juxtrace-cli has the command {command}, the manual page does not. "
                          f"Add under .SH COMMANDS:\n.SS {command}\n"
                          f"{roff_escape(usage)}\n.PP\n{roff_escape(summary)}.\n" + "\n".join(entries))
            continue
        # Options every command that opens traces shares are documented once,
        # under .SH LOADING TRACES; they count for the commands that have them.
        shared = set(sections.get(("LOADING TRACES", None), [])) & set(options)
        compare(what, options, sections[("COMMANDS", command)] + sorted(shared),
                f'".SS {command}" (under .SH COMMANDS)', errors)

    for command in sorted(man_commands - set(commands)):
        errors.append(f"the manual page has a section for the command {command}, "
                      f"but `juxtrace-cli --help` lists no such command: remove it (or add the command)")
    return errors


def check_app(program, page):
    errors = []
    sections = man_sections(page)
    compare(f"`{os.path.basename(program)} --help`", help_options(run_help([program, "--help"])),
            sections.get(("OPTIONS", None), []), '".SH OPTIONS"', errors)
    return errors


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("cli", "app"):
        sys.exit(__doc__)
    kind, program, page = sys.argv[1:]
    errors = check_cli(program, page) if kind == "cli" else check_app(program, page)
    for error in errors:
        print(f"{page}: {error}\n", file=sys.stderr)
    if errors:
        print(f"{len(errors)} difference(s) between {os.path.basename(page)} and the program's --help",
              file=sys.stderr)
        return 1
    print(f"{os.path.basename(page)} documents every command and option of {os.path.basename(program)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
