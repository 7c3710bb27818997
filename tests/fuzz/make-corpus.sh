#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates the seed corpus of the fuzz targets (tests/fuzz/corpus/) from
# the trace generator, so no real trace is copied into the tree:
#   tests/fuzz/make-corpus.sh BUILD_DIR
# BUILD_DIR is a configured and built tree (juxtrace-cli and jx-fuzz-pack).
# corpus/loader/*.jxfz are small archives packed with jx-fuzz-pack: ranks,
# threads, a GPU stream, markers, messages, collectives, metrics, each --defect kind
# the generator can inject, and a few damaged by hand (cut event file,
# broken local definitions, no definitions), and regress-* cases found by
# fuzzing that are easier to build than to keep as found (16 MiB chunk
# sizes with many locations). corpus/cli/* are command lines,
# one argv word per line ("@A", "@B", "@D": the archives fuzz-cli makes).
# Minimised crashers found by fuzzing live beside them as crash-*; this
# script never removes them.
set -eu

build=${1:?usage: make-corpus.sh BUILD_DIR}
src=$(cd "$(dirname "$0")" && pwd)
cli=$build/src/cli/juxtrace-cli
pack=$build/tests/fuzz/jx-fuzz-pack
out=$src/corpus/loader
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$out" "$src/corpus/cli"
rm -f "$out"/seed-*.jxfz "$out"/regress-*.jxfz "$src"/corpus/cli/seed-*

small="--iterations 2 --depth 2 --fanout 1"
gen() {
  name=$1
  shift
  "$cli" generate "$@" "$tmp/$name" > /dev/null
  "$pack" "$tmp/$name" "$out/seed-$name.jxfz"
}

gen one-rank          --ranks 1 $small
gen two-ranks         --ranks 2 $small
gen threads           --ranks 2 --threads 2 --iterations 2 --depth 3 --fanout 2
gen gpu               --ranks 2 --gpu-streams 1 $small
gen markers           --ranks 2 --markers $small
gen messages          --ranks 3 --iterations 11 --depth 2 --fanout 1
gen everything        --ranks 2 --threads 2 --gpu-streams 1 --markers --iterations 3 --depth 3 --fanout 2
gen variants          --ranks 2 --variant rename --variant add --variant faster-kernel $small
gen imbalance         --ranks 3 --imbalance 1:0.5 --variant slower-machine $small
gen metrics           --ranks 2 --threads 2 --metrics --defect unknown-metric $small
for defect in unclosed mismatched backwards unknown-role undefined-region empty-stream missing-evt unmatched-leave; do
  gen "defect-$defect" --ranks 2 --defect "$defect" $small
done
gen all-defects       --ranks 2 --threads 2 --markers --iterations 3 --depth 2 --fanout 1 \
  --defect unclosed --defect mismatched --defect backwards --defect unknown-role \
  --defect undefined-region --defect empty-stream --defect missing-evt --defect unmatched-leave

