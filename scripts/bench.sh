#!/usr/bin/env bash
# `make bench`: Stackboard's benchmark (Benchmarks/bench.py) with the release binary, then the
# peers (matchbox-keyboard, xvkbd, onboard) next to it in the same run (Benchmarks/peers.py),
# nothing from outside the repository but Debian packages. About 15-20 minutes.
#
#   scripts/bench.sh PATH-TO-RELEASE-stackboard [bench.py options]
#   make bench BENCH_FLAGS="--rounds 5 --peer-rounds 5"     more rounds
#   make bench BENCH_FLAGS="--quick"                          a smoke run (~3 minutes)
#   make bench BENCH_FLAGS="--sections startup,memory --no-peers"   only those figures
#   make bench BENCH_FLAGS="--peers-only"                     only Stackboard next to the peers
#
# The peers and the helpers' headers are Debian packages that only the benchmark needs; they are
# installed here with apt when missing (not by scripts/setup.sh: `make test` does not need them).
set -euo pipefail
BIN=${1:?usage: scripts/bench.sh PATH-TO-stackboard [bench.py options]}
shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH
# The benchmark programs are in the package only with this set (Package.swift).
export STACKBOARD_BENCH=1

BENCH_PACKAGES=(
  matchbox-keyboard xvkbd onboard          # the peers
  dbus-daemon                              # onboard needs a session bus (each session has one)
  libxres-dev libxdamage-dev libxtst-dev   # headers of the helpers (startprobe, latency, pointer)
  xvfb openbox x11-utils xdotool imagemagick gcc make python3
  strace                                   # auto-show's idle wake-ups (Benchmarks/autoshow.sh)
  heaptrack                                # the heap by owner (Benchmarks/heap.py, the memory section)
)
missing=()
for p in "${BENCH_PACKAGES[@]}"; do
  dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench: installing what the benchmark needs: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  else
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  fi
fi

# The in-process benchmarks and the floor pad in Swift (Benchmarks/FloorPad), built beside the
# keyboard and the same way.
for product in stackboard-bench stackboard-floorpad; do
  PRODUCT_BIN="$(dirname "$BIN")/$product"
  if [ ! -x "$PRODUCT_BIN" ] || [ "$BIN" -nt "$PRODUCT_BIN" ]; then
    # shellcheck disable=SC2086 # the flags are words
    (cd "$ROOT" && swift build ${BUILD_FLAGS:--c release --static-swift-stdlib} --product "$product" 2>&1 | grep -v "prohibited flag" | tail -n 1)
  fi
done
BENCH_BIN="$(dirname "$BIN")/stackboard-bench"
# Auto-show (issue 13): focus -> decision latency and idle wake-ups with the tracker on.
AUTOSHOW_BIN="$(dirname "$BIN")/stackboard-autoshow-bench"
# shellcheck disable=SC2086
[ -x "$AUTOSHOW_BIN" ] || (cd "$ROOT" && swift build ${BUILD_FLAGS:--c release --static-swift-stdlib} --product stackboard-autoshow-bench 2>&1 | tail -n 1)
# Not for a run of one part only (--peers-only, --words-only).
case " ${BENCH_FLAGS:-} $* " in
  *" --peers-only "*|*" --words-only "*) ;;
  *) "$ROOT/Benchmarks/autoshow.sh" "$AUTOSHOW_BIN" || echo "bench: the auto-show figures failed (see above)" ;;
esac
# What users run: the Debian package (make deb; the Swift runtime linked in), installed into a
# scratch root with dpkg -x, measured next to the `make run` build ($BIN). BENCH_DEB=FILE.deb
# takes a package already built; BENCH_DEB=none measures $BIN alone.
OUT=${BENCH_OUT:-$ROOT/out/bench-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
BUILDS=("$BIN")
if [ "${BENCH_DEB:-}" != none ]; then
  if [ -z "${BENCH_DEB:-}" ]; then
    echo "bench: building the Debian package (make deb, log in $OUT/deb-build.log)"
    make -C "$ROOT" deb DEB_OUT="$OUT/deb" DEB_BUILD_FLAGS=-nc >"$OUT/deb-build.log" 2>&1 \
      || { echo "bench: make deb failed; see $OUT/deb-build.log, or run with BENCH_DEB=none" >&2; exit 1; }
    BENCH_DEB=$(ls "$OUT"/deb/stackboard_*.deb | head -n 1)
  fi
  dpkg -x "$BENCH_DEB" "$OUT/deb-root"
  # The installed binary finds its layouts in /usr/share; this one in the scratch root.
  export STACKBOARD_DATA_DIR="$OUT/deb-root/usr/share/stackboard"
  BUILDS=("$OUT/deb-root/usr/bin/stackboard" --also "make-run=$BIN")
fi
# shellcheck disable=SC2086
exec python3 "$ROOT/Benchmarks/bench.py" "${BUILDS[@]}" --bench-binary "$BENCH_BIN" --out "$OUT" ${BENCH_FLAGS:-} "$@"
