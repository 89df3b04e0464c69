#!/usr/bin/env bash
# `make soak`: 10,000 taps at 50 per second on the keyboard's qwerty keys while a target window
# records (Benchmarks/soak.py): nothing lost, duplicated or out of order, no stuck keys, the
# keymap unchanged, the memory flat. About 4 minutes. Exit status 1 on any failure.
#
#   scripts/soak.sh PATH-TO-RELEASE-stackboard [soak.py options]
#   make soak SOAK_FLAGS="--taps 50000 --rate 100"
set -euo pipefail
BIN=${1:?usage: scripts/soak.sh PATH-TO-stackboard [soak.py options]}
shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
for tool in Xvfb openbox xkbcomp xwininfo xprop cc python3; do
  command -v "$tool" >/dev/null || { echo "soak: '$tool' is missing: run 'make setup' (scripts/setup.sh)" >&2; exit 1; }
done
# shellcheck disable=SC2086
exec python3 "$ROOT/Benchmarks/soak.py" "$BIN" ${SOAK_FLAGS:-} "$@"
