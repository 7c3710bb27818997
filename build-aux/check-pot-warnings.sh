#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Extracts the messages of po/POTFILES.in as meson's juxtrace-pot target does
# (preset glib) into a temporary file and fails on any xgettext warning: such a
# message cannot be translated as written. The usual cause is a GLib format
# macro inside _(): "%" G_GUINT64_FORMAT ends the message at the "%"; write
# "%" PRIu64 (<inttypes.h>) or %zu instead, which xgettext and gettext handle.
#
# Usage: check-pot-warnings.sh SOURCE_ROOT
set -eu

root=${1:?usage: check-pot-warnings.sh SOURCE_ROOT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root"
xgettext --package-name=juxtrace -p "$tmp" -D "$root" -f po/POTFILES.in -o juxtrace.pot \
  --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  2> "$tmp/warnings"
if [ -s "$tmp/warnings" ]; then
  cat "$tmp/warnings" >&2
  echo "xgettext warns about the messages above: they cannot be translated as written" >&2
  exit 1
fi
echo "$(grep -c '^msgid ' "$tmp/juxtrace.pot") messages extracted without warnings"
