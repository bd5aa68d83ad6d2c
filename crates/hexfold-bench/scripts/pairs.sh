#!/bin/bash
# Builds of the `load` bench in turn, a line of figures per run.
#
#   crates/hexfold-bench/scripts/pairs.sh ROUNDS LABEL=LOAD_BINARY... [-- LOAD_ARGS...]
#
# Each round runs every binary once, in the order given (build each with
# `cargo build --release -p hexfold-bench --bin load` and copy it aside, so two builds can be compared), with
# LOAD_ARGS, by default `--games 256 --seconds 4 --durability fsync`. Per run it prints the peak's durable
# commands/s, their ratio to the no-op calls of the same run, the half-load phase's rate, p50 and p99, and
# the CPU per command at the peak (server runtime, client runtime, other threads: the store's). Taking the
# builds in turn, round after round, keeps a drift of the machine's speed from reading as a difference
# between them; compare the figures pair by pair and quote medians.
set -euo pipefail
rounds=$1
shift
builds=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  builds+=("$1")
  shift
done
[ "${1:-}" = -- ] && shift
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--games 256 --seconds 4 --durability fsync)

for round in $(seq 1 "$rounds"); do
  for build in "${builds[@]}"; do
    label=${build%%=*} binary=${build#*=}
    out=$("$binary" "${args[@]}" 2>&1)
    peak=$(sed -nE 's/^peak: durable commands: ([0-9]+)\/s.*/\1/p' <<<"$out")
    ratio=$(sed -nE 's/^ratio: durable commands\/s = ([0-9.]+) x.*/\1/p' <<<"$out")
    half=$(sed -nE 's/^half load .*commands: ([0-9]+)\/s .*p50 ([0-9.]+) ms, p99 ([0-9.]+) ms.*/\1\/s p50 \2 ms p99 \3 ms/p' <<<"$out")
    cpu=$(grep -m1 'CPU per call' <<<"$out" |
      sed -E 's/.*runtime ([0-9]+) us, client runtime ([0-9]+) us, other threads \(sled\) ([0-9]+) us.*/\1 \2 \3 us/')
    echo "round $round $label: peak ${peak:-?}/s ratio ${ratio:-?} half ${half:-?} cpu $cpu"
  done
done