# Damaged by hand, from the two-rank archive.
damage() {
  name=$1
  rm -rf "$tmp/$name"
  cp -r "$tmp/two-ranks" "$tmp/$name"
}
damage cut-evt
size=$(wc -c < "$tmp/cut-evt/traces/0.evt")
head -c $((size / 2)) "$tmp/two-ranks/traces/0.evt" > "$tmp/cut-evt/traces/0.evt"
"$pack" "$tmp/cut-evt" "$out/seed-cut-evt.jxfz"
damage broken-local-def
printf 'not local definitions' > "$tmp/broken-local-def/traces/1.def"
"$pack" "$tmp/broken-local-def" "$out/seed-broken-local-def.jxfz"
damage no-local-defs
rm -f "$tmp/no-local-defs"/traces/*.def
"$pack" "$tmp/no-local-defs" "$out/seed-no-local-defs.jxfz"
damage no-global-defs
rm -f "$tmp/no-global-defs/traces.def"
"$pack" "$tmp/no-global-defs" "$out/seed-no-global-defs.jxfz"
damage cut-global-defs
size=$(wc -c < "$tmp/cut-global-defs/traces.def")
head -c $((size / 2)) "$tmp/two-ranks/traces.def" > "$tmp/cut-global-defs/traces.def"
"$pack" "$tmp/cut-global-defs" "$out/seed-cut-global-defs.jxfz"

# The largest chunk size OTF2 allows (16 MiB, little-endian at offsets 12 and
# 20 of the anchor) with 32 locations: libotf2 gives every open reader a
# buffer of that size, also when its file is missing or broken.
"$cli" generate --ranks 8 --threads 4 --iterations 1 --depth 2 --fanout 1 "$tmp/chunks" > /dev/null
for offset in 12 20; do
  printf '\000\000\000\001\000\000\000\000' |
    dd of="$tmp/chunks/traces.otf2" bs=1 seek=$offset conv=notrunc 2> /dev/null
done
"$pack" "$tmp/chunks" "$out/regress-chunk-size-many-locations.jxfz"
cp -r "$tmp/chunks" "$tmp/chunks-defs"
for f in "$tmp/chunks-defs"/traces/*.def; do printf 'x' > "$f"; done
"$pack" "$tmp/chunks-defs" "$out/regress-chunk-size-broken-local-defs.jxfz"
cp -r "$tmp/chunks" "$tmp/chunks-evt"
rm -f "$tmp/chunks-evt"/traces/*.evt
"$pack" "$tmp/chunks-evt" "$out/regress-chunk-size-missing-evt.jxfz"

# Command lines for fuzz-cli: one word per line.
cmd() {
  name=$1
  shift
  printf '%s\n' "$@" > "$src/corpus/cli/seed-$name"
}
cmd version         --version
cmd usage           bogus
cmd info            info @A
cmd info-json       info --json @D
cmd info-metrics    info --metrics --csv @A
cmd render-metric   render --metric JX_CYCLES -o out.png @A
cmd info-missing    info no-such-trace
cmd profile         profile @A
cmd profile-process profile --per process --csv @D
cmd profile-json    profile --json --per region @B
cmd profile-bad     profile --per thread --json --csv @A
cmd diff            diff @A @B
cmd diff-json       diff --json --algorithm hirschberg @A @D
cmd diff-csv        diff --csv --algorithm anchor @B @A
cmd diff-explain    diff --explain --process "MPI Rank 0" --algorithm nw @A @B
cmd diff-fast       diff --algorithm=fast --process=nobody @A @A
cmd diff-strict     diff --strict --csv @A @D
cmd diff-pair       diff --pair "MPI Rank 0=MPI Rank 1" --pair "MPI Rank 1 / Master thread=MPI Rank 0 / Master thread" @A @B
cmd diff-limit      diff --explain --limit 3 --top 2 @A @B
cmd diff-gate       diff --fail-above 5 --function stencil_kernel --top 0 @A @B
cmd diff-headline   diff --csv --headline --top 3 @B @A
cmd profile-strict  profile --strict --json @D
cmd generate        generate --ranks 2 --threads 2 --gpu-streams 1 --markers --iterations 3 out
cmd generate-defect generate --ranks 2 --iterations 2 --defect unclosed,missing-evt --variant rename out
cmd generate-calls  generate --ranks 2 --iterations 2 --variant more-calls out
cmd generate-imbal  generate --ranks 3 --imbalance 0-1:40% --seed 7 --events 2000 out
cmd generate-bad    generate --ranks 0 --depth 13 --imbalance x out
cmd generate-big    generate --ranks 65536 --iterations 1000000 out
cmd generate-ex     generate --examples=ex
cmd generate-apex   generate --ranks 2 --iterations 2 --process-names "process {pid}" --archive-name APEX out
cmd render-diff     render @A @B --diff -o out.png
cmd render-chart    render @A @B --chart skew -o out.svg
cmd render-fold-sos render @D --fold threads,device --fold-op idle --sos --dark -o out.png
cmd render-at       render @A @B --at "stencil_kernel#2" --window 0:5ms --size 400x300 -o out.pdf
cmd imbalance-json  imbalance --json @A @D
cmd align-csv       align --at "stencil_kernel#2" --csv @A @B
cmd diff-functions  diff --csv --functions @A @B
cmd cluster         cluster @A @D
cmd cluster-json    cluster --json --threshold 0.9 @D
cmd cluster-csv     cluster --csv --members 0 --strict @A
cmd diff-pairing    diff --pairing name --csv @A @B
cmd render-clusters render @A @D --clusters --diff --pairing structure -o out.png
cmd align-pairing   align --at "stencil_kernel#2" --pairing name @A @B
cmd merged-tree     cluster --merged-tree --streams "MPI Rank *" --mismatch -3 @A @D
cmd merged-csv      cluster --merged-tree --cluster 2 --csv --depth 2 @D
cmd align-range     align --range 1ms:3ms --json --gap -2 @A @B
cmd diff-scores     diff --match 3 --csv @A @B
cmd generate-roles  generate --ranks 4 --threads 3 --iterations 2 --variant rotate-threads --classes 2 --outliers 1 out
cmd trend-json      trend @A @B --json --measure all --at 64
cmd trend-param     trend @A @D --param n=1,2 --paths --category mpi
cmd generate-laws   generate --ranks 3 --iterations 2 --laws scaling --law-jitter 0.05 out
