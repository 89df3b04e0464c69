#!/usr/bin/env bash
# Auto-show's figures (issue 13): focus -> show/hide decision latency over 20 focus changes in the
# GTK 3 focus target, and the tracker's wake-ups over 10 s idle (goal 0), with strace -c as a
# second witness. Everything runs in a private Xvfb + openbox + dbus-daemon + at-spi-bus-launcher
# that this script starts and stops.
#
#   Benchmarks/autoshow.sh [PATH-TO-stackboard-autoshow-bench] [COUNT] [IDLE-SECONDS]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export PATH=/opt/swift/usr/bin:$PATH
BENCH=${1:-$(cd "$ROOT" && swift build -c release --product stackboard-autoshow-bench >&2 && swift build -c release --show-bin-path)/stackboard-autoshow-bench}
COUNT=${2:-20}
IDLE=${3:-10}
DIR=$(mktemp -d /tmp/stackboard-autoshow-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill -- -"$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done; rm -rf "$DIR"; }
trap cleanup EXIT

exec 3> "$DIR/displayfd"
setsid Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 2>"$DIR/xvfb.log" & pids+=($!)
exec 3>&-
for _ in $(seq 100); do [ -s "$DIR/displayfd" ] && break; sleep 0.1; done
export DISPLAY=:$(head -1 "$DIR/displayfd") HOME=$DIR XDG_RUNTIME_DIR=$DIR
setsid openbox >"$DIR/openbox.log" 2>&1 & pids+=($!)
setsid dbus-daemon --session --nofork --nopidfile --address="unix:path=$DIR/bus" >"$DIR/dbus.log" 2>&1 & pids+=($!)
export DBUS_SESSION_BUS_ADDRESS="unix:path=$DIR/bus"
for _ in $(seq 100); do [ -S "$DIR/bus" ] && break; sleep 0.1; done
setsid /usr/libexec/at-spi-bus-launcher --launch-immediately >"$DIR/launcher.log" 2>&1 & pids+=($!)
for _ in $(seq 100); do gdbus call --session -d org.a11y.Bus -o /org/a11y/bus -m org.a11y.Bus.GetAddress >/dev/null 2>&1 && break; sleep 0.1; done

# The tracker must listen before the window starts (see docs/autoshow.md: a window that starts while
# the registration is on its way may never send its events).
"$BENCH" idle 1 >/dev/null
setsid /usr/bin/python3 "$ROOT/Tests/Tools/focus-target.py" >"$DIR/target.out" 2>"$DIR/target.err" & pids+=($!)
for _ in $(seq 200); do grep -q '^ready ' "$DIR/target.out" && break; sleep 0.1; done
line=$(grep '^ready ' "$DIR/target.out")
center() { echo "$line" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2 | awk -F, '{printf "%d,%d", $1+$3/2, $2+$4/2}'; }
# Start on the button so that the first click on the field is a focus change.
xdotool mousemove $(center button | tr , ' ') click 1

echo "latency (ms, $COUNT focus changes each way):"
"$BENCH" latency "$(center text)" "$(center button)" "$COUNT" &
wait $! || true
echo "idle wake-ups ($IDLE s, tracker connected, nothing happening):"
"$BENCH" idle "$IDLE"
echo "strace -f -c of another idle run (its counts include connecting):"
strace -f -c -o "$DIR/strace.txt" "$BENCH" idle "$IDLE" >/dev/null

grep -E "ppoll|poll|recvmsg|calls" "$DIR/strace.txt" | head -6
