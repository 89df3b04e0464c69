#!/usr/bin/env python3
"""tapphases.py: what the keyboard does between a tap's button release and its XTEST key, step by step.

  Benchmarks/tapphases.py BINARY [BINARY...] [--variant NAME=ARGS ...] [--taps N] [--rounds N]

Each BINARY (a release build with its symbols) runs in each variant (default: `bar` with the
keyboard's defaults and `nobar` with `--suggestions 0`), in one private Xvfb + openbox +
keysink session per round, the order alternating by round. Its `a` key is tapped N times by
Benchmarks/tools/latency.c. The keyboard runs with xwirespy.so (its read of the ButtonRelease
and its write of the XTEST KeyPress, CLOCK_MONOTONIC) and under `perf record -k
CLOCK_MONOTONIC` with uprobes (entry `>` and return `<`) on the functions of the tap path, and
on libX11's `XFlush`, `XSync` and `_XReply` (a round trip each). Per tap, every mark between the
read of the release and the end of the loop's turn is placed after that read.

Prints, per binary and variant, the median time of each mark after the read of the release (the
first hit of each mark in the turn), the median read → key write (the keyboard's work, as
bench.py's split has it, here with the probes' cost in it), and how often each mark came before
the key.
An uprobe hit costs about 1-3 µs, so the marks before the key are late by that much per hit
before them: read the gaps, not the sum. Needs root (uprobes), perf, and swift-demangle on PATH.
"""
import argparse, os, re, statistics, subprocess, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402
from startphases import text_symbols, library_path, write_probe, remove_probes, UPROBES  # noqa: E402

# (mark, demangled-name pattern, entry `p` or return `r`), roughly in the order they run.
PROBES = [
    ('dispatch>', r'^XEventPump\.dispatch\(now:\)$', 'p'),
    ('read<', r'^XEventSource\.read\(into:\)$', 'r'),
    ('runtime.handle>', r'^KeypadRuntime\.handle\(_:now:\)$', 'p'),
    ('state.handle<', r'^KeyboardState\.handleDeferringRedraws\(_:now:\)$', 'r'),
    ('perform>', r'^KeypadRuntime\.perform\(_:now:\)$', 'p'),
    ('typingRequest>', r'^(specialized )?KeypadRuntime\.typingRequest\(_:now:\)$', 'p'),
    ('words.typing>', r'^SuggestionWords\.typing\(_:\)$', 'p'),
    ('words.typing<', r'^SuggestionWords\.typing\(_:\)$', 'r'),
    ('host.perform>', r'^(specialized )?KeyboardController\.keypad\(_:perform:\)$', 'p'),
    ('injector.send>', r'^(specialized )?Injector\.send\(_:modifiers:otherGroups:holdLast:\)$', 'p'),
    ('needsChange<', r'^(specialized )?Injector\.needsChange\(_:\)$', 'r'),
    ('sendNow>', r'^(specialized )?Injector\.sendNow\(_:modifiers:otherGroups:holdLast:\)$', 'p'),
    ('XFlush>', 'lib:XFlush', 'p'),
    ('XSync>', 'lib:XSync', 'p'),
    ('XSync<', 'lib:XSync', 'r'),
    ('host.perform<', r'^(specialized )?KeyboardController\.keypad\(_:perform:\)$', 'r'),
    ('words.settle>', r'^SuggestionWords\.settle\(\)$', 'p'),
    ('words.settle<', r'^SuggestionWords\.settle\(\)$', 'r'),
    ('refreshSuggestions>', r'^KeypadRuntime\.refreshSuggestions\(\)$', 'p'),
    ('refreshSuggestions<', r'^KeypadRuntime\.refreshSuggestions\(\)$', 'r'),
    ('perform<', r'^KeypadRuntime\.perform\(_:now:\)$', 'r'),
    ('runtime.handle<', r'^KeypadRuntime\.handle\(_:now:\)$', 'r'),
    ('app.advance>', r'^KeyboardApp\.advance\(to:\)$', 'p'),
    ('repaint>', r'^KeypadRuntime\.repaint\(now:\)$', 'p'),
    ('repaint<', r'^KeypadRuntime\.repaint\(now:\)$', 'r'),
    ('dispatch<', r'^XEventPump\.dispatch\(now:\)$', 'r'),
]
GROUP = 'sbtap'


