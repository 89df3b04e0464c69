#!/usr/bin/env python3
"""freshstart.py: exec → window mapped as osk-bench measures it, every start in a fresh session.

  Benchmarks/freshstart.py [--starts N] [--idle S] [--no-dbus] [--wm openbox|none] NAME=BINARY...

Each start gets what an osk-bench round gives an on-screen keyboard: a new Xvfb (1280x800x24),
its window manager, a private session bus, keysink focused, an empty HOME, and xprobe's
`launch`, which prints the time from the fork to the MapNotify of the program's window. The
binaries (each from its cached frame, warmed in such a session first) and matchbox-keyboard
take turns; `--idle S` leaves the session idle S seconds before each start, as osk-bench's
10 s idle window and taps leave the machine before the next program starts: a cold start.
Prints the median and the starts of each. Uses osk-bench's own Session (../shared/bench; run
osk-bench once so that its helpers are built). Not in `make bench`.

2026-12-05 night: this is what explained why osk-bench's start-up figure was higher than
startprobe's (docs/benchmarks.md, "Start-up: the libraries").
"""
import argparse, importlib.machinery, importlib.util, os, shutil, statistics, sys, tempfile, time, types

HERE = os.path.dirname(os.path.abspath(__file__))
OSK_BENCH = os.path.abspath(os.path.join(HERE, '..', '..', 'shared', 'bench', 'osk-bench'))


def load_osk_bench(path):
    spec = importlib.util.spec_from_loader('osk_bench', importlib.machinery.SourceFileLoader('osk_bench', path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def options(o):
    return types.SimpleNamespace(display=60, screen='1280x800x24', dbus=o.dbus, wm=o.wm, fresh_home=True, timeout=30)


def session(ob, o, folder):
    os.makedirs(folder, exist_ok=True)
    s = ob.Session(options(o), folder)
    s.open()
    return s


def warm(ob, o, folder, binary, cache):
    """Starts `binary` once in a fresh session until its first frame is in `cache`."""
    s = session(ob, o, folder)
    try:
        s.env['XDG_CACHE_HOME'] = cache
        p = s.start('warm', [binary, '--no-sound'])
        s.extra.append(p.pid)
        end = time.time() + 20
        kept = os.path.join(cache, 'stackboard')
        while time.time() < end:
            if os.path.isdir(kept) and any(f.startswith('first-frame-') and f.endswith('.bin') for f in os.listdir(kept)):
                return
            time.sleep(0.05)
        sys.exit(f'freshstart: {binary} kept no first frame in {cache} within 20 s')
    finally:
        s.close()


def one_start(ob, o, folder, command):
    """ms from the fork to the MapNotify of the program's window, in a fresh session."""
    s = session(ob, o, folder)
    try:
        s.run('move', '1277', '797')  # where osk-bench puts the pointer
        time.sleep(o.idle)
        out = os.path.join(folder, 'launch.out')
        s.start('launch', [ob.XPROBE, 'launch', '-t', '30', '-o', os.path.join(folder, 'program.log'), '--', *command],
                stdout=open(out, 'w'))
        end = time.time() + 35
        while time.time() < end:
            for line in ob.read(out).splitlines():
                f = line.split()
                if f[0] == 'LAUNCH' and int(f[2]) not in s.extra:
                    s.extra.append(int(f[2]))
                if f[0] == 'MAPPED':
                    return int(f[2]) / 1000
                if f[0] in ('TIMEOUT', 'EXIT'):
                    return None
            time.sleep(0.01)
        return None
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binaries', nargs='+', metavar='NAME=BINARY')
    ap.add_argument('--starts', type=int, default=8)
    ap.add_argument('--idle', type=float, default=0, help='seconds idle before each start (osk-bench: ~12)')
    ap.add_argument('--no-dbus', dest='dbus', action='store_false')
    ap.add_argument('--wm', choices=('openbox', 'none'), default='openbox')
    ap.add_argument('--osk-bench', default=OSK_BENCH)
    o = ap.parse_args()
    if not os.path.exists(o.osk_bench):
        sys.exit(f'freshstart: no osk-bench at {o.osk_bench}; give it with --osk-bench')
    ob = load_osk_bench(o.osk_bench)
    if not os.path.exists(ob.XPROBE):
        sys.exit(f'freshstart: {ob.XPROBE} is not built; run osk-bench once (or make -C {os.path.dirname(o.osk_bench)})')
    work = tempfile.mkdtemp(prefix='freshstart-')
    programs = {'matchbox-keyboard': ['matchbox-keyboard']}
    for item in o.binaries:
        name, _, binary = item.partition('=')
        if not binary:
            sys.exit(f'freshstart: {item}: give NAME=BINARY')
        binary, cache = os.path.abspath(binary), os.path.join(work, 'cache-' + name)
        warm(ob, o, os.path.join(work, 'warm-' + name), binary, cache)
        programs[name] = ['env', 'XDG_CACHE_HOME=' + cache, binary, '--no-sound']
    times = {name: [] for name in programs}
    try:
        for k in range(o.starts):
            names = list(programs)
            for name in names[k % len(names):] + names[:k % len(names)]:  # the order rotates
                ms = one_start(ob, o, os.path.join(work, f'{name}-{k}'), programs[name])
                if ms is not None:
                    times[name].append(ms)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f'exec → window mapped, ms, a fresh session per start, idle {o.idle:g} s before each '
          f'(wm {o.wm}, session bus {"yes" if o.dbus else "no"})')
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
