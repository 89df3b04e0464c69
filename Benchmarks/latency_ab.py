#!/usr/bin/env python3
"""latency_ab.py: tap→key of two keyboard builds side by side (before/after a change).

  latency_ab.py BINARY_A BINARY_B [--rounds N] [--taps N]

Each round is a fresh private X session (Xvfb, openbox, keysink); in it each binary in turn
(the order alternates by round) is started, tapped on its `a` key N times interleaved with the
XTest floor (a key sent straight to the target, Benchmarks/tools/latency.c), and stopped. A
binary's tap→key ÷ floor is taken per round (the floor of its own taps), so the two builds are
compared on the same machine load within seconds of each other. Prints medians, p95 and the
per-round ratios; writes every sample to --out (default out/latency-ab-DATE.json).
"""
import argparse, json, os, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402


def one(s, binary, taps):
    kb, window = M.start_keyboard(s, binary)
    try:
        keys = B.key_frames(binary, 'qwerty', window[3], window[4])
        time.sleep(1)
        return M.latency(s, window, keys, taps)
    finally:
        s.stop(kb)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('a')
    ap.add_argument('b')
    ap.add_argument('--rounds', type=int, default=4)
    ap.add_argument('--taps', type=int, default=80)
    ap.add_argument('--out')
    o = ap.parse_args()
    names = {'A': os.path.abspath(o.a), 'B': os.path.abspath(o.b)}
    rows = {'A': [], 'B': []}
    for r in range(o.rounds):
        s = B.Session()
        try:
            order = ['A', 'B'] if r % 2 == 0 else ['B', 'A']
            for name in order:
                res = one(s, names[name], o.taps)
                tap, floor = B.median(res['tap_ms']), B.median(res['floor_ms'])
                rows[name].append({'round': r + 1, 'tap_ms': res['tap_ms'], 'floor_ms': res['floor_ms'],
                                   'lost': res['lost'], 'wrong': res['wrong_keysym'], 'ratio': tap / floor})
                B.log(f"round {r + 1} {name}: tap→key {B.fmt(tap)} ms, floor {B.fmt(floor)} ms, "
                      f"ratio {B.fmt(tap / floor, 2)}, lost {res['lost']}, wrong {res['wrong_keysym']}")
        finally:
            s.close()
    print()
    for name in ('A', 'B'):
        taps = [t for row in rows[name] for t in row['tap_ms']]
        floors = [t for row in rows[name] for t in row['floor_ms']]
        ratios = [row['ratio'] for row in rows[name]]
        print(f"{name} {names[name]}: tap→key median {B.fmt(B.median(taps))} ms (p95 {B.fmt(B.p95(taps))}), "
              f"floor {B.fmt(B.median(floors))} ms (p95 {B.fmt(B.p95(floors))}), "
              f"ratio median {B.fmt(B.median(ratios), 2)} (rounds {', '.join(B.fmt(x, 2) for x in ratios)}), "
              f"p95 ratio {B.fmt(B.p95(taps) / B.p95(floors), 2)}, lost {sum(r['lost'] for r in rows[name])}, "
              f"wrong {sum(r['wrong'] for r in rows[name])}")
    out = o.out or os.path.join(B.ROOT, 'out', time.strftime('latency-ab-%Y%m%d-%H%M%S.json'))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, 'w') as f:
        json.dump({'binaries': names, 'rounds': rows}, f, indent=1)
    print('samples:', out)


if __name__ == '__main__':
    main()