def install_probes(binaries, probes):
    """Writes the uprobes of every binary (event bN_K_J: mark K of `probes`) and of libX11
    (`lib:NAME` patterns, event lN_K) and its `_XReply` (events xreply, xreply_r)."""
    lines = []
    x11 = library_path('libX11.so.6')
    table = subprocess.run(['nm', '-D', '--defined-only', x11], capture_output=True, text=True).stdout if x11 else ''
    def in_x11(name):
        m = re.search(r'^([0-9a-f]+) [TW] ' + re.escape(name) + '$', table, re.M)
        return f'{x11}:0x{int(m.group(1), 16):x}' if m else None
    for i, binary in enumerate(binaries):
        symbols = text_symbols(binary)
        for k, (mark, pattern, kind) in enumerate(probes):
            if pattern.startswith('lib:'):
                where = in_x11(pattern[4:])
                if i == 0 and where:
                    lines.append(f'{kind}:{GROUP}/l0_{k} {where}')
                continue
            found = sorted({a for d, a in symbols.items() if re.search(pattern, d)})
            if not found:
                print(f'tapphases: {os.path.basename(binary)}: no function for {mark} ({pattern}); not marked')
            for j, addr in enumerate(found):
                lines.append(f'{kind}:{GROUP}/b{i}_{k}_{j} {binary}:0x{addr:x}')
    reply = in_x11('_XReply')
    if reply:
        lines += [f'p:{GROUP}/xreply {reply}', f'r:{GROUP}/xreply_r {reply}']
    remove_probes(GROUP)
    for line in lines:
        write_probe(line)


def mark_name(event, index, probes):
    """The mark of a perf event name (None: another binary's)."""
    if event in ('xreply', 'xreply_r'):
        return 'reply>' if event == 'xreply' else 'reply<'
    if event.startswith('l'):
        return probes[int(event[1:].split('_')[1])][0]
    b, k, _ = event[1:].split('_')
    return probes[int(k)][0] if int(b) == index else None


