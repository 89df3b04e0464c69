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
if compgen -G "$scratch/*/release" >/dev/null; then
  echo "flags-stamp: the release flags changed: building $scratch's release objects again" >&2
  rm -rf "$scratch"/*/release
fi
mkdir -p "$scratch"
printf '%s' "$want" > "$stamp"
