"""Shared parts of Stackboard's benchmark and soak programs (bench.py, soak.py).

A private X session (Xvfb on a free display, a window manager, the keysink target window),
the C helpers (Benchmarks/tools/*.c and Tests/Tools/*.c, compiled on demand into
.build/benchtools), /proc readings (memory, CPU time, context switches) and statistics.
Python 3 standard library only. Every process a Session starts runs in a process group of its
own and is killed, by process group, when the session closes.
"""
import json, os, shutil, signal, statistics, subprocess, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, '.build', 'benchtools')
# name: (source, compiler flags and libraries)
TOOL_SOURCES = {
    'keysink': ('Tests/Tools/keysink.c', ['-lX11']),
    'pointer': ('Tests/Tools/pointer.c', ['-lX11', '-lXtst']),
    'xkbtool': ('Tests/Tools/xkbtool.c', ['-lX11', '-lXi']),
    'latency': ('Benchmarks/tools/latency.c', ['-lX11', '-lXtst']),
    'rttprobe': ('Benchmarks/tools/rttprobe.c', ['-lX11']),
    'tapper': ('Benchmarks/tools/tapper.c', ['-lX11', '-lXtst']),
    'startprobe': ('Benchmarks/tools/startprobe.c', ['-lX11', '-lXRes', '-lXdamage']),
    'showprobe': ('Benchmarks/tools/showprobe.c', ['-lX11', '-lXtst']),
    'pcmspy.so': ('Benchmarks/tools/pcmspy.c', ['-shared', '-fPIC', '-ldl']),
    'xwirespy.so': ('Benchmarks/tools/xwirespy.c', ['-shared', '-fPIC', '-ldl']),
    # The smallest keypad with the mission's stack (bench.py's floors, peersplit.py --floors).
    'floorpad': ('Benchmarks/tools/floorpad.c', ['pkg-config:pangocairo cairo-xlib x11 xtst']),
}


def log(*args):
    print(*args, flush=True)


def tool(name):
    """The path of a C helper, compiled when missing or older than its source."""
    src, flags = TOOL_SOURCES[name]
    src = os.path.join(ROOT, src)
    out = os.path.join(TOOLS, name)
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
        os.makedirs(TOOLS, exist_ok=True)
        tmp = f'{out}.{os.getpid()}.tmp'
        words = []
        for flag in flags:  # 'pkg-config:NAMES' stands for what pkg-config gives for NAMES
            if flag.startswith('pkg-config:'):
                words += subprocess.run(['pkg-config', '--cflags', '--libs', *flag[11:].split()],
                                        check=True, capture_output=True, text=True).stdout.split()
            else:
                words.append(flag)
        subprocess.run(['cc', '-O2', '-Wall', '-o', tmp, src] + words, check=True)
        os.replace(tmp, out)
    return out


# ----------------------------------------------------------------- /proc ---
def read(path):
    with open(path) as f:
        return f.read()


def memory_kb(pid):
    """(RSS, PSS, private dirty) of one process in KiB. PSS charges the process a share of the
    pages other processes map too (the Swift runtime, GTK, fonts), so it moves when unrelated
    programs start or stop; so does Private_Clean (a library page nobody else maps counts as
    private). Private_Dirty (heap, stacks, written data) is what the process itself made."""
    rss = pss = dirty = 0
    for line in read(f'/proc/{pid}/status').splitlines():
        if line.startswith('VmRSS:'):
            rss = int(line.split()[1])
    for line in read(f'/proc/{pid}/smaps_rollup').splitlines():
        if line.startswith('Pss:'):
            pss = int(line.split()[1])
        elif line.startswith('Private_Dirty:'):
            dirty = int(line.split()[1])
    return rss, pss, dirty


