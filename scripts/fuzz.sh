#!/usr/bin/env bash
# `make fuzz`: the layout loader, the config loader and the word model readers on mutated and random input for a bounded
# time (default 60 s), in a worker process watched for crashes and hangs (Benchmarks/StackboardBench,
# FuzzRunner.swift), and the word models and learned-words files (FuzzWords.swift). Seeds:
# Resources/layouts, Tests/Corpus/layouts, Tests/Corpus/config, Tests/Corpus/words.
# Anything found is saved to Tests/Corpus/crashes/ with a note on how to replay it; exit 1 then.
#
#   scripts/fuzz.sh [SECONDS] [SEED]     or   make fuzz FUZZ_SECONDS=600 FUZZ_SEED=7
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_TO_RUN=${1:-${FUZZ_SECONDS:-60}}
SEED=${2:-${FUZZ_SEED:-$(date +%s)}}
SWIFT=${SWIFT:-swift}
export PATH=/opt/swift/usr/bin:$PATH
# stackboard-bench is in the package only with this set (Package.swift).
export STACKBOARD_BENCH=1

cd "$ROOT"
echo "fuzz: building stackboard-bench (release)"
# The same flags as `make build` (a build with other flags would link everything again).
# shellcheck disable=SC2086
"$SWIFT" build ${BUILD_FLAGS:--c release --static-swift-stdlib} --product stackboard-bench 2>&1 | grep -v "prohibited flag" | tail -n 1
# shellcheck disable=SC2086
BIN="$("$SWIFT" build ${BUILD_FLAGS:--c release --static-swift-stdlib} --show-bin-path)/stackboard-bench"
exec "$BIN" fuzz --root "$ROOT" --seconds "$SECONDS_TO_RUN" --seed "$SEED"
