#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Holds the rule of src/model/jx-time.h: it has the only converters between
# comparison time and a trace's ticks (and between tick and ns durations).
# Fails when a function or macro that converts between ticks and ns or
# comparison time is defined anywhere else in src/, when a removed second
# converter comes back, or when code converts comparison time by hand
# (an offset or a trace's start folded into a duration conversion).
#
# Usage: check-time-converters.sh SOURCE_ROOT
set -eu

root=${1:?usage: check-time-converters.sh SOURCE_ROOT}
cd "$root"
LC_ALL=C
export LC_ALL
status=0

# 1. Definitions (GNU style: the name at the start of a line) and macros whose
#    name says they convert between ticks and ns, seconds or comparison time
#    (not pixels: jx_timeline_view_tick_to_x maps a view). Durations at a trace's resolution
#    (jx_trace_ticks_to_ns and friends) wrap jx-time.h and are allowed.
allowed='src/model/jx-time.c:jx_time_comparison_to_ticks
src/model/jx-time.c:jx_time_ns_to_ticks
src/model/jx-time.c:jx_time_ticks_to_comparison
src/model/jx-time.c:jx_time_ticks_to_ns
src/model/jx-time.c:jx_time_ticks_to_seconds
src/model/jx-trace.c:jx_trace_seconds_to_ticks
src/model/jx-trace.c:jx_trace_ticks_to_ns
src/model/jx-trace.c:jx_trace_ticks_to_seconds'
found=$(grep -rnoE --include='*.c' --include='*.h' \
          '^([a-z_0-9]*(ticks?_to_(ns|comparison|seconds|time)|(ns|comparison|seconds|time)_to_ticks?)[a-z_0-9]*|#[[:space:]]*define[[:space:]]+[A-Za-z_0-9]*(TICKS?_TO_(NS|COMPARISON|SECONDS|TIME)|(NS|COMPARISON|SECONDS|TIME)_TO_TICKS?)[A-Za-z_0-9]*)' src |
        sed -E 's/^([^:]*):[0-9]+:(#[[:space:]]*define[[:space:]]+)?/\1:/' | sort -u)
extra=$(printf '%s\n' "$found" | grep -vxF "$allowed" || true)
if [ -n "$extra" ]; then
  echo "A converter between ticks and time outside src/model/jx-time.c (use jx_time_comparison_to_ticks and back):"
  printf '%s\n' "$extra"
  status=1
fi

# 2. The second converters this rule replaced stay gone, in src/ and tests/.
old=$(grep -rnE 'jx_(timeline_comparison_to_ticks|timeline_ticks_to_comparison|session_trace_ns_to_ticks|session_trace_ticks_to_ns)\b' src tests || true)
if [ -n "$old" ]; then
  echo "A removed converter is used again (use jx_time_comparison_to_ticks and back, jx-time.h):"
  printf '%s\n' "$old"
  status=1
fi

# 3. Comparison time by hand: an offset, or ticks before the trace's start,
#    inside a duration conversion.
by_hand=$(grep -rnE --include='*.c' \
            'jx_(time|trace)_(ns_to_ticks|ticks_to_ns)[[:space:]]*\([^;]*(offset|-\(gint64\)[[:space:]]*\(start)' src || true)
if [ -n "$by_hand" ]; then
  echo "Comparison time converted by hand (use jx_time_comparison_to_ticks and back, jx-time.h):"
  printf '%s\n' "$by_hand"
  status=1
fi

[ $status -eq 0 ] && echo "one converter between comparison time and ticks: src/model/jx-time.c"
exit $status
