#!/usr/bin/env bash
# flags-stamp.sh SCRATCH FLAGS...: SwiftPM does not compile again what -Xswiftc flags change
# (scripts/release.mk's -function-sections): when the release flags differ from those SCRATCH's
# release objects were built with, they are removed, so that the build that follows makes every
# object with the new flags. Run before `swift build FLAGS --scratch-path SCRATCH`.
set -euo pipefail
scratch="$1"; shift
stamp="$scratch/release-flags"
want="$*"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
# The target triple's folder (x86_64-unknown-linux-gnu/release); `release` beside it, and other
# scratch folders inside (their `release` is a link), are left alone.
for dir in "$scratch"/*/release; do
  if [ -d "$dir" ] && [ ! -L "$dir" ]; then
    echo "flags-stamp: the release flags changed: building $dir again" >&2
    rm -rf "$dir"
  fi
done
mkdir -p "$scratch"
printf '%s' "$want" > "$stamp"
