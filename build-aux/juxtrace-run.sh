#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One command on a fresh Debian 12 machine (as root): install the
# dependencies, build Juxtrace, and open it on the bundled example comparison.
# Runs uninstalled from the build directory (default: _build/run).
set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${JX_BUILD_DIR:-$srcdir/_build/run}

"$srcdir/build-aux/install-deps.sh"

if [ -f "$builddir/build.ninja" ]; then
  meson setup --reconfigure "$builddir" "$srcdir" -Dexamples=true
else
  meson setup "$builddir" "$srcdir" -Dexamples=true
fi
ninja -C "$builddir"

app=""
for candidate in "$builddir/src/juxtrace" "$builddir/src/app/juxtrace"; do
  if [ -x "$candidate" ]; then
    app=$candidate
    break
  fi
done
if [ -z "$app" ]; then
  echo "juxtrace: the juxtrace executable was not built in $builddir/src (is the GUI disabled?)" >&2
  exit 1
fi

# Compiled schemas live in the build tree; the examples are the four traces
# written at build time (baseline, optimized, other-machine, imbalanced).
GSETTINGS_SCHEMA_DIR="$builddir/data"
JUXTRACE_EXAMPLES_DIR="$builddir/data/examples"
export GSETTINGS_SCHEMA_DIR JUXTRACE_EXAMPLES_DIR

set -- "$app" --examples

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "juxtrace: built $app, but there is no display (DISPLAY / WAYLAND_DISPLAY unset)." >&2
  echo "juxtrace: run it from a graphical session:" >&2
  echo "  GSETTINGS_SCHEMA_DIR=$GSETTINGS_SCHEMA_DIR JUXTRACE_EXAMPLES_DIR=$JUXTRACE_EXAMPLES_DIR $*" >&2
  exit 1
fi

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null; then
  exec dbus-run-session -- "$@"
fi
exec "$@"
