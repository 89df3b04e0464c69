#!/usr/bin/env python3
"""startphases.py: where the keyboard's start-up goes, exec → first frame mapped, phase by phase.

  Benchmarks/startphases.py BINARY [BINARY...] [--runs N] [--first-start] [--idle S] [--out DIR]

Each BINARY (a release build with its symbols: `make build`, or the Debian package's) is started
N times (default 10, alternating between the binaries) under Benchmarks/tools/startprobe.c, in
one private Xvfb + openbox session, its first frame already in its cache (one start before is
not measured; `--first-start` empties the cache before every start instead). Uprobes on the
keyboard's own functions (entry `>` and return `<`, found by their demangled names in the
binary's symbol table) and on libX11's `_XReply` (one X round trip each) are recorded with
`perf record -k CLOCK_MONOTONIC`, the clock startprobe prints, so every mark is a time after
startprobe's fork: nothing is added to the program and nothing runs when it is not measured.
An uprobe hit costs about 2 µs; with ~60 hits before the map the marks are late by at most
~0.1 ms.

Prints, per binary, the median time of each mark after the fork and the median gap to the mark
before it, the round trips (`_XReply` hits) between two marks, and startprobe's MAPPED, NEARLY
(first frame on screen) and PAINTED figures of the same starts. Needs root (uprobes), perf,
Xvfb, openbox, and swift-demangle on PATH (/opt/swift/usr/bin).
"""
import argparse, collections, os, re, shutil, statistics, subprocess, sys, time

import benchlib as B

# (mark, demangled-name pattern, entry or return): the start's steps, in the order they run.
PROBES = [
    ('main', r'^main$', 'p'),
    ('startup.init', r'^(specialized )?KeyboardStartup\.init\(options:configFile:\)$', 'p'),
    ('signals', r'^SignalWatcher\.init\(\)$', 'r'),
    ('loadLayouts>', r'^(specialized )?static KeyboardApp\.loadLayouts\(_:load:configFile:\)$', 'p'),
    ('emoji.complete>', r'^(specialized )?EmojiProvider\.complete\(.*\)$', 'p'),
    ('emoji.complete<', r'^(specialized )?EmojiProvider\.complete\(.*\)$', 'r'),
    ('loadLayouts<', r'^(specialized )?static KeyboardApp\.loadLayouts\(_:load:configFile:\)$', 'r'),
    ('painter<', r'^(specialized )?KeyboardPainter\.init\(theme:scale:deferredText:\)$', 'r'),
    ('XConnection>', r'^XConnection\.init\(displayName:\)$', 'p'),
    ('XConnection<', r'^XConnection\.init\(displayName:\)$', 'r'),
    ('ControlChannel<', r'^ControlChannel\.init\(display:screen:owner:\)$', 'r'),
    ('MonitorWatcher<', r'^MonitorWatcher\.init\(connection:\)$', 'r'),
    ('FirstFrameCache<', r'^(specialized )?FirstFrameCache\.init\(environment:layout:size:connection:\)$', 'r'),
    ('KeyboardWindow>', r'^KeyboardWindow\.init\(connection:configuration:\)$', 'p'),
    ('KeyboardWindow<', r'^KeyboardWindow\.init\(connection:configuration:\)$', 'r'),
    ('runtime<', r'^KeypadRuntime\.init\(layout:surface:frame:painter:config:role:\)$', 'r'),
    ('firstFrameKey<', r'^KeypadRuntime\.firstFrameKey\(base:\)$', 'r'),
    ('cache.load<', r'^FirstFrameCache\.load\(key:format:\)$', 'r'),
    ('fillBuffer>', r'^KeyboardWindow\.fillBuffer\(format:pixels:\)$', 'p'),
    ('fillBuffer<', r'^KeyboardWindow\.fillBuffer\(format:pixels:\)$', 'r'),
    ('show>', r'^KeyboardWindow\.show\(now:\)$', 'p'),
    ('show<', r'^KeyboardWindow\.show\(now:\)$', 'r'),
    ('app.init>', r'^KeyboardApp\.init\(_:options:\)$', 'p'),
    ('injector<', r'^(specialized )?Injector\.init\(connection:idleRestoreSeconds:\)$', 'r'),
    ('context<', r'^ContextWatcher\.init\(connection:\)$', 'r'),
    ('app.init<', r'^KeyboardApp\.init\(_:options:\)$', 'r'),
    ('controller.start<', r'^KeyboardController\.start\(hidden:shown:now:\)$', 'r'),
    ('startText>', r'^KeyboardPainter\.startText\(\)$', 'p'),
    # The first library opened on first use (Sources/CLazy): Pango, when nothing opened sd-bus first.
    ('lazy.open>', r'^stackboard_lazy_open$', 'p'),
    ('lazy.open<', r'^stackboard_lazy_open$', 'r'),
    ('startText<', r'^KeyboardPainter\.startText\(\)$', 'r'),
    ('finish<', r'^KeyboardStartup\.finish\(\)$', 'r'),
    ('attachWords<', r'^KeyboardController\.attachWords\(.*\)$', 'r'),
    ('loop', r'^EventLoop\.run\(\)$', 'p'),
]
GROUP = 'sbstart'
UPROBES = '/sys/kernel/tracing/uprobe_events'


