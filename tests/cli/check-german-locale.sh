#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# juxtrace-cli in a German locale: messages come out in German, but numbers
# keep their decimal point, so CSV output is the same as in the C locale.
# The de_DE.UTF-8 locale is compiled into a temporary LOCPATH with localedef;
# without glibc's locale sources the test is skipped (exit 77).
#
# Usage: check-german-locale.sh JUXTRACE_CLI BUILD_PO_DIR
set -eu

cli=${1:?usage: check-german-locale.sh JUXTRACE_CLI BUILD_PO_DIR}
podir=${2:?usage: check-german-locale.sh JUXTRACE_CLI BUILD_PO_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/locale"
if ! localedef -i de_DE -f UTF-8 "$tmp/locale/de_DE.UTF-8" > "$tmp/localedef.log" 2>&1; then
  echo "localedef cannot build de_DE.UTF-8 (glibc's locale sources missing): skipped" >&2
  cat "$tmp/localedef.log" >&2
  exit 77
fi

"$cli" generate --ranks 2 --iterations 6 --seed 3 "$tmp/a" > /dev/null
"$cli" generate --ranks 2 --iterations 6 --seed 3 --variant faster-kernel "$tmp/b" > /dev/null

LC_ALL=C "$cli" diff --csv "$tmp/a" "$tmp/b" > "$tmp/c.csv"
LOCPATH=$tmp/locale LC_ALL=de_DE.UTF-8 LANGUAGE=de JUXTRACE_LOCALEDIR=$podir \
  "$cli" diff --csv "$tmp/a" "$tmp/b" > "$tmp/de.csv"
if ! cmp -s "$tmp/c.csv" "$tmp/de.csv"; then
  echo "diff --csv differs in the German locale:" >&2
  diff "$tmp/c.csv" "$tmp/de.csv" >&2 || true
  exit 1
fi

LOCPATH=$tmp/locale LC_ALL=de_DE.UTF-8 LANGUAGE=de JUXTRACE_LOCALEDIR=$podir \
  "$cli" diff "$tmp/a" "$tmp/b" > "$tmp/de.txt"
grep -q '^Laufzeit: ' "$tmp/de.txt" || {
  echo "diff in German does not start its headline with “Laufzeit:”:" >&2
  cat "$tmp/de.txt" >&2
  exit 1
}
if grep -q '[0-9],[0-9]' "$tmp/de.txt"; then
  echo "diff in German writes decimal commas:" >&2
  grep '[0-9],[0-9]' "$tmp/de.txt" >&2
  exit 1
fi
echo "German locale: messages translated, numbers and CSV unchanged"
