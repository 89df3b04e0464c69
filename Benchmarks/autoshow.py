"""autoshow.py: the real keyboard with `--auto-show`, for `make bench` (section `autoshow`).

Each build in a session of its own: Xvfb + openbox (benchlib.Session), a `dbus-daemon --session`
and at-spi2-core's `at-spi-bus-launcher` on it, the keyboard (`stackboard --auto-show --no-sound`)
started first and waited for until the AT-SPI registry holds its focus event registration (a
window that starts before may never send its events: docs/autoshow.md), then the GTK 3 focus
target (Tests/Tools/focus-target.py --stamp-focus) and Benchmarks/tools/showprobe.c, which clicks
with XTest and stamps the keyboard window's MapNotify/UnmapNotify (viewable or not) on
CLOCK_MONOTONIC. Every process is in a process group of its own, killed by group when the
session closes.

`changes` times (default 20) each way: a click on the text entry, then on the button.
- focus → mapped: from the entry's focus-in-event (stamped by the target on CLOCK_MONOTONIC, the
  clock of showprobe) to the keyboard window becoming viewable. The origin is the focus change
  itself: GTK has handled the click, and atk-bridge sends the AT-SPI focus event from there.
  Click → mapped (from just before the XTest press) is given too: that adds the X server, openbox's
  replay of its synchronous button grab and GTK's own handling of the press.
- focus away → unmapped: from the button's focus-in-event to the window no longer viewable, raw
  (it holds the keyboard's documented 0.3 s grace period, docs/stackboard.1) and minus 0.3 s.
- lost: no map (or unmap) within 10 s of the click; missed: the click gave the widget no focus.
Each step starts from a quiet state: `settle` seconds after the previous map or unmap.
Then the idle wake-ups of the real keyboard (every thread's context switches, /proc), 10 s hidden
(focus on the button) and 10 s shown (focus in the entry), goal 0; and `strace -f -c` of another
10 s hidden, a second witness (it counts every system call of every thread while attached).
"""
import os, re, shutil, signal, subprocess, time

import benchlib as B
import measures as M

GRACE_S = 0.3  # AutoShowPolicy's hide delay, as the man page says (docs/stackboard.1, --auto-show)
TIMEOUT_S = 10


class Probe:
    """showprobe for the keyboard of pid: its commands in, its lines (read from its log) out."""

    def __init__(self, s, pid):
        self.log = os.path.join(s.dir, 'showprobe.out')
        with open(self.log, 'w') as out, open(os.path.join(s.dir, 'showprobe.err'), 'w') as err:
            self.p = subprocess.Popen([B.tool('showprobe'), '-p', str(pid)], stdin=subprocess.PIPE, text=True,
                                      stdout=out, stderr=err, env=s.env, start_new_session=True)
        self.p.name = 'showprobe'
        s.procs.append(self.p)
        s.wait(30, 'showprobe to find the keyboard window', lambda: 'WINDOW' in B.read(self.log) or self.p.poll() is not None)
        if self.p.poll() is not None:
            raise RuntimeError('showprobe: ' + B.read(os.path.join(s.dir, 'showprobe.err')).strip())

    def lines(self):
        return [l.split() for l in B.read(self.log).splitlines() if l.strip()]

    def click(self, x, y):
        """Clicks at root x,y; returns the CLICK stamp (µs)."""
        before = len([l for l in self.lines() if l[0] == 'CLICK'])
        self.p.stdin.write(f'click {x} {y}\n')
        self.p.stdin.flush()
        found = []
        B.Session.wait(10, 'showprobe to click', lambda: found.extend(
            [l for l in self.lines() if l[0] == 'CLICK'][before:]) or bool(found), interval=0.002)
        return int(found[0][1])

    def event(self, kind, after_us, seconds=TIMEOUT_S):
        """The stamp (µs) of the first `kind` line (SHOWN, HIDDEN) after after_us, or None."""
        def first():
            return next((int(l[1]) for l in self.lines() if l[0] == kind and int(l[1]) >= after_us), None)
        try:
            B.Session.wait(seconds, kind, lambda: first() is not None, interval=0.005)
        except RuntimeError:
            return None
        return first()

    def viewable(self):
        states = [l[0] for l in self.lines() if l[0] in ('SHOWN', 'HIDDEN')]
        return bool(states) and states[-1] == 'SHOWN'

    def moves_after(self, t_us, until_us):
        return sum(1 for l in self.lines() if l[0] == 'MOVED' and t_us <= int(l[1]) <= until_us)