def text_symbols(binary):
    """{demangled name: file offset} of the binary's functions (uprobes take file offsets)."""
    nm = subprocess.run(['nm', '--defined-only', binary], capture_output=True, text=True, check=True).stdout
    rows = [line.split(' ', 2) for line in nm.splitlines()]
    rows = [(int(a, 16), n) for a, t, n in (r for r in rows if len(r) == 3) if t in 'tT']
    demangled = subprocess.run(['swift-demangle', '--simplified'], input='\n'.join(n for _, n in rows),
                               capture_output=True, text=True, check=True).stdout.splitlines()
    # An address is a file offset only where its LOAD segment starts at the same number: lld puts
    # the code segment a page further in memory than in the file (the release build links with lld).
    load = subprocess.run(['readelf', '-lW', binary], capture_output=True, text=True, check=True).stdout
    segments = [(int(f[2], 16), int(f[5], 16), int(f[1], 16)) for f in
                (line.split() for line in load.splitlines() if line.strip().startswith('LOAD'))]
    def offset(address):
        for vaddr, size, file_offset in segments:
            if vaddr <= address < vaddr + size:
                return address - vaddr + file_offset
        sys.exit(f'startphases: {binary}: address 0x{address:x} is in no LOAD segment')
    return {d: offset(a) for (a, _), d in zip(rows, demangled)}


def library_path(name):
    out = subprocess.run(['ldconfig', '-p'], capture_output=True, text=True).stdout
    m = re.search(r'\s' + re.escape(name) + r' \(libc6,x86-64\) => (\S+)', out)
    return os.path.realpath(m.group(1)) if m else None


def install_probes(binaries):
    """Writes the uprobes of every binary (group sbstart, event bN_mark) and libX11's _XReply."""
    lines = []
    for i, binary in enumerate(binaries):
        symbols = text_symbols(binary)
        for k, (mark, pattern, kind) in enumerate(PROBES):
            found = [a for d, a in symbols.items() if re.search(pattern, d)]
            if not found:
                print(f'startphases: {os.path.basename(binary)}: no function for {mark} ({pattern}); not marked')
                continue
            for j, addr in enumerate(sorted(set(found))):
                lines.append(f'{kind}:{GROUP}/b{i}_{k}_{j} {binary}:0x{addr:x}')
    x11 = library_path('libX11.so.6')
    if x11:
        addr = subprocess.run(['nm', '-D', '--defined-only', x11], capture_output=True, text=True).stdout
        m = re.search(r'^([0-9a-f]+) T _XReply$', addr, re.M)
        if m:
            lines.append(f'p:{GROUP}/xreply {x11}:0x{int(m.group(1), 16):x}')
    remove_probes()
    for line in lines:
        write_probe(line)


def remove_probes(group=GROUP):
    """Takes out every uprobe of `group` (this script's, or tapphases.py's)."""
    try:
        with open(UPROBES) as f:
            ours = [line.split()[0].split(':', 1)[1] for line in f if f':{group}/' in line]
        for name in ours:
            write_probe(f'-:{name}')
    except OSError:
        pass


def write_probe(line):
    """One line to uprobe_events (os.write: Python's append mode seeks, which tracefs refuses)."""
    fd = os.open(UPROBES, os.O_WRONLY | os.O_APPEND)
    try:
        os.write(fd, (line + '\n').encode())
    finally:
        os.close(fd)


