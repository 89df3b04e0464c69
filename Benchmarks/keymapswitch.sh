#!/bin/bash
# keymapswitch.sh BINARY [ROUNDS]: how many characters `stackboard type` loses while another
# program switches the keymap. Each round types "€ä" 15 times (borrowed keycodes in us, keys of
# their own in de) and runs setxkbmap (us <-> de) at a random moment while it types, on a private
# Xvfb with the tests' keysink. Prints the counts of € and ä received against those sent.
# Not in `make test`: a key already sent when the map changes can still be looked up in the new
# map by a client that reads both at once (more likely on a loaded machine), so the count is
# measured here, not asserted.
set -u
BIN=$(realpath "$1"); ROUNDS=${2:-20}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SINK=$ROOT/.build/testtools/keysink
[ -x "$SINK" ] || { echo "keymapswitch: $SINK is missing: run 'make test' (or the typing tests) once to build it" >&2; exit 1; }
WORK=$(mktemp -d); D=:$((150 + RANDOM % 100))
Xvfb $D -screen 0 800x600x24 -nolisten tcp >/dev/null 2>&1 & XV=$!
trap 'kill $KS $XV 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
KS=
export DISPLAY=$D
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done
setxkbmap -layout us
"$SINK" > "$WORK/sink" 2>/dev/null & KS=$!
for _ in $(seq 100); do grep -q FOCUSIN "$WORK/sink" && break; sleep 0.05; done
TEXT=$(printf '€ä%.0s' $(seq 15))
for r in $(seq "$ROUNDS"); do
  "$BIN" type --delay 2 --slow-app-ms 0 "$TEXT" & TP=$!
  sleep 0.0$((RANDOM % 9 + 1))
  if [ $((r % 2)) = 1 ]; then setxkbmap -layout de; else setxkbmap -layout us; fi
  wait $TP
done
# The sink has every key once its count stops growing (a benchmark may wait; a test may not).
last=-1; while n=$(grep -c '^KEY ' "$WORK/sink"); [ "$n" != "$last" ]; do last=$n; sleep 0.5; done
grep '^KEY ' "$WORK/sink" | sed -n 's/.*"\(.*\)" kc=.*/\1/p' | tr -d '\n' > "$WORK/got"
/usr/bin/python3 - "$ROUNDS" "$WORK/got" <<'PY'
import sys
n = int(sys.argv[1]) * 15
got = open(sys.argv[2], encoding="utf-8").read()
euro, a = got.count("€"), got.count("ä")
other = [c for c in got if c not in "€ä"]
print(f"sent {n} € and {n} ä; received {euro} € and {a} ä, and {len(other)} other characters {other}")
print(f"missing: {max(0, 2 * n - euro - a)} of {2 * n}; other characters: {len(other)}")
PY
