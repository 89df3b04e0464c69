#!/usr/bin/env python3
"""bench.py: Stackboard's benchmark (`make bench`, scripts/bench.sh).

  bench.py BINARY [--also NAME=PATH]... [--sections startup,memory,...] [--rounds N] [--no-peers] [--quick] ...

BINARY is the `stackboard` measured (scripts/bench.sh gives the Debian package's, installed with
dpkg -x into a scratch root); `--also` adds builds measured next to it in the start-up and memory
sections and in the peers part (the `make run` build); `stackboard-bench` must be next to BINARY or
given with --bench-binary. Each round is a fresh
private X server (Xvfb 1280x800, openbox, the keysink target window) in which the figures are
measured next to a reference measured in the same round (see Benchmarks/README.md and
docs/benchmarks.md). Then the peers (matchbox-keyboard, xvkbd, onboard) and Stackboard are run
round-robin by peers.py, each in a session of its own, into one table. Raw data and the summary go to --out
(default out/bench-DATE); the summary is printed at the end.
"""
import argparse, datetime, json, os, platform, shutil, subprocess, sys, time, traceback

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402
import words as W  # noqa: E402
import swipe as SW  # noqa: E402
import autoshow as AS  # noqa: E402
import heap as H  # noqa: E402
import peers as P  # noqa: E402
from report import summarize  # noqa: E402


SECTIONS = ('startup', 'memory', 'idle', 'latency', 'taps', 'click', 'breakdown', 'paint', 'layouts', 'type', 'swipe', 'autoshow')


# The first build's memory is also read with these options (label, arguments).
MEMORY_VARIANTS = [('--suggestions 0', ['--suggestions', '0']), ('--no-swipe', ['--no-swipe'])]


def cache_env(s, name):
    """Each build keeps its first frames in a folder of its own in the session."""
    return {'XDG_CACHE_HOME': os.path.join(s.dir, 'cache-' + name)}


def startups(s, o, rnd, builds, res):
    """exec → first frame of each build, from a first start (its cache emptied) and from its
    cached frame, alternating with matchbox-keyboard in an order rotated every start."""
    entries = []
    for name, path in builds:
        env = cache_env(s, name)
        M.startup(s, [path, '--no-sound'], env=env)  # not measured: the cache of this session is filled
        entries.append((f'{name}: first start', [path, '--no-sound'], env, True))
        entries.append((f'{name}: cached frame', [path, '--no-sound'], env, False))
    if shutil.which('matchbox-keyboard'):
        entries.append(('matchbox-keyboard', ['matchbox-keyboard'], {}, False))
    res['startup'] = {label: [] for label, *_ in entries}
    for k in range(o.startups):
        turn = (rnd + k) % len(entries)
        for label, cmd, env, empty in entries[turn:] + entries[:turn]:
            if empty:
                shutil.rmtree(env['XDG_CACHE_HOME'], ignore_errors=True)
            res['startup'][label].append(M.startup(s, cmd, env=env))
    B.log('  start-up:', {n: [r.get('paint_ms') for r in v] for n, v in res['startup'].items()})


def memories(s, o, builds, res):
    """Memory of each build (from its cached frame) and of matchbox-keyboard, by mapping."""
    res['memory_programs'] = {}
    for name, path in builds:
        res['memory_programs'][name] = M.program_memory(s, [path, '--no-sound'], 'Stackboard', o.settle,
                                                        env=cache_env(s, name), name=name)
    # The features' part, paired in the same session: the first build without the suggestion bar
    # (no word model, no swipe index) and without swiping (the model, no index).
    name, path = builds[0]
    for label, extra in MEMORY_VARIANTS:
        res['memory_programs'][f'{name} {label}'] = M.program_memory(s, [path, '--no-sound'] + extra, 'Stackboard', o.settle,
                                                                     env=cache_env(s, name + label), name=name)
    # matchbox-keyboard and the floors (measures.other_pads): what cairo, Pango and the Swift
    # runtime cost by themselves.
    for pad, (argv, window_name, _) in M.other_pads(o.build_dir).items():
        res['memory_programs'][pad] = M.program_memory(s, argv, window_name, o.settle, name=M.slug(pad))
    B.log('  memory:', {n: (m['pss_mb'], m['dirty_mb']) for n, m in res['memory_programs'].items()})


