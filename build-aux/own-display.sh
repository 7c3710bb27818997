#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one widget test (its command line is the arguments) on an Xvfb display
# and a D-Bus session bus of its own, which go away with it. meson runs the ui
# and app tests through this, also under the test script's xvfb-run and
# dbus-run-session: test programs sharing one loaded X server disturb each
# other (seen: a window that never gets a frame drawn, the alignment report's
# popover, which grabs the pointer, closed again at once), and sharing one
# bus, an application's registration failed when another test's went away.
# Without Xvfb, or with JX_TEST_DISPLAY=shared, the test runs on the display
# it was given.
set -u

if [ "${JX_TEST_DISPLAY:-}" = shared ] || ! command -v Xvfb > /dev/null 2>&1; then
  exec "$@"
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/jx-display.XXXXXX") || exit 1
server=
trap 'if [ -n "$server" ]; then kill "$server" 2> /dev/null; wait "$server" 2> /dev/null; fi; rm -rf "$dir"' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# A display number far above xvfb-run's (99 and up) and a desktop's, drawn
# at random, so that tests started together (also by other checkouts on the
# same machine) do not race for one as `xvfb-run -a` can; Xvfb refuses a
# number in use, and then the next try draws another. The server writes the
# number to -displayfd once it accepts connections (up to 30 s on a loaded
# machine).
attempt=0
while :; do
  attempt=$((attempt + 1))
  number=$(( ($$ * 7919 + attempt * 104729 + $(date +%N | sed 's/^0*//;s/^$/0/')) % 30000 + 1000 ))
  : > "$dir/number"
  Xvfb ":$number" -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3> "$dir/number" 2> "$dir/log" &
  server=$!
  tries=0
  while [ ! -s "$dir/number" ] && kill -0 "$server" 2> /dev/null && [ "$tries" -lt 300 ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
  [ -s "$dir/number" ] && break
  kill "$server" 2> /dev/null
  wait "$server" 2> /dev/null
  server=
  if [ "$attempt" -ge 5 ]; then
    echo "own-display.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
done

DISPLAY=:$number
export DISPLAY
unset WAYLAND_DISPLAY
if command -v dbus-run-session > /dev/null 2>&1; then
  dbus-run-session -- "$@"
else
  "$@"
fi
