#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Brings the translations up to date with the sources (HACKING.md, Translations):
#  1. rewrites po/POTFILES.in to list every file with translatable strings
#     (build-aux/check-potfiles.sh --print),
#  2. regenerates po/juxtrace.pot (meson target juxtrace-pot),
#  3. merges it into every po/LANG.po of po/LINGUAS (target juxtrace-update-po),
#  4. checks each catalog with msgfmt --check and prints its statistics, and
#     lists per language the messages that still need a translator;
#  5. does the same for the user guide: help/C/juxtrace.pot (not committed)
#     merged into every help/LANG/LANG.po of help/LINGUAS (target
#     help-juxtrace-update-po).
# Exits 1 when a catalog fails msgfmt --check; untranslated or fuzzy messages
# are reported, not fatal (the po-LANG tests fail on them).
#
# Usage: build-aux/update-po.sh [BUILD_DIR]     (default: _build/dev)
set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${1:-$srcdir/_build/dev}
case $builddir in
  /*) ;;
  *) builddir=$(pwd)/$builddir ;;
esac

for tool in meson xgettext msgmerge msgfmt msgattrib; do
  if ! command -v "$tool" > /dev/null; then
    echo "update-po.sh: $tool is missing (Debian: apt install gettext meson)" >&2
    exit 1
  fi
done

if [ ! -f "$builddir/build.ninja" ]; then
  echo "update-po.sh: configuring $builddir"
  meson setup "$builddir" "$srcdir" > /dev/null
fi

# 1. POTFILES.in: comment lines at its top are kept, the list is recomputed.
potfiles=$srcdir/po/POTFILES.in
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.warn"' EXIT
sed -n '/^[[:space:]]*#/p' "$potfiles" > "$tmp"
"$srcdir/build-aux/check-potfiles.sh" "$srcdir" --print >> "$tmp"
if ! cmp -s "$tmp" "$potfiles"; then
  echo "update-po.sh: po/POTFILES.in updated:"
  diff "$potfiles" "$tmp" | sed -n 's/^[<>]/  &/p' || true
  cp "$tmp" "$potfiles"
fi

# 2. The template. xgettext's warnings name strings that cannot be translated
# as written (a G_GUINT64_FORMAT inside _(), see HACKING.md): show them.
meson compile -C "$builddir" juxtrace-pot > "$tmp.warn" 2>&1 || {
  cat "$tmp.warn" >&2
  echo "update-po.sh: generating po/juxtrace.pot failed" >&2
  exit 1
}
grep -i 'warning' "$tmp.warn" >&2 || true
echo "update-po.sh: po/juxtrace.pot: $(grep -c '^msgid ' "$srcdir/po/juxtrace.pot") entries (with the header)"

# 3. Merge into the catalogs (fuzzy matching on: a merged guess is marked fuzzy).
meson compile -C "$builddir" juxtrace-update-po > "$tmp.warn" 2>&1 || {
  cat "$tmp.warn" >&2
  echo "update-po.sh: merging the catalogs failed" >&2
  exit 1
}

# 4. Check every catalog and say what is left to translate.
status=0
for lang in $(sed -e 's/#.*//' "$srcdir/po/LINGUAS"); do
  po=$srcdir/po/$lang.po
  # Drop messages no source uses any more (msgmerge keeps them as #~).
  msgattrib --no-obsolete -o "$po" "$po"
  if ! stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    echo "$stats" >&2
    echo "update-po.sh: po/$lang.po fails msgfmt --check" >&2
    status=1
    continue
  fi
  echo "po/$lang.po: $stats"
  todo=$(msgattrib --only-fuzzy "$po" | grep -c '^msgid ' || true)
  untranslated=$(msgattrib --untranslated "$po" | grep -c '^msgid ' || true)
  if [ "$todo" -gt 1 ] || [ "$untranslated" -gt 1 ]; then
    echo "  to do: msgattrib --only-fuzzy po/$lang.po; msgattrib --untranslated po/$lang.po"
  fi
done

# 5. The user guide's catalogs (untranslated messages show in English; the
# help-translated-LANG tests check markup and the merged pages).
meson compile -C "$builddir" help-juxtrace-update-po > "$tmp.warn" 2>&1 || {
  cat "$tmp.warn" >&2
  echo "update-po.sh: merging the user guide's catalogs failed" >&2
  exit 1
}
for lang in $(sed -e 's/#.*//' "$srcdir/help/LINGUAS"); do
  po=$srcdir/help/$lang/$lang.po
  msgattrib --no-obsolete -o "$po" "$po"
  if ! stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    echo "$stats" >&2
    echo "update-po.sh: help/$lang/$lang.po fails msgfmt --check" >&2
    status=1
    continue
  fi
  echo "help/$lang/$lang.po: $stats"
  todo=$(msgattrib --only-fuzzy "$po" | grep -c '^msgid ' || true)
  untranslated=$(msgattrib --untranslated "$po" | grep -c '^msgid ' || true)
  if [ "$todo" -gt 1 ] || [ "$untranslated" -gt 1 ]; then
    echo "  to do: msgattrib --only-fuzzy help/$lang/$lang.po; msgattrib --untranslated help/$lang/$lang.po"
  fi
done
exit "$status"
