#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when a finished stream pair is turned into a diff bar anywhere but
# in the one model, src/analysis/jx-diff-bar-set.c (jx_diff_bar_set_add_pair):
# views, the session and the CLI read bars from it and never convert a pair
# themselves. What a conversion looks like, in any .c or .h under src/:
#   - a per-stream array indexed by a pair's stream and assigned
#     (bars[pair->stream_b] = …, partnered[sp->stream_a] = 1);
#   - a pair's diff copied into a struct of one's own (bar.diff = pair->diff);
#   - this side's stream of a pair picked by a side flag
#     (side_b ? pair->stream_b : pair->stream_a), the step before storing.
# Usage: check-diff-bar-conversion.sh [SOURCE_ROOT]
root=${1:-$(dirname "$0")/..}
model=src/analysis/jx-diff-bar-set.c
cd "$root" || exit 2

found=$(grep -rnE \
  -e '\[[^]]*(->|\.)stream_[ab][[:space:]]*\][[:space:]]*=[^=]' \
  -e '\.diff[[:space:]]*=[[:space:]]*[A-Za-z_][A-Za-z0-9_]*(->|\.)diff[[:space:]]*;' \
  -e 'side_b[[:space:]]*\?[[:space:]]*[A-Za-z_][A-Za-z0-9_]*(->|\.)stream_b[[:space:]]*:[[:space:]]*[A-Za-z_][A-Za-z0-9_]*(->|\.)stream_a' \
  --include='*.c' --include='*.h' src | grep -v "^$model:")

if [ -n "$found" ]; then
  echo "A second pair→bar conversion; use jx_diff_bar_set_add_pair() ($model):"
  echo "$found"
  exit 1
fi
echo "One pair→bar conversion: $model"
grep -n "^jx_diff_bar_set_add_pair" "$model"
