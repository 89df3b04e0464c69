#!/usr/bin/env python3
"""peers.py: Stackboard and the peer keyboards (matchbox-keyboard, xvkbd, onboard) side by side.

  Benchmarks/peers.py NAME=BINARY... [--rounds N] [--taps N] [--idle S] [--peers a,b,c] [--out DIR]

bench.py runs it as its `peers` part (`make bench`); alone, it measures the builds given. Every
program gets, in every round, a session of its own (benchlib.Session: a new Xvfb 1280x800x24,
openbox, a private session bus, keysink focused, an empty HOME and cache), and the programs of a
round run one after the other in an order rotated every round, so that figures paired by round
saw the same load. In each session:

  start-up     exec → window mapped, → first frame and → every pixel final (tools/startprobe.c:
               the first window of at least 40x20 owned by the program's process tree, found
               with the X-Resource extension; the first frame is the DAMAGE event after which
               the window always shows at least 99 % of its final pixels, a detail drawn later
               such as the suggestion bar's words aside; final = its pixels 1.5 s after the map)
  memory       RSS and PSS of the program's process tree 2 s after the map, and apart the PSS of
               what the session bus started for it (D-Bus helpers: not its children)
  window       geometry, _NET_WM_WINDOW_TYPE, the ICCCM input hint, a strut, how much of the
               target window it covers, whether the target kept the focus when it was mapped
  idle         CPU time and context switches of the tree, and Xvfb's CPU time, over --idle s
               with the pointer parked outside the keyboard
  typing       taps on the keyboard's `a`, `shift` `a`, `a` (Benchmarks/keys.tsv): what the
               target received, whether it was sent with XSendEvent (many programs ignore those)
               and whether the target kept the focus
  tap → key    --taps taps on `a` next to the XTest floor, interleaved (tools/latency.c): from
               the release (the press, for a keyboard that types on the press) to the target's
               KeyPress; the floor is the same key sent straight to the target

Key positions are in Benchmarks/keys.tsv, relative to the keyboard's window. A peer that is not
installed is left out (scripts/bench.sh installs them). Results: DIR/peers.jsonl (one object per
program and round, with every tap) and the summary printed at the end.
"""
import argparse, json, os, shutil, signal, statistics, sys, time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
import measures as M  # noqa: E402

PEERS = [('matchbox-keyboard', ['matchbox-keyboard']), ('xvkbd', ['xvkbd']), ('onboard', ['onboard'])]
# (label, keys tapped in order, what the target must receive)
CHECKS = [('a', ['a'], 'a'), ('shift a', ['shift', 'a'], 'A'), ('a after shift', ['a'], 'a')]
KEYS_TSV = os.path.join(B.ROOT, 'Benchmarks', 'keys.tsv')
SCREEN = (1280, 800)


def key_table(name):
    """{key: (x, y)} of `name` in keys.tsv: pixels (negative: from the far edge) or 'NN%'."""
    keys = {}
    for line in B.read(KEYS_TSV).splitlines():
        f = line.split()
        if len(f) >= 4 and f[0] == name:
            keys[f[1]] = (f[2], f[3])
    return keys


def key_point(spec, geometry):
    """Root coordinates of a keys.tsv position in a window (x, y, width, height)."""
    def one(v, origin, size):
        if v.endswith('%'):
            return origin + round(float(v[:-1]) * size / 100)
        return origin + (size + int(v) if v.startswith('-') else int(v))
    x, y, w, h = geometry
    return one(spec[0], x, w), one(spec[1], y, h)


def proc_tree(root):
    """root and its live descendants."""
    children = {}
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                children.setdefault(int(B.read(f'/proc/{p}/stat').rsplit(')', 1)[1].split()[1]), []).append(int(p))
            except (OSError, IndexError, ValueError):
                pass
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        if os.path.exists(f'/proc/{p}'):
            out.append(p)
            todo += children.get(p, [])
    return out


def on_display(display):
    """Processes whose environment names this display (the session's, and what its bus started)."""
    mine, out = ('DISPLAY=' + display).encode(), []
    for p in os.listdir('/proc'):
        if p.isdigit() and int(p) != os.getpid():
            try:
                with open(f'/proc/{p}/environ', 'rb') as f:
                    if mine in f.read().split(b'\0'):
                        out.append(int(p))
            except OSError:
                pass
    return out


