#!/usr/bin/env python3
"""freshstart.py: exec → window mapped, every start in a fresh session.

  Benchmarks/freshstart.py [--starts N] [--idle S] [--wm openbox|none] [--first] [--evict] NAME=BINARY...

Each start gets what a round of peers.py gives a keyboard: a new Xvfb (1280x800x24), its window
manager, a private session bus, keysink focused, an empty HOME, and startprobe, which prints the
time from the fork to the MapNotify of the program's window. The binaries (each from its cached
frame, warmed in such a session first) and matchbox-keyboard take turns; `--idle S` leaves the
session idle S seconds before each start, as peers.py's idle window and taps leave the machine
before the next program starts: a cold start. With `--first` no frame is warmed: each start
has an empty cache folder, as a new user's first start (osk-bench's default). With `--evict` each
program's own file is dropped from the page cache before each of its starts
(`posix_fadvise(DONTNEED)`), as after a boot or when the kernel reclaimed its idle pages: its
start reads the file from disk (the libraries stay cached). Prints the median
of exec → mapped, of exec → first frame (99 % of the final pixels: a keyboard's keys with their
labels, before a detail such as the suggestion bar's words) and of exec → painted (the window's
final pixels), and the starts of each. Not in
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


def evict(path):
    """Drops the pages of `path` from the page cache (those no process maps)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def one_start(o, logdir, command, env):
    """ms from the fork to the MapNotify of the program's window, and to its final pixels, in a
    fresh session (an empty cache folder for each start with `--first`)."""
    s = B.Session(wm=o.wm, logdir=logdir)
    try:
        s.move_pointer(1277, 797)
        time.sleep(o.idle)
        if o.first and 'XDG_CACHE_HOME' in env:
            env = dict(env, XDG_CACHE_HOME=tempfile.mkdtemp(prefix='cache-', dir=logdir))
        if o.evict:
            evict(shutil.which(command[0]) or command[0])
        r = M.startup(s, command, env=env)
        return r.get('map_ms'), r.get('paint_ms'), r.get('first_frame_ms')
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binaries', nargs='+', metavar='NAME=BINARY')
    ap.add_argument('--starts', type=int, default=8)
    ap.add_argument('--idle', type=float, default=0, help='seconds idle before each start (peers.py: ~12)')
    ap.add_argument('--wm', choices=('openbox', 'none'), default='openbox')
    ap.add_argument('--first', action='store_true', help='every start with an empty cache folder (no frame warmed)')
    ap.add_argument('--evict', action='store_true',
                    help="drop each program's file from the page cache before each of its starts")
    o = ap.parse_args()
    o.wm = None if o.wm == 'none' else o.wm
    work = tempfile.mkdtemp(prefix='freshstart-')
    programs = {'matchbox-keyboard': (['matchbox-keyboard'], {})}
    for item in o.binaries:
        name, _, binary = item.partition('=')
        if not binary:
            sys.exit(f'freshstart: {item}: give NAME=BINARY')
        binary, cache = os.path.abspath(binary), os.path.join(work, 'cache-' + name)
        if not o.first:
            warm(o, work, binary, cache)
        programs[name] = ([binary, '--no-sound'], {'XDG_CACHE_HOME': cache})
    times = {name: [] for name in programs}
    painted = {name: [] for name in programs}
    nearly = {name: [] for name in programs}
    try:
        for k in range(o.starts):
            names = list(programs)
            for name in names[k % len(names):] + names[:k % len(names)]:  # the order rotates
                ms, paint, first = one_start(o, work, *programs[name])
                if ms is not None:
                    times[name].append(ms)
                if paint is not None:
                    painted[name].append(paint)
                if first is not None:
                    nearly[name].append(first)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f'exec → window mapped, ms, a fresh session per start, idle {o.idle:g} s before each '
          f'(wm {o.wm or "none"}, a session bus; {"an empty cache: first starts" if o.first else "frames cached"}'
          f'{"; each file evicted from the page cache first" if o.evict else ""})')
    reference = statistics.median(times['matchbox-keyboard']) if times['matchbox-keyboard'] else None
    for name, v in times.items():
        if not v:
            print(f'{name:20} no start mapped')
            continue
        m = statistics.median(v)
        ratio = f'  {m / reference:.2f} × matchbox' if reference else ''
        p, f = painted[name], nearly[name]
        drawn = f'; first frame {statistics.median(f):6.1f}' if f else ''
        drawn += f'; painted {statistics.median(p):6.1f} (n={len(p)})' if p else ''
        print(f'{name:20} median {m:6.1f} (n={len(v)}: {min(v):.1f}–{max(v):.1f}){ratio}{drawn}')


if __name__ == '__main__':
    main()