def keyboard_figures(s, o, rnd, builds, res):
    """Idle, tap→key and 10,000 taps on the first build, each figure next to its reference."""
    name, binary = builds[0]
    kb, window = M.start_keyboard(s, binary, env=dict(s.env, **cache_env(s, name)))
    keys = B.key_frames(binary, 'qwerty', window[3], window[4])
    time.sleep(o.settle)
    res['memory_start'] = M.memory(kb.pid)
    s.move_pointer(5, 5)
    time.sleep(0.5)
    if 'idle' in o.sections:
        res['idle_fresh'] = M.idle(s, kb.pid, o.idle)
        B.log('  memory, idle:', res['memory_start'], res['idle_fresh'])
    if 'latency' in o.sections:
        res['latency'] = M.latency(s, window, keys, o.latency_taps)
        B.log(f"  tap→key median {B.fmt(B.median(res['latency']['tap_ms']))} ms, "
              f"floor {B.fmt(B.median(res['latency']['floor_ms']))} ms, lost {res['latency']['lost']}")
    if 'taps' in o.sections:
        res['many_taps'] = M.many_taps(s, window, keys, o.memory_taps, seed=rnd)
        time.sleep(1)
        res['memory_after'] = M.memory(kb.pid)
        B.log('  after taps:', res['many_taps'], res['memory_after'])
        if 'idle' in o.sections:
            s.move_pointer(5, 5)
            time.sleep(1)
            res['idle_after'] = M.idle(s, kb.pid, o.idle)
            B.log('  idle after use:', res['idle_after'])
    res['focus_lost'] = s.focus_lost()
    res['keyboard_stderr'] = s.logtail('stackboard', 500)
    res['keyboard_exit'] = s.stop(kb)


def typing(o, rnd, binary, texts, res):
    """`stackboard type` next to xdotool, each typer in a session of its own: xdotool's keymap
    changes keep openbox busy for tens of seconds, which must not spill into the next one. The
    target answers _NET_WM_PING in event order, as GTK and Qt applications do (what `stackboard
    type` waits for before it changes or restores the keymap)."""
    res['type'] = {}
    for kind, path, body in texts[:2]:
        typers = [('stackboard type', [binary, 'type', '--file', path]),
                  ('xdotool type', ['xdotool', 'type', '--file', path]),
                  ('xdotool type --delay 0', ['xdotool', 'type', '--delay', '0', '--file', path])]
        k = rnd % len(typers)
        for name, cmd in typers[k:] + typers[:k]:
            t = B.Session(logdir=o.scratch, sink_args=('-p',))
            try:
                r = M.type_text(t, cmd, body, f"{kind}-{name.replace(' ', '_')}")
            finally:
                t.close()
            res['type'][f'{kind}: {name}'] = r
            B.log(f'  {kind}: {name}:', {x: r[x] for x in ('to_last_key_s', 'exact', 'received', 'mapping_notify',
                                                           'wm_cpu_ms', 'wm_busy_after_s')})


