#!/usr/bin/env python3
"""Where the started, idle keyboard's private memory goes: its heap by owner (heaptrack) next to
its private dirty memory by mapping (/proc/PID/smaps).

  Benchmarks/heap.py BINARY [--settle S] [--out DIR] [--keep] [-- KEYBOARD-ARGS...]
  make bench-heap                        the release build (make build)

It starts a private X session (Xvfb + openbox + keysink, as bench.py does), starts BINARY once to
fill its first-frame cache (as the bench's memory reading has one), then starts it again under
`heaptrack` (Debian's heaptrack; `apt-get install heaptrack`), waits for its window and `settle`
seconds, reads its smaps, and kills it with SIGKILL, so that nothing is freed at exit: what
heaptrack then counts as "leaked" is what was live on the heap of the idle keyboard. Every live
allocation is given to an owner by its call stack (OWNERS below: the frame nearest the
allocation that names one wins; frames of the Swift standard library and of malloc only carry).

Prints two tables (and writes heap.json and heap.md to DIR): the live heap by owner, and the
private dirty memory by mapping; the heap mapping's private dirty minus the live bytes is what
malloc holds that nothing uses (fragmentation and free pages it did not give back). The product
has no hook for this: heaptrack preloads itself.
"""
import argparse, json, os, re, shutil, signal, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402

# Owners of heap allocations: (owner, pattern on one frame of the stack, demangled). The frame
# nearest the allocation that matches any pattern decides; earlier owners win on the same frame.
OWNERS = [
    ('swipe index (SwipeIndex, SwipeDecoder)', r'Swipe(Index|Decoder|Keyboard|Vocabulary)|swipeDecoder|prepareSwipeDecoder'),
    ('word model and engine (ShippedWordModel, fold, learned words, session)',
     r'ShippedWordModel|WordFold|UserWordModel|WordPredictor|SuggestionSession|SuggestionWords|LearnedWordsStore|WordEngines|WordModel'),
    ('emoji panel', r'Emoji'),
    ('layouts and language data (JSON, layout model and geometry, XKB rules)',
     r'Layout|JSON|StackDecoder|KeyDecoder|Xkb(Rules|Registry|Symbols|Layout)|LanguageCycle|LocaleNumbers|KeyboardGeometry|SettingValues|ConfigLoader|SettingReader'),
    ('keyboard state and painting (KeypadRuntime, KeyboardState, painter, theme, first frame)',
     r'KeypadRuntime|KeyboardState|KeyboardPainter|TextRenderer|LabelFitter|Theme|FirstFrame|Redraws'),
    ('injector and keymap (KeyboardMap, XKB map of the XTEST device)', r'Injector|KeyboardMap|KeymapLock|BorrowedKeys'),
    ('fontconfig (and expat, its XML parser)', r'^Fc|^_?Fc[A-Z]|fontconfig|^XML_'),
    ('Pango, HarfBuzz, FreeType, fribidi', r'^_?pango|^hb_|^_?hb[A-Z_]|^FT_|^_?ft_|fribidi|^af_|^tt_|^ps_|^cff_'),
    ('cairo, pixman', r'^_?cairo|^_?pixman'),
    ('GLib, GObject', r'^_?g_|^_?g[a-z]+_|^_?gobject|^_?glib'),
    ('X11 (Xlib, xcb, XKB, XInput, cursors)', r'^_?X[A-Za-z]|^_?xcb|^_?xkb|^_XReply|^_XRead|^xi_'),
    ('ALSA (click sounds)', r'^_?snd_|ClickPlayer|ClickSound'),
    ('D-Bus (sd-bus), auto-show, control channel', r'^_?sd_bus|^_?bus_|Bus[A-Z]|FocusTracker|ControlChannel|Control(Service|Protocol)'),
    ('Foundation', r'^Foundation\.|^\$s10Foundation'),
    ('Swift runtime (metadata, conformances, type caches)',
     r'^swift::|^swift_get|^swift_conformsTo|^swift_(allocBox|once)|Metadata|Conformance|^swift_getWitnessTable|^_swift_'),
    ('libc (locale, stdio, dl)', r'^_IO_|^__?(libc|nss|dl|new_|newlocale|setlocale|_nl)|^(setlocale|newlocale|fopen|dlopen|_dl)'),
]
# Frames that only carry an allocation up (never owners).
CARRIERS = re.compile(r'^(malloc|calloc|realloc|posix_memalign|aligned_alloc|operator new|swift_slowAlloc|swift_allocObject|'
                      r'swift_allocEmptyBox|Swift\.|\$ss|_swift_stdlib|specialized Swift\.|closure #\d+ in Swift\.|'
                      r'swift_arrayInitWithCopy|swift_retain|<unresolved|\?\?|heaptrack|lzma|_start|__libc_start)')
OTHER_KEYBOARD = 'the keyboard: other (start-up, options, window)'
OTHER = 'other (no frame names an owner)'