def focus_stamp(target_log, name, after_us, seconds=2.0):
    """The target's first `focus NAME T` with T >= after_us (µs), or None."""
    rx = re.compile(rf'^focus {name} (\d+)$', re.M)
    def first():
        return next((int(t) for t in rx.findall(B.read(target_log)) if int(t) >= after_us), None)
    try:
        B.Session.wait(seconds, f'focus on {name}', lambda: first() is not None, interval=0.005)
    except RuntimeError:
        return None
    return first()


def start_buses(s):
    """The accessibility bus on the session's bus (benchlib.Session starts that one)."""
    for k in ('AT_SPI_BUS_ADDRESS', 'NO_AT_BRIDGE', 'GTK_MODULES'):
        s.env.pop(k, None)
    s.spawn(['/usr/libexec/at-spi-bus-launcher', '--launch-immediately'], 'at-spi-bus-launcher')

    def a11y_address():
        r = s.run(['gdbus', 'call', '--session', '--dest', 'org.a11y.Bus', '--object-path', '/org/a11y/bus',
                   '--method', 'org.a11y.Bus.GetAddress'], timeout=10)
        m = re.search(r"'([^']+)'", r.stdout)
        return m.group(1) if r.returncode == 0 and m else None
    s.wait(20, 'the accessibility bus (at-spi-bus-launcher)', lambda: a11y_address() is not None, interval=0.1)
    return a11y_address


def listening(s, a11y_address):
    """Whether the registry holds a focus event registration (the keyboard's: nothing else listens)."""
    address = a11y_address()
    if not address:
        return False
    r = s.run(['gdbus', 'call', '--address', address, '--dest', 'org.a11y.atspi.Registry', '--object-path',
               '/org/a11y/atspi/registry', '--method', 'org.a11y.atspi.Registry.GetRegisteredEvents'], timeout=10)
    return 'statechanged:focused' in r.stdout.lower()


def wait_registered(s, binary, kb, a11y):
    """Waits until the auto-show keyboard `kb` answers `status` (hidden) and the registry holds
    its focus event registration; raises when it exited instead."""
    s.wait(30, 'the keyboard to answer status (hidden)', lambda: s.run([binary, 'status']).stdout.strip() == 'hidden'
           or kb.poll() is not None, interval=0.1)
    s.wait(30, "the keyboard's AT-SPI registration", lambda: listening(s, a11y) or kb.poll() is not None, interval=0.1)
    if kb.poll() is not None:
        raise RuntimeError('the keyboard exited: ' + s.logtail('stackboard'))


def centre(widgets, name):
    x, y, w, h = widgets[name]
    return x + w // 2, y + h // 2