def one_round(rnd, o, builds, bench_binary, texts):
    binary = builds[0][1]
    s = B.Session(logdir=o.scratch)
    res = {'round': rnd, 'display': s.display}
    B.log(f'round {rnd}: {s.display}')
    try:
        if 'startup' in o.sections:
            startups(s, o, rnd, builds, res)
        if 'memory' in o.sections:
            memories(s, o, builds, res)
        if {'idle', 'latency', 'taps'} & set(o.sections):
            keyboard_figures(s, o, rnd, builds, res)
        frames = lambda w: B.key_frames(binary, 'qwerty', w[3], w[4])  # noqa: E731
        if 'click' in o.sections:
            res['click'] = M.click_latency(s, binary, frames, o.click_taps)
            B.log(f"  tap→click median {B.fmt(B.median(res['click']['click_ms']))} ms, "
                  f"sound-check {res['click']['sound_check_median_ms']} ms")
        if 'breakdown' in o.sections:
            res['breakdown'] = M.breakdown(s, binary, frames, o.breakdown_taps)
            B.log('  where tap→key goes:', {k: B.fmt(B.median(res['breakdown'][k]))
                                              for k in ('deliver_ms', 'work_ms', 'to_target_ms')})
            # The same split of matchbox-keyboard and the floors, in the same session.
            res['breakdown_pads'] = {}
            for pad, (argv, window_name, keys_for) in M.other_pads(o.build_dir).items():
                res['breakdown_pads'][pad] = M.breakdown(s, argv[0], keys_for, o.breakdown_taps, args=argv[1:],
                                                         window_name=window_name, name=M.slug(pad) + '-spied')
            B.log('  and the other pads:', {p: B.fmt(B.median(r['tap_ms'])) for p, r in res['breakdown_pads'].items()})
        if 'paint' in o.sections:
            res['paint'] = M.paint(s, bench_binary)
            B.log('  paint:', {k: v['median_us'] for k, v in res['paint'].items()})
        if 'layouts' in o.sections:
            res['layouts'] = M.layouts(s, bench_binary)
            B.log('  layouts, ms:', {k: round(v['median_us'] / 1000, 2) for k, v in res['layouts'].items()})
        if 'type' in o.sections:
            typing(o, rnd, binary, texts, res)
            res['type_shared'] = typing_shared(o, binary, texts, rnd)
        if 'swipe' in o.sections and o.with_swipe:
            res['swipe_pair'] = SW.pair(s, binary, o.latency_taps, rnd)
            B.log('  tap→key, swipe on / off:', {k: B.fmt(B.median(v['tap_ms'])) for k, v in res['swipe_pair'].items()})
        if 'latency' in o.sections:
            res['suggestions_pair'] = SW.pair(s, binary, o.latency_taps, rnd, configs=SW.SUGGESTION_CONFIGS)
            B.log('  tap→key, suggestions on / off:', {k: B.fmt(B.median(v['tap_ms'])) for k, v in res['suggestions_pair'].items()})
    except Exception as e:  # record it and go on: one bad round must not lose the others
        res['error'] = f'{type(e).__name__}: {e}'
        res['traceback'] = traceback.format_exc()
        B.log('  ERROR:', res['error'])
    finally:
        s.close(keep='error' in res)
        if 'error' in res:
            res['logs'] = s.dir
    return res


def typing_shared(o, binary, texts, rnd):
    """The keymap lock's cost (two `stackboard type` at once, each with a mixed text, next to one
    of them alone in the same round) and busy applications (keysink -s 150, with and without
    _NET_WM_PING, and a fast keysink without it), each in a session of its own."""
    out = {}
    (_, p1, b1), (_, p2, b2), (_, pb, bb) = texts[0], texts[2], texts[3]
    runs = [('alone', [[binary, 'type', '--file', p1]], [b1]),
            ('two at once', [[binary, 'type', '--file', p1], [binary, 'type', '--file', p2]], [b1, b2])]
    for name, cmds, bodies in (runs if rnd % 2 else runs[::-1]):
        t = B.Session(logdir=o.scratch, sink_args=('-p',))
        try:
            out[f'mixed: {name}'] = M.type_together(t, cmds, bodies, name.replace(' ', '_'))
        finally:
            t.close()
        B.log(f'  mixed, {name}:', {x: out[f'mixed: {name}'][x] for x in ('to_last_key_s', 'to_exit_s', 'exact', 'mapping_notify')})
    many = os.path.join(o.out, 'many-missing-text.txt')
    with open(many, 'w', encoding='utf-8') as f:
        f.write(M.many_missing_text())
    t = B.Session(logdir=o.scratch, sink_args=('-p',))
    try:
        out['lock: round trips, idle'] = M.rtt_probe(t, 5)
        out['lock: round trips, typing'] = M.rtt_probe(t, 5, during=[binary, 'type', '--file', many])
    finally:
        t.close()
    B.log('  round trips of another client, idle / while typing:', out['lock: round trips, idle'],
          out['lock: round trips, typing'])
    if rnd > o.busy_rounds:
        return out
    for name, sink in (('keysink -p -s 150', ('-p', '-s', '150')), ('keysink -s 150', ('-s', '150')),
                       ('keysink, no ping', ())):
        t = B.Session(logdir=o.scratch, sink_args=sink)
        try:
            out[f'busy: {name}'] = M.type_text(t, [binary, 'type', '--file', pb], bb, 'busy-' + name.split()[-1])
        finally:
            t.close()
        B.log(f'  busy text → {name}:', {x: out[f'busy: {name}'][x] for x in ('to_last_key_s', 'to_exit_s', 'exact', 'received')})
    return out