# Mappings of /proc/PID/smaps grouped by what they hold (first match wins; the program's own
# file is its own group, anonymous memory is the heap's).
MAPPING_GROUPS = [
    ('Swift runtime libraries (dynamic build)', r'/lib(swift|_swift|dispatch\.so|BlocksRuntime)'),
    ('Foundation', r'/libFoundation'),
    ('cairo, pixman, libpng', r'/lib(cairo|pixman|png)'),
    ('Pango, HarfBuzz, FreeType, fribidi, thai, graphite', r'/lib(pango|harfbuzz|freetype|fribidi|thai|datrie|graphite|brotli)'),
    ('fontconfig and its caches, expat', r'/libfontconfig|/libexpat|/fontconfig/[^/]*\.cache'),
    ('font files', r'\.(ttf|otf|ttc|pfb|pcf|pcf\.gz)$'),
    ('GLib, GObject, GIO (and libmount, selinux, pcre, ffi)', r'/lib(glib|gobject|gio|gmodule|gthread|mount|blkid|selinux|pcre|ffi)'),
    ('X11 libraries (Xlib, xcb, Xft, xkbcommon)', r'/lib(X|xcb|xkbcommon)'),
    ('D-Bus: libsystemd and what it links', r'/lib(systemd|gcrypt|gpg-error|lz4|zstd|lzma|cap\.)'),
    ('ALSA', r'/libasound'),
    ('libc, libm, libstdc++, libz, ld.so', r'/lib(c|m|stdc\+\+|gcc_s|z|bsd|md|expat)[.-]|/ld-linux'),
    ('stack', r'^\[stack\]$'),
    ('heap and other anonymous memory (malloc arenas, thread stacks)', r'^(\[heap\]|\[anon[^]]*\]|)$'),
]


def memory_breakdown(pid):
    """{group: {'rss': KiB, 'pss': KiB, 'dirty': KiB}} of one process, MAPPING_GROUPS plus
    'the program's file' and 'other files'."""
    import re
    try:
        exe = os.path.realpath(f'/proc/{pid}/exe')
    except OSError:
        exe = None
    groups, current = {}, None
    for line in read(f'/proc/{pid}/smaps').splitlines():
        head = line.split()
        if head and '-' in head[0] and len(head) >= 5 and not head[0].endswith(':'):
            path = head[5] if len(head) > 5 else ''
            if exe and path.startswith('/') and os.path.realpath(path) == exe:
                current = "the program's file (with the static Swift runtime)"
            else:
                current = next((g for g, rx in MAPPING_GROUPS if re.search(rx, path)), 'other files')
            groups.setdefault(current, {'rss': 0, 'pss': 0, 'dirty': 0})
        elif current and head and head[0] in ('Rss:', 'Pss:', 'Private_Dirty:'):
            key = {'Rss:': 'rss', 'Pss:': 'pss', 'Private_Dirty:': 'dirty'}[head[0]]
            groups[current][key] += int(head[1])
    return groups


def cpu_sample(pid):
    """{tid: (cpu ns, voluntary + involuntary context switches)} for every thread of pid."""
    out = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            ns = int(read(f'/proc/{pid}/task/{tid}/schedstat').split()[0])
            cs = sum(int(l.split()[1]) for l in read(f'/proc/{pid}/task/{tid}/status').splitlines()
                     if 'ctxt_switches:' in l)
            out[tid] = (ns, cs)
        except (OSError, IndexError, ValueError):
            pass
    return out


def cpu_delta(a, b):
    """(CPU ms, context switches) between two cpu_sample()s (threads that appeared count from 0)."""
    ms = sum(v[0] - a.get(t, (0, 0))[0] for t, v in b.items()) / 1e6
    cs = sum(v[1] - a.get(t, (0, 0))[1] for t, v in b.items())
    return ms, cs


def now_us():
    """CLOCK_MONOTONIC in microseconds: the clock of keysink and the C helpers."""
    return int(time.monotonic() * 1e6)


# ------------------------------------------------------------------ stats ---
def median(values):
    return statistics.median(values) if values else float('nan')


