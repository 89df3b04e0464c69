#!/usr/bin/env bash
# How fast a docked keyboard follows a new screen size: Xorg's dummy screen (Xvfb cannot change
# its size) with openbox and `stackboard --dock bottom`, switched between 1280x800 and 1024x768
# ROUNDS times by Benchmarks/tools/randrprobe.c, which prints each round and the medians
# (microseconds after the request: the probe's own RRScreenChangeNotify, the keyboard's
# ConfigureNotify at the new width, its new strut, its first new frame).
#
#   Benchmarks/monitors.sh PATH-TO-stackboard [ROUNDS]      (root: Xorg with a generated config)
set -euo pipefail
BIN=${1:?usage: Benchmarks/monitors.sh PATH-TO-stackboard [ROUNDS]}
ROUNDS=${2:-20}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "monitors: Xorg with a generated config needs root" >&2; exit 1; }
for f in /usr/bin/Xorg /usr/lib/xorg/modules/drivers/dummy_drv.so; do
  [ -e "$f" ] || { echo "monitors: $f is missing (apt-get install xserver-xorg-core xserver-xorg-video-dummy)" >&2; exit 1; }
done
DIR=$(mktemp -d /tmp/stackboard-monitors-XXXXXX)
PIDS=()
cleanup() {
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[$i]}" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT

mkdir -p "$DIR/conf.d" && echo "# nothing" > "$DIR/conf.d/00-none.conf"
cat > "$DIR/xorg.conf" <<'EOF'
Section "ServerFlags"
    Option "AutoAddDevices" "false"
    Option "AutoAddGPU" "false"
    Option "DontVTSwitch" "true"
EndSection
Section "Device"
    Identifier "dummy"
    Driver "dummy"
    VideoRam 65536
EndSection
Section "Monitor"
    Identifier "monitor"
    HorizSync 5.0 - 1000.0
    VertRefresh 5.0 - 200.0
    Modeline "1280x800" 76.80 1280 1296 1312 1600 800 803 806 830
    Modeline "1024x768" 61.44 1024 1040 1056 1280 768 771 774 798
EndSection
Section "Screen"
    Identifier "screen"
    Device "dummy"
    Monitor "monitor"
    DefaultDepth 24
    SubSection "Display"
        Depth 24
        Modes "1280x800" "1024x768"
        Virtual 1280 800
    EndSubSection
EndSection
EOF
exec 3> "$DIR/displayfd"
Xorg -config "$DIR/xorg.conf" -configdir "$DIR/conf.d" -seat seat-monitors -noreset -nolisten tcp \
  -logfile "$DIR/Xorg.log" -displayfd 3 > "$DIR/xorg.out" 2>&1 &
PIDS+=($!)
exec 3>&-
for _ in $(seq 100); do [ -s "$DIR/displayfd" ] && break; sleep 0.1; done
[ -s "$DIR/displayfd" ] || { echo "monitors: Xorg did not start; see its log:" >&2; grep "(EE)" "$DIR/Xorg.log" >&2; exit 1; }
export DISPLAY=":$(head -1 "$DIR/displayfd")"
openbox > "$DIR/openbox.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && break; sleep 0.1; done
"$BIN" --no-sound --dock bottom > "$DIR/keyboard.log" 2>&1 &
PIDS+=($!)
WINDOW=""
for _ in $(seq 100); do
  WINDOW=$(xwininfo -name Stackboard 2>/dev/null | awk '/Window id:/ {print $4}') && [ -n "$WINDOW" ] && break
  sleep 0.1
done
[ -n "$WINDOW" ] || { echo "monitors: no keyboard window; its log:" >&2; cat "$DIR/keyboard.log" >&2; exit 1; }
mkdir -p "$ROOT/.build/benchtools"
PROBE="$ROOT/.build/benchtools/randrprobe"
[ "$PROBE" -nt "$ROOT/Benchmarks/tools/randrprobe.c" ] ||
  cc -O2 -Wall -o "$PROBE" "$ROOT/Benchmarks/tools/randrprobe.c" -lX11 -lXrandr -lXdamage
"$PROBE" "$WINDOW" "$ROUNDS" 1280x800 1024x768