def warmed_cache(o, name, path):
    """A cache folder holding `path`'s first frame on the peers part's screen (1280x800x24, no
    X resources), for its rows of the cached start (peers.py gives every session an
    empty HOME: its plain `stackboard` row is always a first start)."""
    folder = os.path.join(o.out, 'peers-cache-' + name)
    s = B.Session(logdir=o.scratch)
    try:
        kb, _ = M.start_keyboard(s, path, env=dict(s.env, XDG_CACHE_HOME=folder))
        kept = os.path.join(folder, 'stackboard')
        # The folder appears only when the frame is written: not there yet is "not yet".
        s.wait(20, f'{name} to keep its first frame', lambda: os.path.isdir(kept) and any(
            f.startswith('first-frame-') and f.endswith('.bin') for f in os.listdir(kept)))
        s.stop(kb)
    finally:
        s.close()
    return folder


def peers(o, builds):
    """The peers part (peers.py): matchbox-keyboard, xvkbd and onboard next to the first build as
    `stackboard` (a first start: every session's cache is empty) and every build from its cached
    frame as `NAME-cached`, each program in a session of its own, round-robin."""
    programs = [(builds[0][0], [builds[0][1], '--no-sound'], {}, 'stackboard')]
    for name, path in builds:
        programs.insert(len(programs) - 1, (f'{name}-cached', [path, '--no-sound'],
                                            {'XDG_CACHE_HOME': warmed_cache(o, name, path)}, 'stackboard'))
    rows = P.run(o, programs)
    command = (f'Benchmarks/peers.py via bench.py: {o.peer_rounds} rounds, {o.taps} taps per program and round '
               f'(hold {o.hold_ms} ms, gap {o.gap_ms} ms), idle {o.idle:g} s')
    return {'command': command, 'summary': P.summary(rows, o), 'rows': rows,
            'errors': sum(1 for r in rows if 'error' in r)}


