#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks one catalog: msgfmt --check passes (format strings, plural forms,
# header) and every message is translated and none is fuzzy.
#
# Usage: check-po.sh PO_FILE
set -eu

po=${1:?usage: check-po.sh PO_FILE}
LC_ALL=C
export LC_ALL

if ! stats=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
  echo "$stats" >&2
  echo "$po fails msgfmt --check" >&2
  exit 1
fi
echo "$po: $stats"
case $stats in
  *fuzzy*|*untranslated*)
    echo "$po has fuzzy or untranslated messages: run build-aux/update-po.sh and translate" \
         "them (msgattrib --only-fuzzy $po; msgattrib --untranslated $po)" >&2
    exit 1
    ;;
esac
if ! grep -q '^"Plural-Forms: nplurals=[0-9]' "$po"; then
  echo "$po has no Plural-Forms header" >&2
  exit 1
fi