def one_start(s, index, binary, env, perf_data):
    probe = [B.tool('startprobe'), '-k', '-s', '1500', '-o', os.path.join(s.dir, 'startprobe.log'),
             '--', binary, '--no-sound']
    r = s.run(['perf', 'record', '-q', '-k', 'CLOCK_MONOTONIC', '-o', perf_data, '-e', f'{GROUP}:*', '--'] + probe,
              timeout=120, env=dict(s.env, **env))
    probe_out = {}
    for line in r.stdout.splitlines():
        f = line.split()
        if f and f[0] in ('LAUNCH', 'MAPPED', 'PAINTED', 'NEARLY'):
            probe_out[f[0]] = int(f[1])
    script = subprocess.run(['perf', 'script', '-i', perf_data, '-F', 'comm,time,event'],
                            capture_output=True, text=True).stdout
    marks, replies, order = {}, [], []
    for line in script.splitlines():
        m = re.match(r'\s*(\S+)\s+([\d.]+):\s+' + GROUP + r':(\S+):', line)
        if not m or m.group(1) != 'stackboard':
            continue
        t = round(float(m.group(2)) * 1e6)
        name = m.group(3)
        if name == 'xreply':
            replies.append(t)
            continue
        b, k, _ = name[1:].split('_')
        if int(b) != index:
            continue
        mark = PROBES[int(k)][0]
        if mark not in marks:  # the first hit of each
            marks[mark] = t
            order.append(mark)
    return probe_out, marks, replies


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binaries', nargs='+')
    ap.add_argument('--runs', type=int, default=10)
    ap.add_argument('--first-start', action='store_true', help='empty the cache before every start')
    ap.add_argument('--idle', type=float, default=0,
                    help='seconds the session sits idle before every start (peers.py starts a '
                         'keyboard after a round of taps and a 10 s idle window: a cold start)')
    ap.add_argument('--out', default=None, help='keep the session and perf data here')
    o = ap.parse_args()
    if os.geteuid() != 0 or not os.path.exists(UPROBES):
        sys.exit('startphases: needs root and uprobes (/sys/kernel/tracing/uprobe_events)')
    binaries = [os.path.realpath(b) for b in o.binaries]
    install_probes(binaries)
    s = B.Session(logdir=o.out)
    results = {b: [] for b in binaries}
    try:
        envs = {b: {'XDG_CACHE_HOME': os.path.join(s.dir, f'cache-{i}')} for i, b in enumerate(binaries)}
        for i, b in enumerate(binaries):
            one_start(s, i, b, envs[b], os.path.join(s.dir, 'warm.data'))
        for run in range(o.runs):
            for k in range(len(binaries)):
                i = (run + k) % len(binaries)
                b = binaries[i]
                if o.first_start:
                    shutil.rmtree(envs[b]['XDG_CACHE_HOME'], ignore_errors=True)
                time.sleep(o.idle)
                results[b].append(one_start(s, i, b, envs[b], os.path.join(s.dir, f'run-{i}-{run}.data')))
    finally:
        s.close(keep=o.out is not None)
        remove_probes()
    for b in binaries:
        report(b, results[b])


def report(binary, runs):
    print(f'\n## {binary} ({len(runs)} starts; ms after the fork, median; gap: to the mark before)\n')
    print('| mark | at | gap | round trips in the gap |')
    print('|---|---|---|---|')
    # In the order they ran (by median time), whatever the order of PROBES.
    seen = {m for _, marks, _ in runs for m in marks}
    def at(mark):
        return statistics.median([marks[mark] - p['LAUNCH'] for p, marks, _ in runs if mark in marks and 'LAUNCH' in p])
    names = sorted((m for m, _, _ in PROBES if m in seen), key=at)
    prev = None
    for mark in names:
        ats, gaps, trips = [], [], []
        for probe, marks, replies in runs:
            t0 = probe.get('LAUNCH')
            if t0 is None or mark not in marks:
                continue
            ats.append((marks[mark] - t0) / 1000)
            before = marks.get(prev, t0) if prev else t0
            gaps.append((marks[mark] - before) / 1000)
            trips.append(sum(1 for t in replies if before <= t < marks[mark]))
        if ats:
            print(f'| {mark} | {statistics.median(ats):.2f} | {statistics.median(gaps):.2f} | {statistics.median(trips):g} |')
        prev = mark
    for what in ('MAPPED', 'NEARLY', 'PAINTED'):
        v = [(p[what] - p['LAUNCH']) / 1000 for p, _, _ in runs if what in p and 'LAUNCH' in p]
        if v:
            print(f'| startprobe {what} | {statistics.median(v):.2f} ({min(v):.2f}–{max(v):.2f}) | | |')
    total = [sum(1 for t in r if t < m['show>']) for _, m, r in runs if 'show>' in m]
    if total:
        print(f'\nX round trips (_XReply) before the map: {statistics.median(total):g}')


if __name__ == '__main__':
    main()
