#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# check-mime.sh MIME_XML DESKTOP_FILE: the shared-mime-info database accepts
# the saved comparison's type, maps *.juxtrace to it, and the desktop entry
# lists it.
set -e
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/mime/packages"
cp "$1" "$d/mime/packages/"
if XDG_DATA_DIRS="$d" update-mime-database "$d/mime" 2>&1 | grep .; then
  echo "update-mime-database complained about $1" >&2
  exit 1
fi
grep -qx 'application/x-juxtrace-comparison:\*\.juxtrace' "$d/mime/globs" || {
  echo "*.juxtrace is not application/x-juxtrace-comparison in $1" >&2
  exit 1
}
grep -q '^MimeType=.*application/x-juxtrace-comparison;' "$2" || {
  echo "$2 does not list application/x-juxtrace-comparison in MimeType" >&2
  exit 1
}
