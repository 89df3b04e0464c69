#!/usr/bin/env bash
# `make run`: with $DISPLAY, the keyboard on it (any arguments are passed on). Without one, a
# demo on a private X server: Xvfb + openbox + a target window + the keyboard; a sentence is
# tapped on the keyboard's keys with XTest (at the frames `stackboard keys` reports), a
# screenshot is saved to out/demo.png, and what the keyboard typed and the target received is
# printed. Every process the demo starts is stopped at the end. The taps are made with
# Tests/Tools/pointer.c (XTest moves and clicks that wait for each click to be delivered).
set -euo pipefail

BIN=${1:?usage: scripts/run.sh PATH-TO-stackboard [ARGS...]}
shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${DISPLAY:-}" ]; then
  exec "$BIN" "$@"
fi

for tool in Xvfb openbox xprop xwininfo import cc; do
  command -v "$tool" >/dev/null || { echo "run: '$tool' is missing: run 'make setup' (scripts/setup.sh)" >&2; exit 1; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/stackboard-demo-XXXXXX")
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

wait_for() { # SECONDS DESCRIPTION COMMAND...: polls COMMAND until it succeeds
  local limit=$1 what=$2; shift 2
  local deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || { echo "run: timed out waiting for $what" >&2; exit 1; }
    sleep 0.1
  done
}

# A private X server on a free display (the server picks it and writes it to fd 3).
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$WORK/display" 2>"$WORK/xvfb.log" &
PIDS+=($!)
wait_for 15 "Xvfb to start" test -s "$WORK/display"
export DISPLAY=":$(head -n1 "$WORK/display")"

openbox >/dev/null 2>"$WORK/openbox.log" &
PIDS+=($!)
wait_for 15 "openbox" sh -c 'xprop -root _NET_SUPPORTING_WM_CHECK | grep -q "window id"'

# The test tools: the target (a small window that takes the focus and prints what it
# receives) and the pointer driver.
mkdir -p "$ROOT/.build/testtools"
tool() { # NAME LIBS...: Tests/Tools/NAME.c compiled into .build/testtools when out of date
  local name=$1; shift
  local out="$ROOT/.build/testtools/$name"
  if [ ! -x "$out" ] || [ "$ROOT/Tests/Tools/$name.c" -nt "$out" ]; then
    cc -O1 -o "$out.$$" "$ROOT/Tests/Tools/$name.c" "$@" && mv "$out.$$" "$out"
  fi
  echo "$out"
}
KEYSINK=$(tool keysink -lX11)
POINTER=$(tool pointer -lX11 -lXtst)
"$KEYSINK" -d -g 700x360+290+60 >"$WORK/target.out" 2>"$WORK/target.err" &
PIDS+=($!)
wait_for 10 "the target window" grep -q '^FOCUSIN' "$WORK/target.out"

"$BIN" --print --no-sound "$@" >"$WORK/keyboard.out" 2>"$WORK/keyboard.err" &
KEYBOARD=$!
PIDS+=($KEYBOARD)
wait_for 15 "the keyboard window" sh -c 'xwininfo -name Stackboard | grep -q IsViewable'

INFO=$(xwininfo -name Stackboard)
field() { sed -n "s/.*$1: *\(-\{0,1\}[0-9]*\).*/\1/p" <<<"$INFO" | head -n1; }
X0=$(field "Absolute upper-left X"); Y0=$(field "Absolute upper-left Y")
W=$(field "Width"); H=$(field "Height")
KEYS=$("$BIN" keys --layout qwerty --size "${W}x${H}")

num() { sed -E "s/.*\"$1\":(-?[0-9]+).*/\1/" <<<"$2"; }
STEPS=()
tap() { # a fixed-string pattern of one key's JSON line, e.g. '"text":"h"' or '"action":"space"'
  local line
  line=$(grep -F -- "$1" <<<"$KEYS" | head -n1)
  [ -n "$line" ] || { echo "run: the layout has no key matching $1" >&2; exit 1; }
  local x y w h
  x=$(num x "$line"); y=$(num y "$line"); w=$(num width "$line"); h=$(num height "$line")
  STEPS+=("$((X0 + x + w / 2)),$((Y0 + y + h / 2))" tap)
}

SENTENCE="Hello from Stackboard"
for ((i = 0; i < ${#SENTENCE}; i++)); do
  c=${SENTENCE:i:1}
  if [ "$c" = " " ]; then
    tap '"action":"space"'
  elif [ "$c" != "${c,,}" ]; then
    tap '"action":"shift"'
    tap "\"text\":\"${c,,}\""
  else
    tap "\"text\":\"$c\""
  fi
done
tap '"action":"return"'
STEPS+=("$((X0 + W - 5)),$((Y0 - 40))")   # the pointer out of the picture
"$POINTER" "${STEPS[@]}"
wait_for 10 "the keyboard to handle the taps" grep -q '^<Return>$' "$WORK/keyboard.out"
for _ in $(seq 50); do grep -q '^KEY [0-9]* Return ' "$WORK/target.out" && break; sleep 0.1; done
sleep 0.3

mkdir -p "$ROOT/out"
import -window root "$ROOT/out/demo.png"

typed=$(tr -d '\n' <"$WORK/keyboard.out" | sed 's/<Return>$//')
received=$(sed -n 's/^KEY [0-9]* [^ ]* "\(.*\)" kc=.*/\1/p' "$WORK/target.out" | tr -d '\n')
suffix=""
if [ "${received%\\u000d}" != "$received" ]; then received=${received%\\u000d}; suffix=" + Return"; fi
echo "Stackboard demo on a private X server ($DISPLAY, 1280x800, openbox)."
echo "  tapped on the keyboard:   \"$SENTENCE\" + Return"
echo "  the keyboard typed:       \"$typed\" + Return (its --print output)"
if [ -n "$received" ]; then
  echo "  the target window got:    \"$received\"$suffix"
else
  echo "  the target window got:    nothing: typing needs the XTEST extension on the server"
fi
echo "  screenshot:               $ROOT/out/demo.png"
if [ -s "$WORK/keyboard.err" ]; then
  echo "  keyboard messages:"; sed 's/^/    /' "$WORK/keyboard.err"
fi