def machine():
    cpu = next((l.split(':', 1)[1].strip() for l in B.read('/proc/cpuinfo').splitlines()
                if l.startswith('model name')), platform.machine())
    debian = B.read('/etc/debian_version').strip() if os.path.exists('/etc/debian_version') else '?'
    xvfb = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'xvfb'], capture_output=True, text=True).stdout
    return {'cpu': cpu, 'cores': os.cpu_count(), 'kernel': platform.release(), 'debian': debian,
            'xvfb': xvfb, 'load_average': os.getloadavg(),
            'memory_gb': round(os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30, 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split('\n\n', 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('binary', help='the stackboard executable to measure (the Debian package\'s, installed with dpkg -x)')
    ap.add_argument('--name', default='stackboard', help='what to call it in the tables (stackboard)')
    ap.add_argument('--also', action='append', default=[], metavar='NAME=PATH',
                    help='another build measured in the start-up and memory sections and the peers part (make-run=...)')
    ap.add_argument('--bench-binary', help='stackboard-bench (default: next to the binary)')
    ap.add_argument('--sections', default=','.join(SECTIONS),
                    help=f'what to measure, comma-separated (default all: {",".join(SECTIONS)})')
    ap.add_argument('--rounds', type=int, default=3, help='fresh X sessions for the Stackboard figures (3)')
    ap.add_argument('--startups', type=int, default=3, help='start-ups of each program per round (3)')
    ap.add_argument('--latency-taps', type=int, default=70, help='tap/floor pairs per round (70: 210 in all)')
    ap.add_argument('--memory-taps', type=int, default=10000, help='taps between the two memory readings (10000)')
    ap.add_argument('--click-taps', type=int, default=60, help='taps for the click latency per round (60)')
    ap.add_argument('--breakdown-taps', type=int, default=50, help='taps for the tap→key breakdown per round (50)')
    ap.add_argument('--type-chars', type=int, default=1000, help='characters for stackboard type vs xdotool (1000)')
    ap.add_argument('--busy-chars', type=int, default=100, help='characters typed into the busy keysinks (100)')
    ap.add_argument('--busy-rounds', type=int, default=1, help='rounds that type into the busy keysinks (1)')
    ap.add_argument('--idle', type=float, default=10, help='idle window, s (10)')
    ap.add_argument('--settle', type=float, default=2, help='wait after the map before the memory reading, s (2)')
    ap.add_argument('--no-peers', dest='with_peers', action='store_false', help='skip the peers part (peers.py)')
    ap.add_argument('--peers-only', action='store_true', help='only the peers part (no rounds, words, swipe, ...)')
    P.add_options(ap)
    ap.add_argument('--no-words', dest='with_words', action='store_false', help='skip the word suggestions section')
    ap.add_argument('--words-chars', type=int, default=None, help='cut each evaluation text to about N characters')
    ap.add_argument('--words-only', action='store_true', help='only the word suggestions section (no X rounds, no peers)')
    ap.add_argument('--no-swipe', dest='with_swipe', action='store_false',
                    help='skip the swipe section (accuracy, decode time, tap→key with swiping on and off)')
    ap.add_argument('--autoshow-changes', type=int, default=20,
                    help='auto-show: focus changes each way, entry then button (20)')
    ap.add_argument('--autoshow-settle', type=float, default=0.5,
                    help='auto-show: pause after each map or unmap before the next click, s (0.5)')
    ap.add_argument('--quick', action='store_true', help='1 round, fewer taps, 1 peer round: a smoke run')
    ap.add_argument('--out', help='output folder (default out/bench-DATE-TIME)')
    o = ap.parse_args()
    if o.quick:
        o.rounds, o.startups, o.latency_taps, o.memory_taps, o.click_taps, o.breakdown_taps = 1, 2, 30, 1000, 20, 20
        o.peer_rounds, o.taps, o.idle, o.busy_chars = 1, 20, 5, 40
        o.words_chars = o.words_chars or 20000
    binary = os.path.abspath(o.binary)
    builds = [(o.name, binary)]
    for spec in o.also:
        name, _, path = spec.partition('=')
        if not name or not path:
            sys.exit(f'bench: --also {spec!r}: give NAME=PATH, e.g. make-run=.build/release/stackboard')
        builds.append((name, os.path.abspath(path)))
    o.peers = [x for x in o.peers.split(',') if x]
    if o.peers_only:
        o.sections, o.with_words, o.with_peers, o.rounds = '', False, True, 0
    o.sections = [x for x in o.sections.split(',') if x]
    unknown = [x for x in o.sections if x not in SECTIONS]
    if unknown:
        sys.exit(f'bench: unknown sections {unknown}; choose from {",".join(SECTIONS)}')
    bench_binary = os.path.abspath(o.bench_binary or os.path.join(os.path.dirname(binary), 'stackboard-bench'))
    o.build_dir = os.path.dirname(bench_binary)  # stackboard-floorpad is built beside stackboard-bench
    needed = [path for _, path in builds] + ([bench_binary] if {'paint', 'layouts', 'swipe'} & set(o.sections) or o.with_words else [])
    for path in needed:
        if not os.access(path, os.X_OK):
            sys.exit(f'bench: no executable {path}: build with make build (make bench does)')
    o.out = os.path.abspath(o.out or os.path.join(B.ROOT, 'out', time.strftime('bench-%Y%m%d-%H%M%S')))
    o.scratch = os.path.join(o.out, 'sessions')
    os.makedirs(o.scratch, exist_ok=True)
    texts = []
    for kind, body in (('mixed', M.mixed_text(o.type_chars, seed=1000)), ('ascii', M.ascii_text(o.type_chars, seed=1001)),
                       ('mixed2', M.mixed_text(o.type_chars, seed=1002)), ('busy', M.mixed_text(o.busy_chars, seed=1003))):
        path = os.path.join(o.out, f'{kind}-text.txt')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(body)
        texts.append((kind, path, body))

    started = datetime.datetime.now()
    info = {'date': started.isoformat(timespec='seconds'), 'machine': machine(), 'command': ' '.join(sys.argv),
            'builds': [{'name': n, 'path': p, 'ldd_swift': [l.split()[0] for l in subprocess.run(
                ['ldd', p], capture_output=True, text=True).stdout.splitlines() if 'swift' in l.lower()]}
                for n, p in builds],
            'options': {k: v for k, v in vars(o).items()}, 'version': subprocess.run(
                [binary, '--version'], capture_output=True, text=True).stdout.strip()}
    B.log(f"bench: {info['version']}, {info['machine']['cpu']} ({info['machine']['cores']} cores), "
          f"load {info['machine']['load_average']}; results in {o.out}")
    if o.words_only:
        o.rounds, o.with_peers = 0, False
    rounds = [one_round(r, o, builds, bench_binary, texts) for r in range(1, o.rounds + 1)]
    words = None
    if o.with_words:
        B.log('words: keystroke savings, update times, model load')
        words = W.run(o, binary, bench_binary)
    swipe = None
    if o.with_swipe and 'swipe' in o.sections and not o.words_only:
        B.log('swipe: accuracy and decode time on synthetic swipes')
        swipe = SW.run(o, bench_binary)
    autoshow = None
    if 'autoshow' in o.sections and not o.words_only:
        B.log('auto-show: focus → keyboard mapped and unmapped, idle wake-ups (the real keyboard, AT-SPI)')
        autoshow = AS.run(o, builds)
    heap = None
    if 'memory' in o.sections and not o.words_only:
        B.log('heap: the idle keyboard\'s live heap by owner (heaptrack), next to its mappings')
        heap = H.run(binary, o.settle, os.path.join(o.out, 'heap'))
    peer = peers(o, builds) if o.with_peers else None
    info['finished'] = datetime.datetime.now().isoformat(timespec='seconds')
    info['minutes'] = round((datetime.datetime.now() - started).total_seconds() / 60, 1)
    info['load_average_end'] = os.getloadavg()
    with open(os.path.join(o.out, 'results.json'), 'w') as f:
        json.dump({'info': info, 'rounds': rounds, 'peers': peer, 'words': words, 'swipe': swipe,
                   'autoshow': autoshow, 'heap': heap}, f, indent=1, default=str)
    summary = (summarize(info, rounds, peer) + W.summary(words) + SW.summary(swipe, rounds)
               + AS.summary(autoshow) + H.summary(heap))
    with open(os.path.join(o.out, 'summary.md'), 'w') as f:
        f.write(summary + '\n')
    print(summary)
    if not os.listdir(o.scratch):
        os.rmdir(o.scratch)
    failed = ([r for r in rounds if 'error' in r] + [r for r in (autoshow or {}).get('builds', []) if 'error' in r]
              + [p for p in [(autoshow or {}).get('pair')] if p and 'error' in p])
    failed += [r for r in (peer or {}).get('rows', []) if 'error' in r]
    return 1 if failed or (not rounds and not (o.words_only or o.peers_only)) else 0


if __name__ == '__main__':
    sys.exit(main())
