"""The measurements of bench.py, one function per figure. Each takes a benchlib.Session (and the
stackboard binary) and returns a dict of raw numbers; bench.py runs them round after round and
summarizes. Times are CLOCK_MONOTONIC microseconds unless a name says otherwise."""
import difflib, json, os, random, re, shutil, time
from collections import Counter

from benchlib import centre, cpu_delta, cpu_sample, memory_breakdown, memory_kb, now_us, read, tool

LETTERS = 'abcdefghijklmnopqrstuvwxyz'


def at(fractions, text='a'):
    """keys_for (see `breakdown`) of a keyboard whose `text` key is at these fractions of its window."""
    fx, fy = fractions
    return lambda w: [{'text': text, 'x': int(w[3] * fx), 'y': int(w[4] * fy), 'width': 0, 'height': 0}]


def slug(name):
    """A pad's name as a file name (its session log)."""
    return re.sub(r'[^A-Za-z0-9]+', '-', name).strip('-')


def other_pads(build_dir):
    """The keypads measured next to Stackboard, as {name: (argv, window name, keys_for)}:
    matchbox-keyboard (its `a` where Benchmarks/keys.tsv puts it) and the two floors, the
    smallest keypads with the mission's stack (Xlib, cairo, Pango, XTest): floorpad in C
    (Benchmarks/tools/floorpad.c) and stackboard-floorpad, the same in Swift, built as the
    keyboard is (in `build_dir`). Their `a` is the first of nine keys in the second of three
    rows. A pad whose program is not installed or not built is left out."""
    floor_a = at((0.5 / 9, 0.5))
    pads = {'matchbox-keyboard': (['matchbox-keyboard'], 'Keyboard', at((0.093, 0.51))),
            'floorpad (C)': ([tool('floorpad')], 'FloorPad', floor_a),
            'floorpad (Swift)': ([os.path.join(build_dir, 'stackboard-floorpad')], 'FloorPadSwift', floor_a)}
    return {name: pad for name, pad in pads.items() if shutil.which(pad[0][0])}


def start_keyboard(s, binary, args=('--no-sound',), env=None, name='stackboard', window_name='Stackboard'):
    """Starts the keyboard (another one: its window's name), waits for its window; returns
    (process, window)."""
    p = s.spawn([binary, *args], name, env=env)
    try:
        window = s.wait_window(window_name)
    except RuntimeError:
        raise RuntimeError('the keyboard window did not appear: ' + s.logtail(name))
    return p, window


def startup(s, command, settle_ms=1500, env=None):
    """exec → window mapped and → first frame painted, with Benchmarks/tools/startprobe.c.
    `env`: variables added to the session's for this start (a keyboard's own cache folder)."""
    r = s.run([tool('startprobe'), '-k', '-s', str(settle_ms), '-o', os.path.join(s.dir, 'startprobe.log'),
               '--', *command], timeout=60, env=dict(s.env, **(env or {})))
    out = {}
    for line in r.stdout.splitlines():
        f = line.split()
        if f[0] == 'MAPPED':
            out['map_ms'] = int(f[2]) / 1000
            out['geometry'] = f[4]
        elif f[0] == 'PAINTED':
            out['paint_ms'] = int(f[2]) / 1000
        elif f[0] == 'NEARLY':
            out['first_frame_ms'] = int(f[2]) / 1000
            out['first_frame_per_mille'] = int(f[3])
        elif f[0] in ('NOPAINT', 'TIMEOUT', 'EXIT'):
            out['error'] = line
    return out


def idle(s, pid, seconds):
    """CPU time and context switches of the keyboard (every thread) and of Xvfb over `seconds`."""
    a, x = cpu_sample(pid), cpu_sample(s.xvfb.pid)
    time.sleep(seconds)
    b, y = cpu_sample(pid), cpu_sample(s.xvfb.pid)
    ms, cs = cpu_delta(a, b)
    return {'cpu_ms': round(ms, 3), 'wakeups': cs, 'wakeups_per_s': round(cs / seconds, 2),
            'xvfb_cpu_ms': round(cpu_delta(x, y)[0], 3), 'seconds': seconds}