def percentile(values, q):
    """The nearest-rank q-th percentile (q from 1 to 100)."""
    v = sorted(values)
    return v[max(0, -(-q * len(v) // 100) - 1)] if v else float('nan')


def p95(values):
    return percentile(values, 95)


def fmt(v, digits=3):
    if v is None or v != v:
        return '–'
    if abs(v) >= 100:
        return f'{v:.0f}'
    return f'{v:.{digits}g}'


def spread(values, digits=3):
    """'median (min–max)' of values."""
    if not values:
        return '–'
    if len(values) == 1:
        return fmt(values[0], digits)
    return f'{fmt(median(values), digits)} ({fmt(min(values), digits)}–{fmt(max(values), digits)})'


# ---------------------------------------------------------------- session ---
class Session:
    """Xvfb (a free display, chosen by the server) + a window manager + a session bus + keysink,
    for one round. The session bus (`dbus-daemon --session` at $XDG_RUNTIME_DIR/bus, as a desktop
    has one) makes the keyboard run its D-Bus side as users run it."""

    def __init__(self, wm='openbox', screen='1280x800x24', sink_args=(), logdir=None):
        # A binary just written (a build) has dirty page-cache pages until they are written back,
        # and smaps counts those as the keyboard's private dirty memory (the 11 MB once read).
        os.sync()
        self.dir = tempfile.mkdtemp(prefix='stackboard-bench-', dir=logdir)
        self.procs = []
        for d in ('home', 'config', 'data', 'run', 'cache'):
            os.makedirs(os.path.join(self.dir, d), mode=0o700, exist_ok=True)
        r, w = os.pipe()
        self.xvfb = self.spawn(['Xvfb', '-displayfd', str(w), '-screen', '0', screen, '-nolisten', 'tcp',
                                '-noreset'], 'xvfb', pass_fds=(w,), env=os.environ.copy())
        os.close(w)
        number = b''
        deadline = time.time() + 15
        while time.time() < deadline and not number.endswith(b'\n'):
            chunk = os.read(r, 16)
            if not chunk:
                break
            number += chunk
        os.close(r)
        if not number.strip().isdigit():
            self.close()
            raise RuntimeError('Xvfb did not start: ' + self.logtail('xvfb'))
        self.display = ':' + number.strip().decode()
        self.env = dict(os.environ, DISPLAY=self.display, HOME=os.path.join(self.dir, 'home'),
                        XDG_CONFIG_HOME=os.path.join(self.dir, 'config'),
                        XDG_DATA_HOME=os.path.join(self.dir, 'data'),
                        XDG_CACHE_HOME=os.path.join(self.dir, 'cache'),
                        XDG_RUNTIME_DIR=os.path.join(self.dir, 'run'))
        for k in ('WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS', 'XAUTHORITY'):
            self.env.pop(k, None)
        bus = os.path.join(self.dir, 'run', 'bus')
        daemon = self.spawn(['dbus-daemon', '--session', '--nofork', '--nopidfile', '--address=unix:path=' + bus,
                             '--print-address=1'], 'dbus')
        self.wait(20, 'the session bus', lambda: 'unix:' in read(os.path.join(self.dir, 'dbus.out')) or daemon.poll() is not None)
        self.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=' + bus
        self.wm = None
        if wm:
            self.wm = self.spawn([wm], 'wm')
            self.wait(15, 'the window manager', lambda: 'window id' in self.run(
                ['xprop', '-root', '_NET_SUPPORTING_WM_CHECK']).stdout)
        self.sink_log = os.path.join(self.dir, 'keysink.out')
        self.sink = self.spawn([tool('keysink')] + list(sink_args), 'keysink', stdout=self.sink_log)
        self.wait(10, 'keysink to take the focus', lambda: 'FOCUSIN' in read(self.sink_log))

    def spawn(self, argv, name, stdout=None, env=None, pass_fds=()):
        """Starts argv in a process group of its own; output to DIR/NAME.out/.err."""
        out = open(stdout or os.path.join(self.dir, name + '.out'), 'w')
        err = open(os.path.join(self.dir, name + '.err'), 'w')
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                             env=env if env is not None else self.env, start_new_session=True,
                             pass_fds=pass_fds)
        out.close()
        err.close()
        p.name = name
        self.procs.append(p)
        return p

    def run(self, argv, timeout=60, env=None, **kw):
        return subprocess.run(argv, env=env or self.env, capture_output=True, text=True, timeout=timeout, **kw)

    def logtail(self, name, n=400):
        try:
            return read(os.path.join(self.dir, name + '.err'))[-n:]
        except OSError:
            return ''

    @staticmethod
    def wait(seconds, what, condition, interval=0.02):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if condition():
                return
            time.sleep(interval)
        if not condition():
            raise RuntimeError(f'timed out waiting for {what}')

    def stop(self, p, grace=3):
        """SIGTERM to p's process group, SIGKILL after grace seconds; returns the exit status."""
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except OSError:
                pass
            try:
                p.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            return p.wait(5)
        except subprocess.TimeoutExpired:
            return None

    def close(self, keep=False):
        for p in reversed(self.procs):
            if p is not getattr(self, 'xvfb', None):
                self.stop(p)
        self.stop_strays()
        if getattr(self, 'xvfb', None):
            self.stop(self.xvfb)
        if not keep:
            shutil.rmtree(self.dir, ignore_errors=True)

    def stop_strays(self):
        """SIGKILL to what the session's programs started outside their process groups (services
        the session bus started, such as at-spi-bus-launcher and its dbus-daemon): every process
        whose environment names this display."""
        if not getattr(self, 'display', None):
            return
        mine = ('DISPLAY=' + self.display).encode()
        for entry in os.listdir('/proc'):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f'/proc/{entry}/environ', 'rb') as f:
                    if mine in f.read().split(b'\0'):
                        os.kill(int(entry), signal.SIGKILL)
            except OSError:
                pass

    # -- keysink ---------------------------------------------------------
    def sink_lines(self):
        return read(self.sink_log).splitlines()

    def sink_keys(self, start=0):
        """KeyPress events from line `start` of keysink's output on: [(t_us, keysym, text)]."""
        out = []
        for line in self.sink_lines()[start:]:
            if line.startswith('KEY '):
                f = line.split(' ', 3)
                text = json.loads(f[3].rsplit(' kc=', 1)[0])
                out.append((int(f[1]), f[2], text))
        return out

    def focus_lost(self):
        return any(l.startswith('FOCUSOUT') for l in self.sink_lines())

    # -- windows ---------------------------------------------------------
    def window(self, name='Stackboard'):
        """(id, x, y, width, height, viewable) of the window called name, or None."""
        r = self.run(['xwininfo', '-name', name])
        if r.returncode:
            return None
        info = {}
        for line in r.stdout.splitlines():
            line = line.strip()
            if line.startswith('xwininfo: Window id:'):
                info['id'] = line.split()[3]
            elif ':' in line:
                k, v = line.split(':', 1)
                info[k.strip()] = v.strip()
        return (info.get('id'), int(info['Absolute upper-left X']), int(info['Absolute upper-left Y']),
                int(info['Width']), int(info['Height']), info.get('Map State') == 'IsViewable')

    def wait_window(self, name='Stackboard', seconds=20):
        found = []
        def viewable():
            w = self.window(name)
            if w and w[5]:
                found.append(w)
                return True
            return False
        self.wait(seconds, f'the {name} window', viewable, interval=0.05)
        return found[-1]

    def move_pointer(self, x, y):
        self.run([tool('pointer'), f'{x},{y}'])


def key_frames(binary, layout, width, height, layer=None):
    """`stackboard keys` for layout at WxH: a list of dicts."""
    args = [binary, 'keys', '--layout', layout, '--size', f'{width}x{height}']
    if layer:
        args += ['--layer', layer]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [json.loads(l) for l in out.splitlines() if l.strip()]


def centre(key, window):
    """Root coordinates of a key's centre."""
    return window[1] + key['x'] + key['width'] // 2, window[2] + key['y'] + key['height'] // 2