def demangle(names):
    """Demangles Swift names with swift-demangle when there is one (others are kept)."""
    tool = shutil.which('swift-demangle') or '/opt/swift/usr/bin/swift-demangle'
    if not os.path.exists(tool):
        return names
    r = subprocess.run([tool, '--simplified'], input='\n'.join(names) + '\n', capture_output=True, text=True)
    out = r.stdout.split('\n')
    return out[:len(names)] if r.returncode == 0 and len(out) >= len(names) else names


COMPILED = [(o, re.compile(rx)) for o, rx in OWNERS]


def owner_of(frames):
    """(owner, the frame that names it) of a stack (frames from the root to the allocation)."""
    for frame in reversed(frames):
        if CARRIERS.match(frame):
            continue
        for o, rx in COMPILED:
            if rx.search(frame):
                return o, frame
    mine = [f for f in frames if re.search(r'Stackboard|^[A-Z][A-Za-z]+\.', f)]
    return (OTHER_KEYBOARD, mine[-1]) if mine else (OTHER, frames[-1] if frames else '?')


def heap_owners(stacks_file):
    """{owner: {'bytes': B, 'top': [(bytes, frame nearest the allocation), ...]}} from a
    heaptrack flame-graph stack file of leaked bytes."""
    lines = [l.rsplit(' ', 1) for l in open(stacks_file, encoding='utf-8', errors='replace').read().splitlines() if ' ' in l]
    # "frame (file.c);frame;...; COST": the source file after a frame is dropped.
    lines = [([re.sub(r' \([^()]*\)$', '', f) for f in stack.split(';') if f], cost) for stack, cost in lines]
    raw = sorted({f for stack, _ in lines for f in stack})
    names = dict(zip(raw, demangle(raw)))
    owners = {}
    for stack, cost in lines:
        frames = [names.get(f, f) for f in stack]
        o, site = owner_of(frames)
        site = site[:110]
        entry = owners.setdefault(o, {'bytes': 0, 'sites': {}})
        entry['bytes'] += int(cost)
        entry['sites'][site] = entry['sites'].get(site, 0) + int(cost)
    for entry in owners.values():
        entry['top'] = sorted(((b, s) for s, b in entry.pop('sites').items()), reverse=True)[:4]
    return owners


def keyboard_pid(binary, parent_pid, seconds=20):
    """The pid of BINARY started under heaptrack (a descendant of parent_pid)."""
    exe = os.path.realpath(binary)
    deadline = time.time() + seconds
    while time.time() < deadline:
        for pid in os.listdir('/proc'):
            if not pid.isdigit():
                continue
            try:
                if os.path.realpath(f'/proc/{pid}/exe') == exe and os.getsid(int(pid)) == os.getsid(parent_pid):
                    return int(pid)
            except OSError:
                pass
        time.sleep(0.05)
    raise RuntimeError(f'{binary} did not start under heaptrack')


def wait_quiet(pid, quiet=1.0, seconds=120):
    """Waits until pid has used no CPU for `quiet` seconds."""
    def cpu():
        f = B.read(f'/proc/{pid}/stat').rsplit(')', 1)[1].split()
        return int(f[11]) + int(f[12])
    last, since, deadline = cpu(), time.time(), time.time() + seconds
    while time.time() < deadline:
        time.sleep(0.1)
        now = cpu()
        if now != last:
            last, since = now, time.time()
        elif time.time() - since >= quiet:
            return
    raise RuntimeError(f'the keyboard did not become idle in {seconds} s')