def memory(pid, breakdown=False):
    """RSS, PSS and private dirty memory in MB; with `breakdown`, also by mapping group
    (benchlib.MAPPING_GROUPS), in KiB."""
    rss, pss, dirty = memory_kb(pid)
    out = {'rss_mb': round(rss / 1024, 2), 'pss_mb': round(pss / 1024, 2), 'dirty_mb': round(dirty / 1024, 2)}
    if breakdown:
        out['breakdown_kb'] = memory_breakdown(pid)
    return out


def program_memory(s, argv, window_name, settle, env=None, name='program'):
    """Starts `argv`, waits for its window called `window_name` and `settle` seconds, reads its
    memory (with the breakdown) and stops it."""
    p = s.spawn(argv, name, env=dict(s.env, **(env or {})))
    try:
        s.wait_window(window_name)
        time.sleep(settle)
        return memory(p.pid, breakdown=True)
    finally:
        s.stop(p)


def latency(s, window, keys, taps, hold_ms=30, gap_ms=40, letter='a'):
    """Tap→key on `letter` next to the XTest floor, interleaved (Benchmarks/tools/latency.c)."""
    key = next(k for k in keys if k.get('text') == letter)
    x, y = centre(key, window)
    r = s.run([tool('latency'), s.sink_log, str(x), str(y), str(taps), str(hold_ms), str(gap_ms), letter],
              timeout=60 + taps)
    tap, floor, lost, wrong, on_press = [], [], 0, 0, 0
    raw = []
    for line in r.stdout.splitlines():
        f = line.split()
        if f[0] == 'TAP':
            down, up, key_t, ks = int(f[2]), int(f[3]), int(f[4]), f[5]
            raw.append((down, up, key_t))
            if key_t < 0:
                lost += 1
                continue
            if ks != letter:
                wrong += 1
            if key_t < up:
                on_press += 1
                tap.append((key_t - down) / 1000)
            else:
                tap.append((key_t - up) / 1000)
        elif f[0] == 'FLOOR':
            sent, key_t = int(f[2]), int(f[3])
            if key_t < 0:
                lost += 1
            else:
                floor.append((key_t - sent) / 1000)
    return {'tap_ms': tap, 'floor_ms': floor, 'lost': lost, 'wrong_keysym': wrong, 'fired_on_press': on_press,
            'raw_taps': raw, 'stderr': r.stderr[-300:]}


def many_taps(s, window, keys, count, seed, hold_ms=1):
    """`count` taps on random letter keys as fast as they are delivered; checks what arrived."""
    rng = random.Random(seed)
    letters = [k for k in keys if k.get('text', '') in LETTERS and len(k.get('text', '')) == 1]
    chosen = [rng.choice(letters) for _ in range(count)]
    steps = '\n'.join('%d %d' % centre(k, window) for k in chosen) + '\n'
    start = len(s.sink_lines())
    t0 = time.time()
    r = s.run([tool('tapper'), '-p', '0', '-h', str(hold_ms)], input=steps, timeout=600)
    tapped_s = time.time() - t0
    expected = ''.join(k['text'] for k in chosen)
    got = ''
    deadline = time.time() + 60
    while time.time() < deadline:
        got = ''.join(t for _, _, t in s.sink_keys(start))
        if len(got) >= len(expected):
            break
        time.sleep(0.2)
    time.sleep(0.3)
    got = ''.join(t for _, _, t in s.sink_keys(start))
    return {'taps': count, 'seconds': round(tapped_s, 2), 'tapper': r.stdout.strip(), 'received': len(got),
            'exact': got == expected}