def tree_memory(pids):
    rss = pss = 0
    for p in pids:
        try:
            r, s, _ = B.memory_kb(p)
        except OSError:
            continue
        rss, pss = rss + r, pss + s
    return round(rss / 1024, 1), round(pss / 1024, 1)


def tree_cpu(pids):
    out = {}
    for p in pids:
        try:
            out.update({f'{p}/{t}': v for t, v in B.cpu_sample(p).items()})
        except OSError:
            pass
    return out


def geometry(s, window):
    """(x, y, width, height) of a window, in root coordinates."""
    info = {}
    for line in s.run(['xwininfo', '-id', window]).stdout.splitlines():
        k, _, v = line.strip().partition(':')
        info[k.strip()] = v.strip()
    return (int(info['Absolute upper-left X']), int(info['Absolute upper-left Y']),
            int(info['Width']), int(info['Height']))


def window_props(s, window):
    out = s.run(['xprop', '-id', window, '_NET_WM_WINDOW_TYPE', 'WM_HINTS', '_NET_WM_STRUT_PARTIAL']).stdout
    kind = next((l.split('=', 1)[1].strip().replace('_NET_WM_WINDOW_TYPE_', '') for l in out.splitlines()
                 if l.startswith('_NET_WM_WINDOW_TYPE') and '=' in l), 'unset')
    hint = next((l.split(':')[-1].strip() for l in out.splitlines() if 'accepts input' in l), 'unset')
    strut = any(l.startswith('_NET_WM_STRUT_PARTIAL') and '=' in l for l in out.splitlines())
    return f"type={kind} input={hint}{' strut' if strut else ''}"


def sink_window(s):
    return next(int(l.split()[2], 16) for l in s.sink_lines() if l.startswith('READY'))


def focus_ok(s):
    r = s.run(['xdotool', 'getwindowfocus'])
    return r.returncode == 0 and r.stdout.strip().isdigit() and int(r.stdout) == sink_window(s)


def focus_outs(s, since_us):
    """FocusOuts of the target since `since_us` that moved the focus away (not grabs, not to a
    child or the pointer's window)."""
    out = []
    for line in s.sink_lines():
        f = line.split()
        if f[0] == 'FOCUSOUT' and int(f[1]) >= since_us and f[2] in ('Normal', 'WhileGrabbed') \
                and f[3] not in ('Inferior', 'Pointer'):
            out.append(line)
    return out


def refocus(s):
    s.run(['xdotool', 'windowfocus', str(sink_window(s))])
    time.sleep(0.2)


def received(s, start):
    """(text, keysyms, synthetic) of the KeyPresses from keysink's line `start` on."""
    text, syms, synthetic = '', [], False
    for line in s.sink_lines()[start:]:
        if line.startswith('KEY '):
            f = line.split(' ', 3)
            body, _, tail = f[3].rpartition(' kc=')
            text += json.loads(body)
            syms.append(f[2])
            synthetic = synthetic or 'se=1' in tail
    return text, ' '.join(syms), synthetic


def stop_tree(pid):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pid, sig)
        except OSError:
            return
        time.sleep(0.3)


