#!/usr/bin/env python3
"""freshstart.py: exec → window mapped, every start in a fresh session.

  Benchmarks/freshstart.py [--starts N] [--idle S] [--wm openbox|none] NAME=BINARY...

Each start gets what a round of peers.py gives a keyboard: a new Xvfb (1280x800x24), its window
manager, a private session bus, keysink focused, an empty HOME, and startprobe, which prints the
time from the fork to the MapNotify of the program's window. The binaries (each from its cached
frame, warmed in such a session first) and matchbox-keyboard take turns; `--idle S` leaves the
session idle S seconds before each start, as peers.py's idle window and taps leave the machine
before the next program starts: a cold start. Prints the median and the starts of each. Not in
`make bench`. Why a start in a fresh session reads later than one of many in the same session:
docs/benchmarks/2026-12-05.md ("The run of 2026-12-05 night").
"""
import argparse, os, shutil, statistics, sys, tempfile, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402


def warm(o, logdir, binary, cache):
    """Starts `binary` once in a fresh session until its first frame is in `cache`."""
    s = B.Session(wm=o.wm, logdir=logdir)
    try:
        kb, _ = M.start_keyboard(s, binary, env=dict(s.env, XDG_CACHE_HOME=cache))
        kept = os.path.join(cache, 'stackboard')
        s.wait(20, f'{binary} to keep its first frame', lambda: os.path.isdir(kept) and any(
            f.startswith('first-frame-') and f.endswith('.bin') for f in os.listdir(kept)))
        s.stop(kb)
    finally:
        s.close()


def one_start(o, logdir, command, env):
    """ms from the fork to the MapNotify of the program's window, in a fresh session."""
    s = B.Session(wm=o.wm, logdir=logdir)
    try:
        s.move_pointer(1277, 797)
        time.sleep(o.idle)
        return M.startup(s, command, env=env).get('map_ms')
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binaries', nargs='+', metavar='NAME=BINARY')
    ap.add_argument('--starts', type=int, default=8)
    ap.add_argument('--idle', type=float, default=0, help='seconds idle before each start (peers.py: ~12)')
    ap.add_argument('--wm', choices=('openbox', 'none'), default='openbox')
    o = ap.parse_args()
    o.wm = None if o.wm == 'none' else o.wm
    work = tempfile.mkdtemp(prefix='freshstart-')
    programs = {'matchbox-keyboard': (['matchbox-keyboard'], {})}
    for item in o.binaries:
        name, _, binary = item.partition('=')
        if not binary:
            sys.exit(f'freshstart: {item}: give NAME=BINARY')
        binary, cache = os.path.abspath(binary), os.path.join(work, 'cache-' + name)
        warm(o, work, binary, cache)
        programs[name] = ([binary, '--no-sound'], {'XDG_CACHE_HOME': cache})
    times = {name: [] for name in programs}
    try:
        for k in range(o.starts):
            names = list(programs)
            for name in names[k % len(names):] + names[:k % len(names)]:  # the order rotates
                ms = one_start(o, work, *programs[name])
                if ms is not None:
                    times[name].append(ms)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f'exec → window mapped, ms, a fresh session per start, idle {o.idle:g} s before each '
          f'(wm {o.wm or "none"}, a session bus)')
    reference = statistics.median(times['matchbox-keyboard']) if times['matchbox-keyboard'] else None
    for name, v in times.items():
        if not v:
            print(f'{name:20} no start mapped')
            continue
        m = statistics.median(v)
        ratio = f'  {m / reference:.2f} × matchbox' if reference else ''
        print(f'{name:20} median {m:6.1f} (n={len(v)}: {min(v):.1f}–{max(v):.1f}){ratio}')


if __name__ == '__main__':
    main()
