#!/usr/bin/env python3
"""peersplit.py: the tap→key split of Stackboard and matchbox-keyboard side by side.

  Benchmarks/peersplit.py BINARY [--rounds N] [--taps N] [--hold-ms MS] [--gap-ms MS] [--args "KEYBOARD ARGS"] [--floors] [--one-cpu]

bench.py splits Stackboard's tap→key into the release reaching the keyboard, the keyboard's own
work (its read of the ButtonRelease → its write of the XTEST key) and the key reaching the
target (Benchmarks/tools/xwirespy.c, an LD_PRELOAD library). This runs the same split on
matchbox-keyboard too, in the same private X session (Xvfb, openbox, keysink) each round, the
order alternating by round, with the XTest floor interleaved (Benchmarks/tools/latency.c). So
the two keyboards' X hops and their own work are compared directly: which part of the gap
between them is the keyboard's work and which is the X server's. matchbox's `a` is tapped where
Benchmarks/keys.tsv puts it (measures.other_pads).

With --floors, the two smallest keypads with the mission's stack are split the same way:
floorpad (Benchmarks/tools/floorpad.c: Xlib, cairo, Pango, XTest, in C) and
stackboard-floorpad (Benchmarks/FloorPad, the same program in Swift, built as the keyboard is,
in .build/release: make build). Between matchbox-keyboard and floorpad lies what
cairo and Pango cost, between floorpad and its Swift twin what the Swift runtime costs, and
between that and Stackboard what Stackboard's own design costs.

Each keyboard's wake-up is split by where the kernel ran it: on the CPU it went to sleep on, or
on another one (xwirespy's CPUS line). With --one-cpu every program of the session (X server,
window manager, target, keyboards, tapper) runs on the first CPU this process may use, which
shows the figures without the moves between CPUs; it is a way to read the split, not how users
run a keyboard.

--hold-ms and --gap-ms set how long each tap holds the button (30 ms by default) and the pause
before the next tap (40 ms); peers.py holds 50 ms and pauses 100 to 120 ms.
"""
import argparse, os, sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary')
    ap.add_argument('--rounds', type=int, default=4)
    ap.add_argument('--taps', type=int, default=50)
    ap.add_argument('--hold-ms', type=int, default=30, help='how long each tap holds the button (ms)')
    ap.add_argument('--gap-ms', type=int, default=40, help='the pause between taps (ms)')
    ap.add_argument('--args', default='', help="Stackboard's arguments (besides --no-sound)")
    ap.add_argument('--floors', action='store_true', help='the floor pads too (floorpad in C and in Swift)')
    ap.add_argument('--one-cpu', action='store_true', help='run every program of the session on one CPU')
    o = ap.parse_args()
    if o.one_cpu:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # the programs started inherit it
    binary = os.path.abspath(o.binary)
    pads = M.other_pads(os.path.join(B.ROOT, '.build', 'release'))
    if 'matchbox-keyboard' not in pads:
        sys.exit('peersplit: matchbox-keyboard is not installed (apt-get install matchbox-keyboard)')
    runs = {
        'stackboard': ([binary, '--no-sound', *o.args.split()], 'Stackboard',
                       lambda w: B.key_frames(binary, 'qwerty', w[3], w[4])),
        'matchbox-keyboard': pads['matchbox-keyboard'],
    }
    if o.floors:
        runs.update({k: v for k, v in pads.items() if k.startswith('floorpad')})
    total = {name: {} for name in runs}
    for r in range(o.rounds):
        s = B.Session()
        try:
            names = list(runs)
            order = names[r % len(names):] + names[:r % len(names)]  # each goes first in turn
            for name in order:
                command, window_name, keys_for = runs[name]
                res = M.breakdown(s, command[0], keys_for, o.taps, hold_ms=o.hold_ms, gap_ms=o.gap_ms, args=command[1:],
                                  window_name=window_name, name=M.slug(name) + '-spied')
                for k in ('deliver_ms', 'work_ms', 'to_target_ms', 'tap_ms', 'floor_ms', 'wake_ms', 'woke_to_read_ms',
                          'stayed_wake_ms', 'moved_wake_ms', 'stayed_tap_ms', 'moved_tap_ms'):
                    total[name].setdefault(k, []).extend(res[k])
                B.log(f"round {r + 1} {name}: tap→key {B.fmt(B.median(res['tap_ms']))} ms, floor "
                      f"{B.fmt(B.median(res['floor_ms']))} ms, split " +
                      ' + '.join(B.fmt(B.median(res[k])) for k in ('deliver_ms', 'work_ms', 'to_target_ms')) + ' ms')
        finally:
            s.close()
    print()
    for name, t in total.items():
        print(f"{name}: tap→key {B.fmt(B.median(t['tap_ms']))} ms, floor {B.fmt(B.median(t['floor_ms']))} ms; "
              f"split (n {len(t['work_ms'])}): release → keyboard {B.fmt(B.median(t['deliver_ms']))}, "
              f"work {B.fmt(B.median(t['work_ms']))} (p95 {B.fmt(B.p95(t['work_ms']))}), "
              f"key → target {B.fmt(B.median(t['to_target_ms']))} ms")
        if t['wake_ms']:
            print(f"  the release → keyboard of the taps it waited for (n {len(t['wake_ms'])}): "
                  f"release → its wait returns {B.fmt(B.median(t['wake_ms']))}, "
                  f"→ its read {B.fmt(B.median(t['woke_to_read_ms']))} ms")
        known = len(t['stayed_wake_ms']) + len(t['moved_wake_ms'])
        if known:
            print(f"  woken on another CPU than it slept on: {len(t['moved_wake_ms'])} of {known} taps; "
                  f"wait returns {B.fmt(B.median(t['stayed_wake_ms']))} ms when it stayed"
                  + (f", {B.fmt(B.median(t['moved_wake_ms']))} when it moved" if t['moved_wake_ms'] else '')
                  + f"; tap→key {B.fmt(B.median(t['stayed_tap_ms']))}"
                  + (f" / {B.fmt(B.median(t['moved_tap_ms']))}" if t['moved_tap_ms'] else '') + ' ms')


if __name__ == '__main__':
    main()
