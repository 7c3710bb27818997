#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# One command on a fresh Debian 12 machine (as root): install the
# dependencies, build Juxtrace and run the whole test-suite twice:
#   1. a normal build (_build/test), under Xvfb and a private D-Bus session;
#   2. an AddressSanitizer + UndefinedBehaviorSanitizer build (_build/asan),
#      where any UBSan report or leak fails the test.
# Exits non-zero when a build or a test fails; the second run happens even
# when the first one failed.
set -eu

srcdir=$(cd "$(dirname "$0")/.." && pwd)
testdir=${JX_TEST_BUILD_DIR:-$srcdir/_build/test}
asandir=${JX_ASAN_BUILD_DIR:-$srcdir/_build/asan}

"$srcdir/build-aux/install-deps.sh"

setup() {
  dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$srcdir" "$@"
  else
    meson setup "$dir" "$srcdir" "$@"
  fi
}

status=0

echo "==== juxtrace: build and test ($testdir)"
if ! { setup "$testdir" -Dbuildtype=debugoptimized &&
        ninja -C "$testdir" &&
        xvfb-run -a dbus-run-session -- \
          meson test -C "$testdir" --no-rebuild --print-errorlogs --logbase jx-normal; }; then
  status=1
fi

echo "==== juxtrace: build and test with ASan + UBSan ($asandir)"
# GSlice in GLib 2.74 still pools memory, which hides errors from ASan.
G_SLICE=always-malloc
ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=0:strict_init_order=1
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
LSAN_OPTIONS=suppressions=$srcdir/build-aux/lsan.supp:print_suppressions=0
export G_SLICE ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS

# Widget tests (suites ui and app) run in a pass of their own, one at a time
# (each on its own Xvfb display, build-aux/own-display.sh, but heavy under the
# sanitizers), with ASan and UBSan. Leak checking is off
# there by default: on a loaded machine GTK/GLib worker threads occasionally
# leave a few hundred bytes that LSan cannot attribute (the stack ends in
# g_malloc), which would make CI flaky. The lifetime of what matters (traces,
# summaries, sessions, widgets) is checked deterministically with weak
# pointers in test-views and test-window instead. JX_GUI_DETECT_LEAKS=1 turns
# leak checking on here too.
gui_asan_options=$(echo "$ASAN_OPTIONS" | sed "s/detect_leaks=1/detect_leaks=${JX_GUI_DETECT_LEAKS:-0}/")

if ! { setup "$asandir" -Dbuildtype=debugoptimized -Db_sanitize=address,undefined -Db_lundef=false &&
        ninja -C "$asandir"; }; then
  status=1
else
  if ! xvfb-run -a dbus-run-session -- \
         meson test -C "$asandir" --no-rebuild --print-errorlogs --timeout-multiplier 3 \
         --logbase jx-asan --no-suite ui --no-suite app; then
    status=1
  fi
  if ! ASAN_OPTIONS=$gui_asan_options xvfb-run -a dbus-run-session -- \
         meson test -C "$asandir" --no-rebuild --print-errorlogs --timeout-multiplier 3 \
         --logbase jx-asan-ui --num-processes 1 --suite ui --suite app; then
    status=1
  fi
fi

# One closing line over every pass, counted from meson's JSON test logs.
python3 - "$testdir/meson-logs/jx-normal.json" "$asandir/meson-logs/jx-asan.json" \
  "$asandir/meson-logs/jx-asan-ui.json" <<'PY' || status=1
import json, os, sys
passed = failed = skipped = 0
for path in sys.argv[1:]:
    if not os.path.exists(path):
        failed += 1  # a pass that did not run at all counts as a failure
        continue
    for line in open(path, encoding="utf-8"):
        result = json.loads(line).get("result")
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif result == "SKIP":
            skipped += 1
        else:
            failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
PY

if [ "$status" -eq 0 ]; then
  echo "==== juxtrace: all tests passed (normal and ASan + UBSan)"
else
  echo "==== juxtrace: tests FAILED (see the summaries above)" >&2
fi
exit "$status"
