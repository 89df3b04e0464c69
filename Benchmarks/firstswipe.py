#!/usr/bin/env python3
"""The first swipe after start-up against the ones after it: release → first key of the word at
the target, and the keyboard's private dirty memory before the first swipe and after.

  Benchmarks/firstswipe.py BINARY [--swipes N] [--rounds R] [--word WORD] [--layout L --language LANG]

Each round is a fresh X session (Xvfb + openbox + keysink, as bench.py's) and a fresh keyboard,
left until it is idle; then N swipes of WORD on qwerty at a finger's pace (Tests/Tools/pointer.c:
through each letter's key centre, 6 moves 8 ms apart per letter, as the swipe integration test
does). The release is a pointer step of its own: the time is taken just before it is started, so
each figure includes starting that small process (the same for every swipe). It tells whether a
keyboard that indexes its word list for swiping on the first swipe (not when the word engine
attaches) types that first word as fast as the others.
"""
import argparse, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402


def swipe_steps(keys, window, word):
    offsets = [(4, -3), (-5, 2), (3, 4), (-2, -4), (5, 1), (-4, 3)]
    points = []
    for i, c in enumerate(word):
        key = next(k for k in keys if k.get('text') == c)
        x, y = B.centre(key, window)
        points.append((x + offsets[i % 6][0], y + offsets[i % 6][1]))
    steps = [f'{points[0][0]},{points[0][1]}', 'press']
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        for k in range(1, 7):
            steps += [f'{ax + (bx - ax) * k // 6},{ay + (by - ay) * k // 6}', 'pause:8']
    return steps


def one_round(binary, swipes, word, layout='qwerty', language=None):
    s = B.Session()
    try:
        kb = s.spawn([binary, '--no-sound', '--layout', layout] + (['--language', language] if language else []), 'stackboard')
        window = s.wait_window('Stackboard')
        keys = B.key_frames(binary, layout, window[3], window[4])
        time.sleep(2)  # the word engine attaches after the first frame
        before = B.memory_kb(kb.pid)
        out = []
        for _ in range(swipes):
            start = len(s.sink_lines())
            s.run([B.tool('pointer')] + swipe_steps(keys, window, word))
            t0 = B.now_us()
            s.run([B.tool('pointer'), 'up'])
            s.wait(30, 'the swiped word', lambda: len(s.sink_keys(start)) >= len(word) + 1, interval=0.005)
            got = s.sink_keys(start)
            out.append({'ms': (got[0][0] - t0) / 1000, 'typed': ''.join(t for _, _, t in got)})
            time.sleep(0.5)
        after = B.memory_kb(kb.pid)
        return {'swipes': out, 'dirty_kb_before': before[2], 'dirty_kb_after': after[2]}
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary')
    ap.add_argument('--swipes', type=int, default=4)
    ap.add_argument('--rounds', type=int, default=3)
    ap.add_argument('--word', default='keyboard')
    ap.add_argument('--layout', default='qwerty', help='a layout name or file (qwerty)')
    ap.add_argument('--language', help='the word model (default: the layout\'s)')
    o = ap.parse_args()
    layout = os.path.abspath(o.layout) if os.path.exists(o.layout) else o.layout
    rounds = [one_round(os.path.abspath(o.binary), o.swipes, o.word, layout, o.language) for _ in range(o.rounds)]
    for r in rounds:
        print('release → first key, ms:', ' '.join(f"{x['ms']:.1f}" for x in r['swipes']),
              '| typed:', repr(r['swipes'][0]['typed']),
              f"| private dirty {r['dirty_kb_before']:,} KiB before the first swipe, {r['dirty_kb_after']:,} after")
    first = [r['swipes'][0]['ms'] for r in rounds]
    later = [x['ms'] for r in rounds for x in r['swipes'][1:]]
    print(f'first swipe: median {B.median(first):.1f} ms (max {max(first):.1f}); '
          f'later swipes: median {B.median(later):.1f} ms, p95 {B.p95(later):.1f} ms')


if __name__ == '__main__':
    main()
