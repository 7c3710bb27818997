#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every source file of the tree starts with an SPDX licence line:
# C sources and headers, CSS, meson files, shell scripts, GtkBuilder and other
# XML files (.ui, .xml, .svg, Mallard .page), desktop and metainfo templates,
# man pages, suppression and dictionary files. The line is the first one, or
# the second after a "#!" or "<?xml" line.
#
# Usage: check-spdx.sh SOURCE_ROOT          (exit 1 naming the files without it)
#        check-spdx.sh SOURCE_ROOT --add    (add the line where it is missing)
set -eu

root=${1:?usage: check-spdx.sh SOURCE_ROOT [--add]}
mode=${2:-check}
licence=GPL-3.0-or-later
LC_ALL=C
export LC_ALL
cd "$root"

# Tracked files plus new ones not yet added (so a new file fails before it is
# committed); outside a git checkout (a release tarball) every file but build
# directories.
list_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard
  else
    find . -path ./.git -prune -o -path './_build*' -prune \
      -o \( -path './build*' ! -path './build-aux*' \) -prune -o -type f -print | sed 's|^\./||'
  fi
}

# The comment that holds the line, by file type; nothing for files without one.
comment_of() {
  case "$1" in
    tests/fuzz/corpus/*) ;;
    *.c|*.h|*.css) echo 'c' ;;
    *.ui|*.xml|*.svg|*.page|*.xml.in|*.xml.in.in) echo 'xml' ;;
    *.1) echo 'roff' ;;
    */meson.build|meson.build|meson_options.txt|*.sh|*.py|*.supp|*.dict|*.desktop.in.in|.ci/run) echo 'hash' ;;
    *) ;;
  esac
}

spdx_line() {
  # The metainfo's own licence is its metadata licence, not the program's.
  id=$licence
  case "$2" in
    *.metainfo.xml*) id=$(sed -n 's|.*<metadata_license>\(.*\)</metadata_license>.*|\1|p' "$2" | head -n 1) ;;
    *) ;;
  esac
  case "$1" in
    c) echo "/* SPDX-License-Identifier: $id */" ;;
    xml) echo "<!-- SPDX-License-Identifier: $id -->" ;;
    roff) echo ".\\\" SPDX-License-Identifier: $id" ;;
    *) echo "# SPDX-License-Identifier: $id" ;;
  esac
}

# Line 1, or line 2 after a shebang or an XML declaration.
has_spdx() {
  first=$(sed -n 1p "$1")
  case "$first" in
    *SPDX-License-Identifier:*) return 0 ;;
    '#!'*|'<?xml'*) sed -n 2p "$1" | grep -q 'SPDX-License-Identifier: [A-Za-z0-9]' ;;
    *) return 1 ;;
  esac
}

add_spdx() {
  line=$(spdx_line "$2" "$1")
  tmp="$1.spdx-tmp"
  first=$(sed -n 1p "$1")
  case "$first" in
    '#!'*|'<?xml'*) { sed -n 1p "$1"; echo "$line"; sed '1d' "$1"; } > "$tmp" ;;
    *) { echo "$line"; cat "$1"; } > "$tmp" ;;
  esac
  # Keep the file's mode (scripts stay executable).
  cat "$tmp" > "$1"
  rm -f "$tmp"
}

missing=""
count=0
for file in $(list_files); do
  [ -f "$file" ] || continue
  kind=$(comment_of "$file")
  [ -n "$kind" ] || continue
  count=$((count + 1))
  if has_spdx "$file"; then
    continue
  fi
  if [ "$mode" = "--add" ]; then
    add_spdx "$file" "$kind"
    echo "added: $file"
  else
    missing="$missing $file"
  fi
done

if [ -n "$missing" ]; then
  echo "These source files have no SPDX licence line at the top:" >&2
  for file in $missing; do
    echo "  $file: add as its first line (after a #! or <?xml line): $(spdx_line "$(comment_of "$file")" "$file")" >&2
  done
  echo "(or run: build-aux/check-spdx.sh . --add)" >&2
  exit 1
fi
echo "SPDX licence lines: $count source files, all present"