def measure(s, name, argv, env, keys_name, o, res):
    sw, sh = SCREEN
    s.move_pointer(sw - 3, sh - 3)
    t_launch = B.now_us()
    r = s.run([B.tool('startprobe'), '-t', '30', '-s', '1500', '-o', os.path.join(s.dir, name + '.log'), '--', *argv],
              timeout=60, env=dict(s.env, **env))
    pid = window = None
    for line in r.stdout.splitlines():
        f = line.split()
        if f[0] == 'LAUNCH':
            pid = int(f[2])
        elif f[0] == 'MAPPED':
            res['map_ms'], window, t_map = int(f[2]) / 1000, f[3], int(f[1])
        elif f[0] == 'PAINTED':
            res['paint_ms'] = int(f[2]) / 1000
        elif f[0] == 'NEARLY':
            res['first_frame_ms'] = int(f[2]) / 1000
        elif f[0] in ('NOPAINT', 'TIMEOUT', 'EXIT'):
            res['start_problem'] = line
    if pid:
        res['pid'] = pid
    if not window:
        with open(os.path.join(s.dir, 'windows.txt'), 'w') as f:  # what was there: kept with the logs
            f.write(s.run(['xwininfo', '-root', '-tree']).stdout)
        raise RuntimeError('no window mapped: ' + ' '.join(res.get('start_problem', '').split()[:1]) + ' ' + s.logtail(name))
    time.sleep(max(0.0, o.settle - (B.now_us() - t_map) / 1e6))
    tree = proc_tree(pid)
    res['procs'] = [B.read(f'/proc/{p}/comm').strip() for p in tree if os.path.exists(f'/proc/{p}/comm')]
    res['rss_mb'], res['pss_mb'] = tree_memory(tree)
    session = {p.pid for p in s.procs}
    helpers = [p for p in on_display(s.display) if p not in tree and p not in session]
    if helpers:
        res['dbus_helpers'] = sorted({B.read(f'/proc/{p}/comm').strip() for p in helpers if os.path.exists(f'/proc/{p}/comm')})
        res['dbus_helpers_pss_mb'] = tree_memory(helpers)[1]
    res['focus_kept_on_map'] = focus_ok(s) and not focus_outs(s, t_launch)
    if not focus_ok(s):
        refocus(s)

    geom = geometry(s, window)
    res['geometry'] = '%dx%d+%d+%d' % (geom[2], geom[3], geom[0], geom[1])
    sg = geometry(s, hex(sink_window(s)))
    ox = max(0, min(geom[0] + geom[2], sg[0] + sg[2]) - max(geom[0], sg[0]))
    oy = max(0, min(geom[1] + geom[3], sg[1] + sg[3]) - max(geom[1], sg[1]))
    res['covers_target_pct'] = round(100 * ox * oy / (sg[2] * sg[3]))
    res['window'] = window_props(s, window)
    for px, py in ((sw - 3, sh - 3), (3, sh - 3), (sw - 3, 3), (3, 3)):  # park the pointer outside
        if not (geom[0] <= px < geom[0] + geom[2] and geom[1] <= py < geom[1] + geom[3]):
            s.move_pointer(px, py)
            break
    if res['round'] == 1 and shutil.which('import'):  # where the keys are: check keys.tsv on it
        os.makedirs(os.path.join(o.out, 'screens'), exist_ok=True)
        s.run(['import', '-window', 'root', os.path.join(o.out, 'screens', name + '.png')])

    pids = proc_tree(pid)
    a, x = tree_cpu(pids), B.cpu_sample(s.xvfb.pid)
    time.sleep(o.idle)
    b, y = tree_cpu(pids), B.cpu_sample(s.xvfb.pid)
    ms, cs = B.cpu_delta(a, b)
    res['idle_cpu_ms'], res['idle_wakeups_per_s'] = round(ms, 2), round(cs / o.idle, 1)
    res['xvfb_idle_cpu_ms'] = round(B.cpu_delta(x, y)[0], 2)

    keys = key_table(keys_name)
    if not {'a', 'shift'} <= set(keys):
        raise RuntimeError(f'no rows for {keys_name} in Benchmarks/keys.tsv (its window is {res["geometry"]})')
    t_clicks = B.now_us()
    res['checks'] = []
    for label, seq, want in CHECKS:
        start = len(s.sink_lines())
        for k in seq:
            px, py = key_point(keys[k], geom)
            s.run([B.tool('pointer'), f'{px},{py}', 'tap'])
            time.sleep(0.25)
        time.sleep(0.3)
        text, syms, synthetic = received(s, start)
        kept = focus_ok(s)
        res['checks'].append({'check': label, 'want': want, 'ok': text == want, 'text': text, 'keysyms': syms,
                              'synthetic': synthetic, 'focus_kept': kept})
        if not kept:
            refocus(s)

    ax, ay = key_point(keys['a'], geom)
    lat = M.latency(s, (window, ax, ay), [{'text': 'a', 'x': 0, 'y': 0, 'width': 0, 'height': 0}],
                    o.taps, hold_ms=o.hold_ms, gap_ms=o.gap_ms)
    res['tap_ms_all'] = [round(v, 3) for v in lat['tap_ms']]
    res['floor_ms_all'] = [round(v, 3) for v in lat['floor_ms']]
    res['taps_lost'], res['wrong_keysym'] = lat['lost'], lat['wrong_keysym']
    if lat['tap_ms']:
        res['fires_on'] = 'press' if lat['fired_on_press'] > len(lat['tap_ms']) / 2 else 'release'
        res['tap_ms_median'] = round(statistics.median(lat['tap_ms']), 3)
    if lat['floor_ms']:
        res['floor_ms_median'] = round(statistics.median(lat['floor_ms']), 3)
        if 'tap_ms_median' in res:
            res['tap_over_floor'] = round(res['tap_ms_median'] / res['floor_ms_median'], 2)
    res['focus_kept_on_click'] = focus_ok(s) and not focus_outs(s, t_clicks)
    if not os.path.exists(f'/proc/{pid}'):
        res['exited_early'] = True
    stop_tree(pid)