def mixed_text(n, seed):
    """n characters: ASCII, Latin-1, €, Cyrillic, Greek, CJK, emoji, spaces and a few newlines."""
    rng = random.Random(seed)
    ascii_ = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"()-_/@#%&*+=<>[]{}|\\~`^$"
    latin = 'éèêëàâäçñöüßÉÜåøæ¿¡°±§'
    other = '€жДщЯλΩπ你好千万日本😀🎉✓→'
    out = []
    for i in range(n):
        r = rng.random()
        if i and i % 200 == 199:
            out.append('\n')
        elif r < 0.12:
            out.append(' ')
        elif r < 0.72:
            out.append(rng.choice(ascii_))
        elif r < 0.86:
            out.append(rng.choice(latin))
        else:
            out.append(rng.choice(other))
    return ''.join(out)


def ascii_text(n, seed):
    """n printable ASCII characters with spaces: every one is in the us keymap."""
    rng = random.Random(seed)
    chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'\"()-_/@#%&*+=<>[]{}|\\~`^$"
    return ''.join(' ' if rng.random() < 0.15 else rng.choice(chars) for _ in range(n))


def settle_wm(s, quiet_ms=5, step=0.5, limit=120):
    """Waits until the window manager uses less than quiet_ms of CPU in `step` seconds; returns
    (its CPU ms meanwhile, seconds waited)."""
    t0 = time.time()
    total = 0.0
    a = cpu_sample(s.wm.pid)
    while time.time() - t0 < limit:
        time.sleep(step)
        b = cpu_sample(s.wm.pid)
        ms = cpu_delta(a, b)[0]
        total += ms
        a = b
        if ms < quiet_ms:
            break
    return total, time.time() - t0


def type_text(s, command, text, name, wm_limit=15):
    """Runs a typing command (it types `text`) and reports: seconds from exec to the last
    character at keysink and to the command's exit; whether keysink got exactly the text; how
    many keyboard-mapping changes (core MappingNotify) it caused; and the CPU time the window
    manager spent on them (openbox re-reads the keymap and grabs its key bindings again on each),
    counted until it is quiet again or for at most `wm_limit` seconds after the last key."""
    expected = text.replace('\n', '\r')
    settle_wm(s)
    watch = s.spawn([tool('xkbtool'), 'watch'], name + '-watch')
    s.wait(10, 'xkbtool watch', lambda: 'WATCHING' in read(os.path.join(s.dir, name + '-watch.out')))
    wm0 = cpu_sample(s.wm.pid)
    start = len(s.sink_lines())
    t0 = now_us()
    p = s.spawn(command, name)
    status = None
    deadline = time.time() + 300
    while time.time() < deadline:
        status = p.poll()
        if status is not None:
            break
        time.sleep(0.01)
    t_exit = now_us()
    if status is None:
        s.stop(p)
    got_keys = s.sink_keys(start)
    end = time.time() + 10
    while time.time() < end and len(''.join(t for _, _, t in got_keys)) < len(expected):
        time.sleep(0.1)
        got_keys = s.sink_keys(start)
    wm_after_ms, wm_settle_s = settle_wm(s, limit=wm_limit)
    wm_ms = cpu_delta(wm0, cpu_sample(s.wm.pid))[0]
    wm_still_busy = wm_settle_s >= wm_limit
    s.stop(watch)
    mappings = sum(1 for l in read(os.path.join(s.dir, name + '-watch.out')).splitlines()
                   if l.startswith('MAPPING 1 '))
    got_keys = s.sink_keys(start)
    got = ''.join(t for _, _, t in got_keys)
    matcher = difflib.SequenceMatcher(None, expected, got, autojunk=False)
    right = sum(b.size for b in matcher.get_matching_blocks())
    return {'status': status, 'chars': len(text), 'to_last_key_s': round((got_keys[-1][0] - t0) / 1e6, 3) if got_keys else None,
            'to_exit_s': round((t_exit - t0) / 1e6, 3), 'exact': got == expected, 'received': len(got),
            'matched': right, 'mapping_notify': mappings, 'wm_cpu_ms': round(wm_ms, 1),
            'wm_busy_after_s': round(wm_settle_s, 1), 'wm_still_busy': wm_still_busy, 'stderr': s.logtail(name, 300)}