def one(s, index, binary, args, taps, perf_data, probes):
    spy = os.path.join(s.dir, f'xwirespy-{index}-{len(args)}.log')
    if os.path.exists(spy):
        os.remove(spy)
    env = dict(s.env, LD_PRELOAD=B.tool('xwirespy.so'), XWIRESPY_LOG=spy, XWIRESPY_XTEST=str(M.xtest_opcode(s)))
    kb, window = M.start_keyboard(s, binary, ('--no-sound', *args), env=env, name='stackboard-phases')
    perf = None
    try:
        keys = B.key_frames(binary, 'qwerty', window[3], window[4])
        perf = subprocess.Popen(['perf', 'record', '-q', '-k', 'CLOCK_MONOTONIC', '-o', perf_data, '-e', f'{GROUP}:*',
                                 '-p', str(kb.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        lat = M.latency(s, window, keys, taps)
    finally:
        if perf:
            perf.send_signal(2)
            perf.wait(30)
        s.stop(kb)
    script = subprocess.run(['perf', 'script', '-i', perf_data, '-F', 'time,event'],
                            capture_output=True, text=True).stdout
    hits = []
    for line in script.splitlines():
        m = re.match(r'\s*([\d.]+):\s+' + GROUP + r':(\S+):', line)
        if m:
            mark = mark_name(m.group(2), index, probes)
            if mark:
                hits.append((round(float(m.group(1)) * 1e6), mark))
    hits.sort()
    per_tap = []
    for up, rel, sent, key_t, _, _ in M.spied_taps(spy, lat['raw_taps']):
        # The turn: from the read of the release to the end of the dispatch that handled it.
        marks, replies_before = {}, 0
        for t, mark in hits:
            if t < rel:
                continue
            if t > rel + 30000:
                break
            if mark == 'reply>' and t <= sent:
                replies_before += 1
            if mark not in marks:
                marks[mark] = t - rel
            if mark == 'dispatch<' or mark == 'end':
                break
        per_tap.append({'work_us': sent - rel, 'marks': marks, 'replies_before_key': replies_before,
                        'tap_ms': (key_t - up) / 1000})
    return per_tap


def report(title, taps):
    print(f'\n## {title} ({len(taps)} taps; µs after the keyboard read the ButtonRelease, median)\n')
    if not taps:
        return
    work = [t['work_us'] for t in taps]
    print(f'read → key write with probes: {statistics.median(work):.0f} µs; '
          f'round trips before the key: {statistics.median(t["replies_before_key"] for t in taps):.0f}\n')
    print('| mark | at (µs) | before the key |')
    print('|---|---|---|')
    names = {m for t in taps for m in t['marks']}
    rows = []
    for m in names:
        ats = [t['marks'][m] for t in taps if m in t['marks']]
        before = sum(1 for t in taps if m in t['marks'] and t['marks'][m] <= t['work_us'])
        rows.append((statistics.median(ats), m, before, len(ats)))
    rows.sort()
    key_row = statistics.median(work)
    printed_key = False
    for at, m, before, n in rows:
        if not printed_key and at > key_row:
            print(f'| **key written (xwirespy)** | {key_row:.0f} | |')
            printed_key = True
        print(f'| {m} | {at:.0f} | {before}/{n} |')
    if not printed_key:
        print(f'| **key written (xwirespy)** | {key_row:.0f} | |')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binaries', nargs='+')
    ap.add_argument('--variant', action='append', default=None,
                    help='NAME=ARGS: the keyboard with these arguments (default: bar= and nobar=--suggestions 0)')
    ap.add_argument('--taps', type=int, default=60)
    ap.add_argument('--rounds', type=int, default=2)
    ap.add_argument('--probe', action='append', default=[],
                    help='MARK:p:REGEX or MARK:r:REGEX (entry or return of the functions whose demangled names '
                         'match; lib:NAME for a libX11 function): marks instead of the default ones')
    o = ap.parse_args()
    if os.geteuid() != 0 or not os.path.exists(UPROBES):
        sys.exit('tapphases: needs root and uprobes (/sys/kernel/tracing/uprobe_events)')
    variants = [v.split('=', 1) for v in (o.variant or ['bar=', 'nobar=--suggestions 0'])]
    binaries = [os.path.realpath(b) for b in o.binaries]
    probes = [tuple(p.split(':', 2)) for p in o.probe] if o.probe else PROBES
    probes = [(m, pat, kind) for m, kind, pat in probes] if o.probe else probes
    install_probes(binaries, probes)
    results = {(b, name): [] for b in binaries for name, _ in variants}
    try:
        for r in range(o.rounds):
            s = B.Session()
            try:
                runs = [(i, b, name, args.split()) for i, b in enumerate(binaries) for name, args in variants]
                if r % 2:
                    runs.reverse()
                for i, b, name, args in runs:
                    taps = one(s, i, b, args, o.taps, os.path.join(s.dir, f'perf-{i}-{name}.data'), probes)
                    results[(b, name)] += taps
                    B.log(f'round {r + 1} {os.path.basename(b)} {name}: {len(taps)} taps, read → key '
                          f'{B.fmt(statistics.median(t["work_us"] for t in taps) if taps else 0, 0)} µs (with probes)')
            finally:
                s.close()
    finally:
        remove_probes(GROUP)
    for b in binaries:
        for name, _ in variants:
            report(f'{b} {name}', results[(b, name)])


if __name__ == '__main__':
    main()
