#!/usr/bin/env python3
"""latency_ab.py: tap→key of two keyboard builds side by side (before/after a change).

  latency_ab.py BINARY_A BINARY_B [--rounds N] [--taps N] [--variant NAME=ARGS ...] [--split] [--hold-ms MS] [--gap-ms MS]

Each round is a fresh private X session (Xvfb, openbox, keysink); in it each binary in turn
(the order alternates by round) is started, tapped on its `a` key N times interleaved with the
XTest floor (a key sent straight to the target, Benchmarks/tools/latency.c), and stopped. With
`--variant` (repeatable: `bar=` for the defaults, `nobar=--suggestions 0`) each binary runs once
per variant in every round, the order of all the runs alternating by round. A binary's tap→key
÷ floor is taken per round (the floor of its own taps), so the builds are compared on the same
machine load within seconds of each other. `--split` runs each build once more per round with
Benchmarks/tools/xwirespy.c and splits its tap→key as bench.py does: the release reaching the
keyboard, the keyboard's own work (its read of the ButtonRelease → its write of the XTEST key),
and the key reaching the target. Prints medians, p95 and the per-round ratios, and the load
average at the start and end of each round; writes every sample to --out (default
out/latency-ab-DATE.json). --hold-ms and --gap-ms set each tap's hold and the pause before the
next (30 and 40 ms; peers.py holds 50 and pauses 100 to 120).
"""
import argparse, json, os, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402


def one(s, binary, taps, args, hold_ms, gap_ms):
    kb, window = M.start_keyboard(s, binary, ('--no-sound', *args))
    try:
        keys = B.key_frames(binary, 'qwerty', window[3], window[4])
        time.sleep(1)
        return M.latency(s, window, keys, taps, hold_ms, gap_ms)
    finally:
        s.stop(kb)


def load():
    return ' '.join(B.read('/proc/loadavg').split()[:3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('a')
    ap.add_argument('b')
    ap.add_argument('--rounds', type=int, default=4)
    ap.add_argument('--taps', type=int, default=80)
    ap.add_argument('--variant', action='append', default=None,
                    help='NAME=ARGS: also run each binary with these keyboard arguments (repeatable)')
    ap.add_argument('--split', action='store_true', help='also the tap→key split (xwirespy), per build and variant')
    ap.add_argument('--hold-ms', type=int, default=30, help='how long each tap holds the button (ms)')
    ap.add_argument('--gap-ms', type=int, default=40, help='the pause between taps (ms)')
    ap.add_argument('--out')
    o = ap.parse_args()
    names = {'A': os.path.abspath(o.a), 'B': os.path.abspath(o.b)}
    variants = [tuple(v.split('=', 1)) for v in o.variant] if o.variant else [('', '')]
    runs = [(name, v) for v in variants for name in ('A', 'B')]
    rows = {run: [] for run in runs}
    splits = {run: {'deliver_ms': [], 'work_ms': [], 'to_target_ms': []} for run in runs}
    loads = []
    for r in range(o.rounds):
        s = B.Session()
        try:
            before = load()
            order = runs if r % 2 == 0 else list(reversed(runs))
            for name, (vname, vargs) in order:
                label = f"{name}{' ' + vname if vname else ''}"
                res = one(s, names[name], o.taps, vargs.split(), o.hold_ms, o.gap_ms)
                tap, floor = B.median(res['tap_ms']), B.median(res['floor_ms'])
                rows[(name, (vname, vargs))].append({'round': r + 1, 'tap_ms': res['tap_ms'], 'floor_ms': res['floor_ms'],
                                                     'lost': res['lost'], 'wrong': res['wrong_keysym'],
                                                     'ratio': tap / floor})
                B.log(f"round {r + 1} {label}: tap→key {B.fmt(tap)} ms, floor {B.fmt(floor)} ms, "
                      f"ratio {B.fmt(tap / floor, 2)}, lost {res['lost']}, wrong {res['wrong_keysym']}")
                if o.split:
                    cut = M.breakdown(s, names[name], lambda w: B.key_frames(names[name], 'qwerty', w[3], w[4]),
                                      o.taps, hold_ms=o.hold_ms, gap_ms=o.gap_ms, args=('--no-sound', *vargs.split()))
                    for k in splits[(name, (vname, vargs))]:
                        splits[(name, (vname, vargs))][k] += cut[k]
                    B.log(f"round {r + 1} {label} split: " + ' + '.join(B.fmt(B.median(cut[k])) for k in
                                                                        ('deliver_ms', 'work_ms', 'to_target_ms')) + ' ms')
            loads.append({'round': r + 1, 'start': before, 'end': load()})
            B.log(f"round {r + 1} load average: {before} at the start, {loads[-1]['end']} at the end")
        finally:
            s.close()
    print()
    for run in runs:
        name, (vname, _) = run
        label = f"{name}{' ' + vname if vname else ''}"
        taps = [t for row in rows[run] for t in row['tap_ms']]
        floors = [t for row in rows[run] for t in row['floor_ms']]
        ratios = [row['ratio'] for row in rows[run]]
        print(f"{label} {names[name]}: tap→key median {B.fmt(B.median(taps))} ms (p95 {B.fmt(B.p95(taps))}), "
              f"floor {B.fmt(B.median(floors))} ms (p95 {B.fmt(B.p95(floors))}), "
              f"ratio median {B.fmt(B.median(ratios), 2)} (rounds {', '.join(B.fmt(x, 2) for x in ratios)}), "
              f"p95 ratio {B.fmt(B.p95(taps) / B.p95(floors), 2)}, n {len(taps)}, lost {sum(r['lost'] for r in rows[run])}, "
              f"wrong {sum(r['wrong'] for r in rows[run])}")
        if o.split and splits[run]['work_ms']:
            cut = splits[run]
            print(f"{label} split (n {len(cut['work_ms'])}): release → keyboard {B.fmt(B.median(cut['deliver_ms']))} ms, "
                  f"its work {B.fmt(B.median(cut['work_ms']))} ms (p95 {B.fmt(B.p95(cut['work_ms']))}), "
                  f"key → target {B.fmt(B.median(cut['to_target_ms']))} ms")
    out = o.out or os.path.join(B.ROOT, 'out', time.strftime('latency-ab-%Y%m%d-%H%M%S.json'))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, 'w') as f:
        json.dump({'binaries': names, 'variants': variants, 'loads': loads,
                   'rounds': [{'build': n, 'variant': v[0], 'rows': rows[(n, v)],
                               'split': splits[(n, v)] if o.split else None} for n, v in runs]}, f, indent=1)
    print('samples:', out)


if __name__ == '__main__':
    main()