def click_latency(s, binary, keys_for, taps, hold_ms=30, gap_ms=40):
    """Tap → first samples of the click handed to ALSA (snd_pcm_writei, timed by the pcmspy.so
    LD_PRELOAD library) with the keyboard playing to the ALSA `null` PCM; next to it, in the same
    session, tap→key with the sound on and `stackboard sound-check`'s play()→ALSA figure."""
    spy = os.path.join(s.dir, 'pcmspy.log')
    env = dict(s.env, LD_PRELOAD=tool('pcmspy.so'), PCMSPY_LOG=spy)
    p, window = start_keyboard(s, binary, ('--sound-device', 'null'), env=env, name='stackboard-sound')
    time.sleep(1)
    keys = keys_for(window)
    lat = latency(s, window, keys, taps, hold_ms, gap_ms)
    writes = []
    if os.path.exists(spy):
        for line in read(spy).splitlines():
            f = line.split()
            if f[0] == 'WRITEI' and int(f[4]) > 0:
                writes.append((int(f[1]), int(f[2])))
    downs = [d for d, _, _ in lat['raw_taps']]
    clicks = []
    for i, d in enumerate(downs):
        nxt = downs[i + 1] if i + 1 < len(downs) else float('inf')
        w = next((w for w in writes if d <= w[0] < nxt), None)
        if w:
            clicks.append((w[1] - d) / 1000)
    s.stop(p)
    check = s.run([binary, 'sound-check', '--sound-device', 'null', '--count', '60', '--interval', '20'])
    m = re.search(r'median ([0-9.]+) ms, max ([0-9.]+) ms', check.stdout)
    return {'click_ms': clicks, 'taps': len(downs), 'clicks_missing': len(downs) - len(clicks),
            'tap_ms_with_sound': lat['tap_ms'], 'sound_check_median_ms': float(m.group(1)) if m else None,
            'sound_check_max_ms': float(m.group(2)) if m else None, 'keyboard_stderr': s.logtail('stackboard-sound', 300)}


def paint(s, bench_binary):
    """The in-process layout and paint timings of stackboard-bench, on this session's display."""
    r = s.run([bench_binary, 'paint', '--layout', 'qwerty', '--size', '1280x400'], timeout=300)
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith('{'):
            d = json.loads(line)
            out[f"{d['bench']}@{d['target']}"] = d
    if not out:
        raise RuntimeError('stackboard-bench paint printed nothing: ' + r.stderr[-300:])
    return out


def layouts(s, bench_binary):
    """How long making a layout takes, in process: the qwerty file, qwerty with its emoji panel
    (the keyboard's start), the emoji panel, and xkb: layouts (stackboard-bench layouts)."""
    r = s.run([bench_binary, 'layouts', '--rounds', '20'], timeout=600)
    out = {}
    for line in r.stdout.splitlines():
        if line.startswith('{'):
            d = json.loads(line)
            out[d['bench']] = d
    if not out:
        raise RuntimeError('stackboard-bench layouts printed nothing: ' + r.stderr[-300:])
    return out


def xtest_opcode(s):
    r = s.run(['xdpyinfo', '-queryExtensions'])
    m = re.search(r'XTEST\s+\(opcode: (\d+)', r.stdout)
    return int(m.group(1)) if m else None