def measure(binary, args, settle, out):
    if not shutil.which('heaptrack'):
        raise SystemExit('heap.py: heaptrack is not installed: sudo apt-get install heaptrack')
    s = B.Session()
    try:
        env = dict(s.env, XDG_CACHE_HOME=os.path.join(s.dir, 'cache'))
        first = s.spawn([binary] + args, 'prime', env=env)  # fills the first-frame cache
        s.wait_window('Stackboard')
        wait_quiet(first.pid)
        s.stop(first)
        # The mappings of a start without heaptrack (its library and buffers are not counted).
        plain = s.spawn([binary] + args, 'plain', env=env)
        s.wait_window('Stackboard')
        wait_quiet(plain.pid)
        time.sleep(settle)
        rollup = dict(zip(('rss_kb', 'pss_kb', 'dirty_kb'), B.memory_kb(plain.pid)))
        mappings = B.memory_breakdown(plain.pid)
        s.stop(plain)
        data = os.path.join(out, 'heaptrack')
        ht = s.spawn(['heaptrack', '-o', data, binary] + args, 'heaptrack', env=env)
        pid = keyboard_pid(binary, ht.pid)
        s.wait_window('Stackboard', seconds=60)
        wait_quiet(pid)  # heaptrack slows every allocation: the start-up's work ends later
        time.sleep(settle)
        os.kill(pid, signal.SIGKILL)
        ht.wait(120)
        files = sorted(f for f in os.listdir(out) if f.startswith('heaptrack.') and f.endswith(('.zst', '.gz')))
        if not files:
            raise RuntimeError('heaptrack wrote no data: ' + s.logtail('heaptrack'))
        trace = os.path.join(out, files[-1])
        stacks = os.path.join(out, 'leaked-stacks.txt')
        r = subprocess.run(['heaptrack_print', '-f', trace, '--flamegraph-cost-type', 'leaked', '-F', stacks,
                            '--disable-builtin-suppressions', '--disable-embedded-suppressions',
                            '-p', '0', '-a', '0', '-T', '0'], capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError('heaptrack_print failed: ' + r.stderr[-400:])
        summary = [l for l in r.stdout.splitlines() if re.match(r'(total runtime|calls to allocation|peak heap|peak RSS|total memory leaked)', l)]
        return {'binary': binary, 'args': args, 'settle_s': settle, 'rollup_kb': rollup, 'mappings_kb': mappings,
                'heap_owners': heap_owners(stacks), 'heaptrack_summary': summary, 'trace': trace}
    finally:
        s.close()


def table(res):
    """The two tables as markdown."""
    kib = lambda b: f'{b / 1024:,.0f}'
    owners = res['heap_owners']
    live = sum(e['bytes'] for e in owners.values())
    heap_group = next((g for g in res['mappings_kb'] if g.startswith('heap')), None)
    heap_dirty = res['mappings_kb'].get(heap_group, {}).get('dirty', 0) if heap_group else 0
    lines = [f"Live heap of the started, idle keyboard by owner (heaptrack, {res['settle_s']} s after it is idle): "
             f"{kib(live)} KiB in all; anonymous mappings' private dirty (a start without heaptrack) {heap_dirty:,} KiB.", '',
             '| owner | live KiB | share | largest allocation sites (KiB) |', '|---|---|---|---|']
    for o, e in sorted(owners.items(), key=lambda kv: -kv[1]['bytes']):
        sites = '; '.join(f'{s.replace("|", "/")} {b / 1024:,.0f}' for b, s in e['top'][:3])
        lines.append(f"| {o} | {kib(e['bytes'])} | {100 * e['bytes'] / max(live, 1):.1f} % | {sites} |")
    lines.append(f'| malloc\'s own: heap private dirty − live (fragmentation, headers, free pages kept) | '
                 f'{heap_dirty - live / 1024:,.0f} | – | – |')
    r = res['rollup_kb']
    lines += ['', f"Private dirty by mapping (a start without heaptrack, same session): RSS {r['rss_kb']:,} KiB, PSS {r['pss_kb']:,} KiB, "
              f"private dirty {r['dirty_kb']:,} KiB.", '', '| mapping | RSS KiB | PSS KiB | private dirty KiB |', '|---|---|---|---|']
    for g, v in sorted(res['mappings_kb'].items(), key=lambda kv: -kv[1]['dirty']):
        lines.append(f"| {g} | {v['rss']:,} | {v['pss']:,} | {v['dirty']:,} |")
    return '\n'.join(lines) + '\n'


def run(binary, settle, out):
    """bench.py's reading (its memory section): the result, or {'error': why} (no heaptrack, ...)."""
    os.makedirs(out, exist_ok=True)
    try:
        return measure(binary, ['--no-sound'], settle, out)
    except (RuntimeError, OSError, subprocess.SubprocessError, SystemExit) as e:
        return {'error': str(e)}


def summary(res):
    """The section of bench.py's summary (empty when it did not run)."""
    if not res:
        return ''
    head = '\n\n## Where the idle keyboard\'s heap goes (Benchmarks/heap.py)\n\n'
    return head + (f"skipped: {res['error']}\n" if 'error' in res else table(res))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary', help='the stackboard executable')
    ap.add_argument('--settle', type=float, default=2, help='wait after the map before the reading, s (2, as bench.py)')
    ap.add_argument('--out', help='output folder (default out/heap-DATE-TIME)')
    ap.add_argument('args', nargs='*', help='keyboard arguments after -- (default: --no-sound)')
    o = ap.parse_args()
    out = o.out or os.path.join(B.ROOT, 'out', time.strftime('heap-%Y%m%d-%H%M%S'))
    os.makedirs(out, exist_ok=True)
    res = measure(os.path.abspath(o.binary), o.args or ['--no-sound'], o.settle, os.path.abspath(out))
    with open(os.path.join(out, 'heap.json'), 'w') as f:
        json.dump(res, f, indent=1)
    md = table(res)
    with open(os.path.join(out, 'heap.md'), 'w') as f:
        f.write(md)
    print(md)
    print('\n'.join(res['heaptrack_summary']))
    print(f'heap.py: written to {out}')


if __name__ == '__main__':
    main()
