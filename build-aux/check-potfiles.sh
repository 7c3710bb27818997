#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that po/POTFILES.in lists exactly the files that hold translatable
# strings: C sources using _(), N_(), C_(), NC_(), ngettext(); .ui files with
# translatable="yes"; and the desktop, metainfo and schema templates in data/.
# The list must be sorted (C locale) and free of duplicates.
#
# Usage: check-potfiles.sh SOURCE_ROOT          (exit 1 and a diff on mismatch)
#        check-potfiles.sh SOURCE_ROOT --print  (print the expected list)
set -eu

root=${1:?usage: check-potfiles.sh SOURCE_ROOT [--print]}
mode=${2:-check}
potfiles="$root/po/POTFILES.in"
LC_ALL=C
export LC_ALL

expected() {
  cd "$root"
  {
    for dir in src ui; do
      [ -d "$dir" ] || continue
      find "$dir" -type f \( -name '*.c' -o -name '*.h' \) -print0 |
        xargs -0 -r grep -lE '(^|[^A-Za-z0-9_])(_|N_|C_|NC_|Q_|ngettext|g_dngettext)[[:space:]]*\(' || true
      find "$dir" -type f -name '*.ui' -print0 |
        xargs -0 -r grep -l 'translatable="yes"' || true
    done
    if [ -d data ]; then
      find data -maxdepth 1 -type f \( -name '*.desktop.in.in' -o -name '*.metainfo.xml.in.in' -o -name '*.gschema.xml' \)
    fi
  } | sort -u
}

listed() {
  grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$potfiles"
}

if [ "$mode" = "--print" ]; then
  expected
  exit 0
fi

status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expected > "$tmp/expected"
listed > "$tmp/listed"

if ! sort -c "$tmp/listed" 2>/dev/null; then
  echo "po/POTFILES.in is not sorted (LC_ALL=C sort)" >&2
  status=1
fi
if [ -n "$(uniq -d "$tmp/listed")" ]; then
  echo "po/POTFILES.in lists files twice:" >&2
  uniq -d "$tmp/listed" >&2
  status=1
fi
while IFS= read -r file; do
  if [ ! -f "$root/$file" ]; then
    echo "po/POTFILES.in lists a file that does not exist: $file" >&2
    status=1
  fi
done < "$tmp/listed"

sort -u "$tmp/listed" > "$tmp/listed.sorted"
if ! diff -u "$tmp/listed.sorted" "$tmp/expected" > "$tmp/diff"; then
  echo "po/POTFILES.in differs from the files with translatable strings" >&2
  echo "(lines with + are missing from POTFILES.in, lines with - have no translatable strings):" >&2
  tail -n +3 "$tmp/diff" >&2
  status=1
fi

if [ "$status" -eq 0 ]; then
  echo "po/POTFILES.in: $(wc -l < "$tmp/listed") files, complete and sorted"
fi
exit "$status"