def spied_taps(spy, raw_taps):
    """(button up, release read, key written, key at the target, woke, moved) of each tap whose
    two xwirespy stamps (RELEASE, KEYSENT in the log `spy`) fall between its button release and
    its key. `woke` is when the keyboard's last wait that blocked (a poll or select of 1 ms or
    more) returned before that read (WOKE), nil when that was before the button went up (the
    release was read without a wait); `moved` whether that wait ended on another CPU than it
    began on (CPUS), nil when not known."""
    marks = [(l.split()[0], int(l.split()[1])) for l in read(spy).splitlines()] if os.path.exists(spy) else []
    out = []
    for _, up, key_t in raw_taps:
        if key_t < up:
            continue
        at = next((i for i, (k, t) in enumerate(marks) if k == 'RELEASE' and up <= t <= key_t), None)
        if at is None:
            continue
        rel = marks[at][1]
        sent = next((t for k, t in marks[at:] if k == 'KEYSENT' and rel <= t <= key_t), None)
        woke = marks[at - 1][1] if at > 0 and marks[at - 1][0] == 'WOKE' and marks[at - 1][1] >= up else None
        cpus = marks[at - 2][1] if woke is not None and at > 1 and marks[at - 2][0] == 'CPUS' else None
        moved = None if cpus is None else cpus // 100 != cpus % 100
        if sent is not None:
            out.append((up, rel, sent, key_t, woke, moved))
    return out


def breakdown(s, binary, keys_for, taps, hold_ms=30, gap_ms=40, args=('--no-sound',),
              window_name='Stackboard', name='stackboard-spied'):
    """Where the tap→key time goes: the keyboard runs with xwirespy.so, which time-stamps the read
    that brings it the ButtonRelease and the write of its XTEST KeyPress. Per tap: delivery (button
    release sent → read by the keyboard), work (→ key request written), and to the target (→ the
    KeyPress at keysink, which is what the floor measures). xwirespy writes its log after the
    key's write, not between the two stamps. Another keyboard (matchbox-keyboard) is split the
    same way: its program as `binary`, its window's name, and `keys_for` giving its `a`."""
    spy = os.path.join(s.dir, 'xwirespy.log')
    env = dict(s.env, LD_PRELOAD=tool('xwirespy.so'), XWIRESPY_LOG=spy, XWIRESPY_XTEST=str(xtest_opcode(s)))
    if os.path.exists(spy):
        os.remove(spy)  # a second run in the session
    p, window = start_keyboard(s, binary, args, env=env, name=name, window_name=window_name)
    time.sleep(1)
    lat = latency(s, window, keys_for(window), taps, hold_ms, gap_ms)
    s.stop(p)
    deliver, work, target, wake, woke_to_read = [], [], [], [], []
    by_cpu = {'stayed': {'wake_ms': [], 'tap_ms': []}, 'moved': {'wake_ms': [], 'tap_ms': []}}
    for up, rel, sent, key_t, woke, moved in spied_taps(spy, lat['raw_taps']):
        deliver.append((rel - up) / 1000)
        work.append((sent - rel) / 1000)
        target.append((key_t - sent) / 1000)
        if woke is not None:
            wake.append((woke - up) / 1000)
            woke_to_read.append((rel - woke) / 1000)
        if moved is not None:
            side = by_cpu['moved' if moved else 'stayed']
            side['wake_ms'].append((woke - up) / 1000)
            side['tap_ms'].append((key_t - up) / 1000)
    return {'deliver_ms': deliver, 'work_ms': work, 'to_target_ms': target, 'tap_ms': lat['tap_ms'],
            'floor_ms': lat['floor_ms'], 'paired': len(work),
            'wake_ms': wake, 'woke_to_read_ms': woke_to_read,
            'stayed_wake_ms': by_cpu['stayed']['wake_ms'], 'stayed_tap_ms': by_cpu['stayed']['tap_ms'],
            'moved_wake_ms': by_cpu['moved']['wake_ms'], 'moved_tap_ms': by_cpu['moved']['tap_ms']}


