#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes Juxtrace with libFuzzer (clang, ASan + UBSan):
#   build-aux/fuzz.sh SECONDS [TARGET…]      TARGET: loader, cli, session-file (default: all)
# Builds the targets in _build/fuzz (or $JX_FUZZ_BUILD_DIR) with
# -Dfuzzing=true, copies the seed corpus tests/fuzz/corpus/TARGET to a
# working corpus outside the tree ($JX_FUZZ_WORK_DIR, default
# _build/fuzz-work/TARGET), and runs each target for SECONDS, one after the
# other, in one process on one core, under nice. Afterwards it prints, per
# target, the executions, exec/s, coverage (cov, ft), the corpus size and
# the findings; crashers, timeouts and out-of-memory inputs are kept in
# _build/fuzz-work/findings/TARGET/ (minimise one with
#   _build/fuzz/tests/fuzz/fuzz-TARGET -minimize_crash=1 -runs=10000 FILE
# and add it to tests/fuzz/corpus/TARGET/ as crash-NAME).
# Exits 1 when something was found.
#
# Environment: JX_FUZZ_RSS_MB (default 2048): the RSS limit; JX_FUZZ_MALLOC_MB
# (default 512): the largest single allocation allowed; JX_FUZZ_ARGS: more
# libFuzzer options; JX_FUZZ_FORK=1 keeps going after a finding (-fork=1,
# still one worker).
set -eu

seconds=${1:?usage: fuzz.sh SECONDS [loader|cli|session-file]…}
shift
targets=${*:-loader cli session-file}

srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${JX_FUZZ_BUILD_DIR:-$srcdir/_build/fuzz}
workdir=${JX_FUZZ_WORK_DIR:-$srcdir/_build/fuzz-work}
rss_mb=${JX_FUZZ_RSS_MB:-2048}
malloc_mb=${JX_FUZZ_MALLOC_MB:-512}

if ! command -v clang > /dev/null 2>&1 ||
   ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a > /dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends clang libclang-rt-dev
  else
    echo "fuzz.sh: needs clang and libFuzzer: apt-get install clang libclang-rt-dev (as root)" >&2
    exit 2
  fi
fi

if [ -f "$builddir/build.ninja" ]; then
  meson setup --reconfigure "$builddir" "$srcdir" > /dev/null
else
  CC=clang meson setup "$builddir" "$srcdir" -Dbuildtype=debugoptimized \
    -Db_sanitize=address,undefined -Db_lundef=false -Dgui=disabled \
    -Dexamples=false -Dfuzzing=true > /dev/null
fi
nice -n 10 ninja -C "$builddir" $(for t in $targets; do echo "tests/fuzz/fuzz-$t"; done)

# What a sanitizer finds ends the run with a report. LeakSanitizer ignores
# the allocations listed in lsan.supp (system libraries, libotf2) and, here
# only, every leak whose stack passes through libotf2: libotf2 is built
# without frame pointers, so the fast unwinder cannot name the libotf2
# functions lsan.supp lists, and the slow one makes fuzzing 50 times
# slower. The corpus regression tests (suite fuzz) use the slow unwinder
# and lsan.supp alone, so a leak of ours under a libotf2 callback that a
# fuzzer input shows is caught once the input is in the corpus.
suppressions=$(mktemp)
cat "$srcdir/build-aux/lsan.supp" > "$suppressions"
echo "leak:libopen-trace-format2.so" >> "$suppressions"
# An allocation over JX_FUZZ_MALLOC_MB fails (returns NULL), as on a machine
# without that memory: libotf2 trusts counts in traces.def and asks for up
# to 32 GB it never touches (a known limitation, see the README); it copes
# with NULL, and our code, which must not ask for that much, aborts in
# g_malloc () with a stack trace.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1:allocator_may_return_null=1:max_allocation_size_mb=$malloc_mb
UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:print_stacktrace=1
LSAN_OPTIONS=suppressions=$suppressions:print_suppressions=0
G_SLICE=always-malloc
G_DEBUG=gc-friendly
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS G_SLICE G_DEBUG

# One core at most: pinned to the one this shell may use last, if taskset is there.
pin=""
if command -v taskset > /dev/null 2>&1; then
  cpu=$(($(nproc) - 1))
  pin="taskset -c $cpu"
fi

# Each execution unpacks into a directory of its own; a crash leaves its
# directory behind, so they all go below one that is removed at the end.
base=/dev/shm
[ -w "$base" ] || base=${TMPDIR:-/tmp}
JX_FUZZ_TMPDIR=$(mktemp -d "$base/jx-fuzz-run-XXXXXX")
export JX_FUZZ_TMPDIR
trap 'rm -rf "$JX_FUZZ_TMPDIR" "$suppressions"' EXIT

status=0
summary=""
for target in $targets; do
  binary=$builddir/tests/fuzz/fuzz-$target
  corpus=$workdir/$target
  findings=$workdir/findings/$target
  log=$workdir/$target.log
  mkdir -p "$corpus" "$findings"
  # The regress-chunk-size-* inputs declare 16 MiB chunks for 32 locations:
  # libotf2 clears a buffer that size per reader, which takes seconds under
  # ASan. They stay regression tests; as seeds they would eat the run.
  for seed in "$srcdir/tests/fuzz/corpus/$target"/*; do
    case $(basename "$seed") in
      regress-chunk-size-*) ;;
      *) cp -n "$seed" "$corpus"/ ;;
    esac
  done
  case $target in
    loader) extra="-max_len=65536 -timeout=30" ;;
    cli) extra="-max_len=512 -timeout=20 -dict=$srcdir/tests/fuzz/cli.dict" ;;
    session-file) extra="-max_len=4096 -timeout=10" ;;
    *) echo "fuzz.sh: unknown target $target" >&2; exit 2 ;;
  esac
  fork=""
  if [ "${JX_FUZZ_FORK:-0}" = 1 ]; then
    fork="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
  fi
  before=$(ls "$findings" | wc -l)
  echo "==== fuzz-$target: $seconds s, corpus $corpus, log $log"
  # shellcheck disable=SC2086
  nice -n 10 $pin "$binary" -max_total_time="$seconds" -rss_limit_mb="$rss_mb" \
    -malloc_limit_mb="$malloc_mb" $fork $extra \
    -artifact_prefix="$findings/" -print_final_stats=1 ${JX_FUZZ_ARGS:-} \
    "$corpus" > "$log" 2>&1 || status=1
  after=$(ls "$findings" | wc -l)
  line=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(grep -E 'stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}')
  speed=$(grep -E 'stat::average_exec_per_sec' "$log" | tail -1 | awk '{print $2}')
  cov=$(echo "$line" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$line" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
  summary="$summary
fuzz-$target: ${runs:-?} executions, ${speed:-?} exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus $(ls "$corpus" | wc -l) files, $((after - before)) new findings in $findings"
done

echo "==== fuzzing summary$summary"
exit "$status"