def one(name, argv, env, keys_name, rnd, o):
    res = {'name': name, 'round': rnd, 'command': ' '.join(argv), 'time': time.strftime('%H:%M:%S'),
           'load_average': os.getloadavg()[0]}
    s = B.Session(logdir=o.scratch)
    try:
        measure(s, name, argv, env, keys_name, o, res)
    except Exception as e:  # record it and go on with the next program
        res['error'] = f'{type(e).__name__}: {e}'
    finally:
        s.close(keep='error' in res)
        if 'error' in res:
            res['logs'] = s.dir
    B.log(f"  {name} r{rnd}: " + ', '.join(f'{k}={res[k]}' for k in (
        'error', 'map_ms', 'first_frame_ms', 'paint_ms', 'pss_mb', 'idle_cpu_ms', 'tap_ms_median', 'taps_lost') if k in res))
    return res


def run(o, programs):
    """programs: [(name, argv, extra env, its name in keys.tsv)]. Returns the rows, one per
    program and round."""
    programs = programs + [(n, a, {}, n) for n, a in PEERS if n in o.peers and shutil.which(a[0])]
    missing = [n for n, a in PEERS if n in o.peers and not shutil.which(a[0])]
    if missing:
        B.log('peers: not installed, left out:', ', '.join(missing))
    rows = []
    with open(os.path.join(o.out, 'peers.jsonl'), 'w') as f:
        for rnd in range(1, o.peer_rounds + 1):
            k = (rnd - 1) % len(programs)
            for name, argv, env, keys_name in programs[k:] + programs[:k]:
                row = one(name, argv, env, keys_name, rnd, o)
                rows.append(row)
                f.write(json.dumps(row) + '\n')
                f.flush()
    return rows


METRICS = [('map_ms', 'exec → mapped, ms'), ('first_frame_ms', 'exec → first frame (99 % of its final pixels), ms'),
           ('paint_ms', 'exec → every pixel final, ms'),
           ('pss_mb', 'PSS, MB'), ('rss_mb', 'RSS, MB'), ('dbus_helpers_pss_mb', 'PSS of its D-Bus helpers, MB'),
           ('idle_cpu_ms', 'idle CPU, ms per {idle} s'), ('idle_wakeups_per_s', 'idle wake-ups/s'),
           ('xvfb_idle_cpu_ms', 'Xvfb CPU while idle, ms per {idle} s'), ('tap_ms_median', 'tap → key, ms (median)'),
           ('floor_ms_median', 'XTest floor, ms (median)'), ('tap_over_floor', 'tap → key / floor')]