def strace_idle(s, pid, seconds):
    """strace -f -c -p pid for `seconds`: {syscall: calls} (and the error, if strace cannot attach)."""
    if not shutil.which('strace'):
        return {'seconds': seconds, 'calls': {}, 'total': 0, 'error': 'strace is not installed (apt-get install strace)'}
    out = os.path.join(s.dir, 'strace-idle.txt')
    p = subprocess.Popen(['strace', '-f', '-c', '-o', out, '-p', str(pid)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    time.sleep(seconds)
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    calls = {}
    for line in (B.read(out).splitlines() if os.path.exists(out) else []):
        f = line.split()
        if len(f) >= 5 and f[-1] not in ('total', 'syscall') and f[3].isdigit():
            calls[f[-1]] = int(f[3])
    res = {'seconds': seconds, 'calls': calls, 'total': sum(calls.values())}
    if 'attached' not in err:  # an empty table is no system call at all; no attach is a failure
        res['error'] = err.strip()[-300:] or f'strace exited {p.returncode}'
    return res


def measure(o, name, binary):
    s = B.Session(logdir=o.scratch)
    res = {'build': name, 'display': s.display, 'grace_s': GRACE_S, 'show': [], 'hide': []}
    try:
        a11y = start_buses(s)
        kb = s.spawn([binary, '--auto-show', '--no-sound'], 'stackboard', env=dict(s.env, **{
            'XDG_CACHE_HOME': os.path.join(s.dir, 'cache-' + name)}))
        wait_registered(s, binary, kb, a11y)
        probe = Probe(s, kb.pid)
        target_log = os.path.join(s.dir, 'focus-target.out')
        s.spawn(['/usr/bin/python3', os.path.join(B.ROOT, 'Tests', 'Tools', 'focus-target.py'), '--stamp-focus'], 'focus-target')
        s.wait(60, 'the GTK focus target', lambda: re.search(r'^ready ', B.read(target_log), re.M) is not None)
        ready = re.search(r'^ready (.*)$', B.read(target_log), re.M).group(1)
        widgets = {k: tuple(int(n) for n in v.split(',')) for k, v in (p.split('=') for p in ready.split())}
        res['widgets'] = widgets
        # The window's own first focus (the entry) is the keyboard's first show: recorded apart.
        first_focus = focus_stamp(target_log, 'text', 0, seconds=10)
        if first_focus is not None:
            shown = probe.event('SHOWN', first_focus)
            res['first_show_ms'] = (shown - first_focus) / 1000 if shown else None
        time.sleep(o.autoshow_settle)
        t = probe.click(*centre(widgets, 'button'))
        if probe.viewable():
            probe.event('HIDDEN', t)
        lost_show = lost_hide = missed = skipped = 0
        for _ in range(o.autoshow_changes):
            for widget, kind, samples in (('text', 'SHOWN', res['show']), ('button', 'HIDDEN', res['hide'])):
                time.sleep(o.autoshow_settle)
                already = probe.viewable() == (kind == 'SHOWN')  # the step before was lost: nothing to time
                click = probe.click(*centre(widgets, widget))
                if already:
                    skipped += 1
                    continue
                focus = focus_stamp(target_log, widget, click)
                if focus is None:
                    missed += 1
                    continue
                done = probe.event(kind, click)
                if done is None:
                    if kind == 'SHOWN':
                        lost_show += 1
                    else:
                        lost_hide += 1
                    continue
                samples.append({'click_us': click, 'focus_us': focus, 'done_us': done,
                                'focus_ms': (done - focus) / 1000, 'click_ms': (done - click) / 1000,
                                'click_to_focus_ms': (focus - click) / 1000})
        res.update(lost_show=lost_show, lost_hide=lost_hide, missed_clicks=missed, skipped=skipped)
        res['moved_after_map'] = sum(1 for x in res['show'] if probe.moves_after(x['done_us'], x['done_us'] + 1_000_000))
        # Idle: hidden (the focus is on the button), then shown (the focus in the entry).
        time.sleep(o.autoshow_settle)
        t = probe.click(*centre(widgets, 'button'))
        if probe.viewable():
            probe.event('HIDDEN', t)
        time.sleep(1)
        res['idle_hidden'] = M.idle(s, kb.pid, o.idle)
        res['strace_hidden'] = strace_idle(s, kb.pid, o.idle)
        t = probe.click(*centre(widgets, 'text'))
        res['idle_shown'] = None
        if probe.event('SHOWN', t):
            time.sleep(1)
            res['idle_shown'] = M.idle(s, kb.pid, o.idle)
        res['keyboard_stderr'] = s.logtail('stackboard', 500)
        res['keyboard_exit'] = s.stop(kb)
    except Exception as e:  # record it: the other builds and sections go on
        res['error'] = f'{type(e).__name__}: {e}'
        res['logs'] = s.dir
    finally:
        s.close(keep='error' in res)
    return res


PAIR_CONFIGS = [('--auto-show', ['--auto-show']), ('auto-show off', [])]


def pair(o, binary):
    """Tap→key (keysink, as the latency section) and memory after start-up of the keyboard with
    `--auto-show` and without, one after the other in one session with the session and
    accessibility buses. The auto-show keyboard starts hidden and registers for focus events;
    `stackboard show` then shows it (keysink, which has the focus, is not accessible: no focus
    event hides it again)."""
    s = B.Session(logdir=o.scratch)
    out = {}
    try:
        a11y = start_buses(s)
        for label, extra in PAIR_CONFIGS:
            kb = s.spawn([binary, '--no-sound', *extra], 'stackboard', env=dict(s.env, **{
                'XDG_CACHE_HOME': os.path.join(s.dir, 'cache')}))
            try:
                if extra:
                    wait_registered(s, binary, kb, a11y)
                    s.run([binary, 'show'], timeout=10)
                window = s.wait_window('Stackboard')
                keys = B.key_frames(binary, 'qwerty', window[3], window[4])
                time.sleep(o.settle)
                memory = M.memory(kb.pid)
                out[label] = dict(M.latency(s, window, keys, o.latency_taps), memory=memory)
            finally:
                s.stop(kb)
    except Exception as e:  # record it: the other sections go on
        out['error'] = f'{type(e).__name__}: {e}'
        out['logs'] = s.dir
    finally:
        s.close(keep='error' in out)
    return out


def run(o, builds):
    """The figures of every build, one session each, and the first build with auto-show on and
    off (`pair`)."""
    out = {'grace_s': GRACE_S, 'changes': o.autoshow_changes, 'settle_s': o.autoshow_settle, 'builds': []}
    for name, path in builds:
        r = measure(o, name, path)
        out['builds'].append(r)
        if 'error' in r:
            B.log(f'  auto-show, {name}: ERROR {r["error"]} (logs in {r["logs"]})')
            continue
        show, hide = [x['focus_ms'] for x in r['show']], [x['focus_ms'] for x in r['hide']]
        B.log(f"  auto-show, {name}: focus → mapped median {B.fmt(B.median(show))} ms (p95 {B.fmt(B.p95(show))}, "
              f"n={len(show)}, lost {r['lost_show']}); focus away → unmapped {B.fmt(B.median(hide))} ms raw "
              f"(p95 {B.fmt(B.p95(hide))}, n={len(hide)}, lost {r['lost_hide']}); idle wake-ups hidden "
              f"{r['idle_hidden']['wakeups']}, shown {(r['idle_shown'] or {}).get('wakeups')}")
    name, path = builds[0]
    out['pair_build'] = name
    out['pair'] = pair(o, path)
    if 'error' in out['pair']:
        B.log(f"  auto-show on / off, {name}: ERROR {out['pair']['error']} (logs in {out['pair']['logs']})")
    else:
        B.log(f'  auto-show on / off, {name}:', {k: (B.fmt(B.median(v['tap_ms'])), v['memory']['pss_mb'], v['memory']['dirty_mb'])
                                                  for k, v in out['pair'].items()})
    return out


def summary(res):
    """The markdown of the section."""
    if not res:
        return ''
    g = res['grace_s']
    lines = ['', '', '## Auto-show: focus → keyboard mapped', '',
             f"The real keyboard (`stackboard --auto-show --no-sound`) on a private session bus and AT-SPI bus, "
             f"the GTK 3 focus target, {res['changes']} focus changes each way (entry, then button), "
             f"{res['settle_s']:g} s after the previous map or unmap. Origin: the widget's focus-in-event "
             f"(CLOCK_MONOTONIC, stamped by the target); end: the window viewable / not viewable "
             f"(Benchmarks/tools/showprobe.c). Hides hold the {g:g} s grace period: raw, and minus {g:g} s. "
             'Goal for the idle wake-ups: 0.', '',
             '| build | figure | median ms | p95 ms | n | lost |', '|---|---|---|---|---|---|']
    for r in res['builds']:
        if 'error' in r:
            lines.append(f"| {r['build']} | error: {r['error']} (logs {r.get('logs')}) | | | | |")
            continue
        show, hide = r['show'], r['hide']
        def row(label, xs, lost):
            lines.append(f"| {r['build']} | {label} | {B.fmt(B.median(xs))} | {B.fmt(B.p95(xs))} | {len(xs)} | {lost} |")
        row('**focus → mapped**', [x['focus_ms'] for x in show], r['lost_show'])
        row('click (XTest) → mapped', [x['click_ms'] for x in show], r['lost_show'])
        row('click → entry focus-in (GTK, not the keyboard)', [x['click_to_focus_ms'] for x in show], r['missed_clicks'])
        row(f'focus away → unmapped, raw (with the {g:g} s grace)', [x['focus_ms'] for x in hide], r['lost_hide'])
        row(f'**focus away → unmapped, minus the {g:g} s grace**', [x['focus_ms'] - g * 1000 for x in hide], r['lost_hide'])
        first = r.get('first_show_ms')
        lines.append(f"| {r['build']} | first show after start (the window's own first focus → mapped) | "
                     f"{B.fmt(first) if first is not None else '–'} | | 1 | |")
        if r.get('missed_clicks') or r.get('moved_after_map') or r.get('skipped'):
            lines.append(f"| {r['build']} | clicks that gave no focus; steps not timed (the state was already "
                         f"there: the step before was lost); shows moved within 1 s of the map | "
                         f"{r.get('missed_clicks')}; {r.get('skipped')}; {r.get('moved_after_map')} | | | |")
    p = res.get('pair')
    if p:
        lines += ['', f"Tap→key on a letter into keysink and memory after start-up, `{res.get('pair_build')}` with "
                  '`--auto-show` (started hidden, registered for focus events, shown by `stackboard show`) and without, '
                  'one after the other in one session with both buses:', '',
                  '| build | tap→key median ms | p95 ms | taps | lost | PSS MB | private dirty MB |', '|---|---|---|---|---|---|---|']
        if 'error' in p:
            lines.append(f"| error: {p['error']} (logs {p.get('logs')}) | | | | | | |")
        for label, r in ((k, v) for k, v in p.items() if isinstance(v, dict)):
            lines.append(f"| {label} | {B.fmt(B.median(r['tap_ms']))} | {B.fmt(B.p95(r['tap_ms']))} | {len(r['tap_ms'])} | "
                         f"{r['lost']} | {r['memory']['pss_mb']} | {r['memory']['dirty_mb']} |")
    idle = [r for r in res['builds'] if 'error' not in r]
    if idle:
        lines += ['', '| build | idle wake-ups, hidden (focus on the button) | idle wake-ups, shown (focus in the entry) '
                  '| strace -f -c of another idle time, hidden: system calls | goal | exit status on SIGTERM |',
                  '|---|---|---|---|---|---|']
    for r in idle:
        ih, ish, st = r['idle_hidden'], r.get('idle_shown') or {}, r['strace_hidden']
        strace = (f"{st['total']} in {st['seconds']:g} s ({', '.join(f'{k} {v}' for k, v in sorted(st['calls'].items())) or 'none'})"
                  if 'error' not in st else f"strace failed: {st['error']}")
        shown = f"{ish['wakeups']} in {ish['seconds']:g} s, CPU {ish['cpu_ms']:g} ms" if ish else 'not shown: –'
        lines.append(f"| {r['build']} | {ih['wakeups']} in {ih['seconds']:g} s, CPU {ih['cpu_ms']:g} ms | {shown} | "
                     f"{strace} | 0 | {r.get('keyboard_exit')} |")
    return '\n'.join(lines) + '\n'