def type_together(s, commands, texts, name, wm_limit=15):
    """Runs several typing commands at once (each types its text) and reports: seconds from the
    start to the last character at keysink and to the last exit; whether keysink got every
    character of every text (the multiset: the typers interleave); keymap changes; exit codes."""
    expected = sorted(''.join(texts).replace('\n', '\r'))
    settle_wm(s)
    watch = s.spawn([tool('xkbtool'), 'watch'], name + '-watch')
    s.wait(10, 'xkbtool watch', lambda: 'WATCHING' in read(os.path.join(s.dir, name + '-watch.out')))
    start = len(s.sink_lines())
    t0 = now_us()
    procs = [s.spawn(c, f'{name}-{i}') for i, c in enumerate(commands)]
    statuses = [None] * len(procs)
    deadline = time.time() + 400
    while time.time() < deadline and None in statuses:
        statuses = [p.poll() for p in procs]
        time.sleep(0.01)
    t_exit = now_us()
    for p, st in zip(procs, statuses):
        if st is None:
            s.stop(p)
    end = time.time() + 10
    got_keys = s.sink_keys(start)
    while time.time() < end and len(''.join(t for _, _, t in got_keys)) < len(expected):
        time.sleep(0.1)
        got_keys = s.sink_keys(start)
    settle_wm(s, limit=wm_limit)
    s.stop(watch)
    mappings = sum(1 for l in read(os.path.join(s.dir, name + '-watch.out')).splitlines() if l.startswith('MAPPING 1 '))
    got = sorted(''.join(t for _, _, t in got_keys))
    missing = sum((Counter(expected) - Counter(got)).values())
    return {'statuses': statuses, 'chars': len(expected), 'received': len(got), 'exact': got == expected,
            'missing_or_wrong': missing, 'mapping_notify': mappings,
            'to_last_key_s': round((got_keys[-1][0] - t0) / 1e6, 3) if got_keys else None,
            'to_exit_s': round((t_exit - t0) / 1e6, 3),
            'stderr': [s.logtail(f'{name}-{i}', 300) for i in range(len(procs))]}


def many_missing_text():
    """110 different characters the us keymap lacks (Latin-1, Cyrillic, Greek, CJK, Hangul,
    emoji, symbols), then 20 of them again: more than the free keycodes carry at once, so that
    typing it replaces borrowed characters about 70 times (each a change under the keymap lock)."""
    chars = ([chr(c) for c in range(0xe0, 0x100)] + [chr(c) for c in range(0x430, 0x450)]
             + [chr(c) for c in range(0x3b1, 0x3ca)] + list('你好千万日本中文字한국어글😀🎉🚀✓→∞≠≤'))
    chars = chars[:110]
    again = random.Random(5).sample(chars, 20)
    return ''.join(chars + again)


def rtt_probe(s, seconds, during=None):
    """Round trips of another client (Benchmarks/tools/rttprobe.c) for `seconds`, while `during`
    (a command, run again and again until the probe ends) runs, or with nothing else going on:
    how long the keymap lock holds the rest of the desktop. Returns count, median, p99 and max
    in µs, how many took over 1 and 5 ms, and how many times `during` ran."""
    probe = s.spawn([tool('rttprobe'), str(seconds)], 'rttprobe', stdout=os.path.join(s.dir, 'rttprobe.out'))
    runs = 0
    deadline = time.time() + seconds + 60
    while probe.poll() is None and time.time() < deadline:
        if during:
            typer = s.spawn(during, f'rtt-typer-{runs}')
            while typer.poll() is None and time.time() < deadline:
                time.sleep(0.01)
            runs += 1
        else:
            time.sleep(0.05)
    f = read(os.path.join(s.dir, 'rttprobe.out')).split()
    keys = ('count', 'median_us', 'p99_us', 'max_us', 'over_1ms', 'over_5ms')
    out = dict(zip(keys, map(int, f[1:7]))) if len(f) >= 7 and f[0] == 'RTT' else {'error': ' '.join(f)}
    out['runs'] = runs
    return out