def summary(rows, o, ref='matchbox-keyboard'):
    """Markdown tables: median (min–max) over rounds per program, then ratios paired by round."""
    if not rows:
        return ''
    names = list(dict.fromkeys(r['name'] for r in rows))
    by = {n: [r for r in rows if r['name'] == n] for n in names}
    idle = f'{o.idle:g}'
    out = ['| figure | ' + ' | '.join(names) + ' |', '|---' * (len(names) + 1) + '|']
    for key, label in METRICS:
        out.append(f'| {label.format(idle=idle)} | ' + ' | '.join(
            B.spread([r[key] for r in by[n] if key in r]) for n in names) + ' |')
    p95 = [B.fmt(B.p95(v)) + f' (n={len(v)})' if v else '–'
           for v in ([x for r in by[n] for x in r.get('tap_ms_all', [])] for n in names)]
    out.append('| tap → key, ms (p95, all taps) | ' + ' | '.join(p95) + ' |')
    for key, label in (('window', 'window type / input hint'), ('geometry', 'window geometry'),
                        ('covers_target_pct', 'covers the target window, %'), ('fires_on', 'key sent on'),
                        ('focus_kept_on_map', 'target kept the focus on map'),
                        ('focus_kept_on_click', 'target kept the focus on taps'), ('taps_lost', 'taps lost'),
                        ('error', 'errors')):
        cells = []
        for n in names:
            seen = {}
            for r in by[n]:
                if key in r:
                    seen[str(r[key])] = seen.get(str(r[key]), 0) + 1
            cells.append(', '.join(f'{v} ×{c}' for v, c in seen.items()) or '–')
        out.append(f'| {label} | ' + ' | '.join(cells) + ' |')
    for label, _, want in CHECKS:
        cells = []
        for n in names:
            seen = {}
            for r in by[n]:
                for c in r.get('checks', []):
                    if c['check'] == label:
                        v = (f"{c['text']!r} [{c['keysyms']}]" + ('' if c['ok'] else ' ✗')
                             + (' synthetic' if c['synthetic'] else '') + ('' if c['focus_kept'] else ' focus lost'))
                        seen[v] = seen.get(v, 0) + 1
            cells.append('; '.join(f'{v} ×{c}' for v, c in seen.items()) or '–')
        out.append(f'| typed: {label} (want {want!r}) | ' + ' | '.join(cells) + ' |')
    out.append('| rounds | ' + ' | '.join(str(len(by[n])) for n in names) + ' |')
    if ref in names and len(names) > 1:
        out += ['', f'Ratios to {ref}, paired by round (median, min–max):', '',
                '| figure | ' + ' | '.join(names) + ' |', '|---' * (len(names) + 1) + '|']
        for key, label in METRICS[:5] + METRICS[6:8] + METRICS[9:10]:
            cells = []
            for n in names:
                ratios = [r[key] / b[key] for r in by[n] for b in by[ref]
                          if b['round'] == r['round'] and key in r and b.get(key)]
                cells.append(B.spread(ratios) if ratios else '–')
            out.append(f"| {label.split(',')[0]} | " + ' | '.join(cells) + ' |')
    return '\n'.join(out)


def add_options(ap):
    """The options bench.py shares."""
    ap.add_argument('--peer-rounds', type=int, default=3, help='rounds of the peers part (3)')
    ap.add_argument('--peer-taps', dest='taps', type=int, default=40, help='tap → key taps per program and round (40)')
    ap.add_argument('--peer-gap-ms', dest='gap_ms', type=int, default=100, help='pause between taps, ms (100, plus 0-20)')
    ap.add_argument('--peer-hold-ms', dest='hold_ms', type=int, default=50, help='button held per tap, ms (50)')
    ap.add_argument('--peers', default=','.join(n for n, _ in PEERS), help='which peers (all three)')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split('\n\n', 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('builds', nargs='*', metavar='NAME=BINARY', help='Stackboard builds (first starts)')
    ap.add_argument('--idle', type=float, default=10, help='idle window, s (10)')
    ap.add_argument('--settle', type=float, default=2, help='wait after the map before the memory reading, s (2)')
    ap.add_argument('--out', help='output folder (default out/peers-DATE-TIME)')
    add_options(ap)
    o = ap.parse_args()
    o.peers = o.peers.split(',')
    o.out = os.path.abspath(o.out or os.path.join(B.ROOT, 'out', time.strftime('peers-%Y%m%d-%H%M%S')))
    o.scratch = os.path.join(o.out, 'sessions')
    os.makedirs(o.scratch, exist_ok=True)
    programs = []
    for spec in o.builds:
        name, _, path = spec.partition('=')
        if not name or not os.access(path, os.X_OK):
            sys.exit(f'peers: {spec!r}: give NAME=BINARY with an executable, e.g. stackboard=.build/release/stackboard')
        programs.append((name, [os.path.abspath(path), '--no-sound'], {}, 'stackboard'))
    rows = run(o, programs)
    text = summary(rows, o)
    with open(os.path.join(o.out, 'summary.md'), 'w') as f:
        f.write(text + '\n')
    print(text)
    return 1 if any('error' in r for r in rows) else 0


if __name__ == '__main__':
    sys.exit(main())
