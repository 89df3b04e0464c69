#!/usr/bin/env python3
"""soak.py: Stackboard's soak test (`make soak`, scripts/soak.sh).

  soak.py BINARY [--taps 10000] [--rate 50] [--seed 1] [--out DIR]

Taps the keys of qwerty's letters layer (letters, punctuation, space, tab, backspace, return,
arrows, and shift followed by a letter; not caps lock, ctrl, alt or the layer key) in a seeded
random order at a steady rate, on the keyboard window in a private Xvfb with openbox, while the
keysink target window records every KeyPress and KeyRelease. Then it checks: nothing lost,
nothing duplicated, nothing out of order, every press released (and XQueryKeymap empty), the
keymap (xkbcomp dump) the same as before, the memory flat and its peaks near its level, the
focus never taken. Prints a
summary; exits 1 on any failure.

The memory is read apart (/proc/PID/status): RssAnon is the heap and the other anonymous memory
the program made (malloc arenas, stacks), the part that must stay flat; RssFile is pages of
files (the program, the libraries, the memory-mapped word model, fonts) the kernel reads in as
they are touched and may drop again. The check is on RssAnon; the file-backed growth is shown by
mapping (benchlib.memory_breakdown) at the start, after warm-up and at the end. By default the
learned words are at their bounds before the first tap (`stackboard words learn` of a generated
text of more distinct words than the model keeps) and the keyboard learns everywhere, so the
soak measures learning at its bounds; `--no-learn` soaks with learning off.

The taps are made with Benchmarks/tools/tapper.c: XTest moves and clicks in the server's input
queue, each click waited for until the pointer is free again (the window manager's synchronous
button grab has replayed it) before the next move, on a fixed 1/RATE schedule. A window manager
replays a click at the pointer's latest position, so a tool that moves on before the click is
delivered (xdotool at speed) taps the wrong keys; one that waits per tap with a round trip
(Tests/Tools/pointer.c, which tapper follows) is exact and at ~1 ms per tap keeps the schedule.
"""
import argparse, difflib, json, os, random, subprocess, sys, time
from statistics import median

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402

KEYSYM_OF_TEXT = {',': 'comma', '.': 'period', "'": 'apostrophe', '?': 'question', ' ': 'space'}
KEYSYM_OF_ACTION = {'space': 'space', 'tab': 'Tab', 'backspace': 'BackSpace', 'return': 'Return',
                    'left': 'Left', 'right': 'Right', 'up': 'Up', 'down': 'Down'}
MODIFIER_KEYSYMS = {'Shift_L', 'Shift_R', 'Control_L', 'Control_R', 'Alt_L', 'Alt_R', 'Meta_L', 'Meta_R',
                    'Super_L', 'Super_R', 'ISO_Level3_Shift', 'Caps_Lock'}


def plan(keys, taps, seed):
    """[(key, expected keysym or None for shift)] of exactly `taps` taps."""
    rng = random.Random(seed)
    typing = [k for k in keys if (k['action'] == 'text' and len(k.get('text', '')) == 1) or k['action'] in KEYSYM_OF_ACTION]
    letters = [k for k in typing if k['action'] == 'text' and k['text'].isalpha()]
    shift = next(k for k in keys if k['action'] == 'shift')
    out = []
    while len(out) < taps:
        if len(out) < taps - 1 and rng.random() < 0.05:
            letter = rng.choice(letters)
            out.append((shift, None))
            out.append((letter, letter['text'].upper()))
            continue
        k = rng.choice(typing)
        if k['action'] == 'text':
            out.append((k, KEYSYM_OF_TEXT.get(k['text'], k['text'])))
        else:
            out.append((k, KEYSYM_OF_ACTION[k['action']]))
    return out


def compare(expected, got):
    """Counts of lost, duplicated, extra, out-of-order and wrong keys between two keysym lists.
    A key missing in one place and arriving within 50 keys of it counts as out of order."""
    counts = {'lost': 0, 'duplicated': 0, 'extra': 0, 'out_of_order': 0, 'wrong': 0}
    examples = []
    deleted, inserted = [], []  # (position in expected, keysym)
    sm = difflib.SequenceMatcher(None, expected, got, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == 'equal':
            continue
        e, g = expected[i1:i2], got[j1:j2]
        if op == 'delete':
            deleted += [(i1 + n, x) for n, x in enumerate(e)]
        elif op == 'insert':
            for n, x in enumerate(g):
                neighbours = got[max(0, j1 + n - 1):j1 + n] + got[j2:j2 + 1]
                if x in neighbours:
                    counts['duplicated'] += 1
                else:
                    inserted.append((i1, x))
        elif sorted(e) == sorted(g):
            counts['out_of_order'] += len(e)
        else:
            counts['wrong'] += max(len(e), len(g))
        if len(examples) < 5:
            examples.append(f'{op} at key {i1}: expected {e[:8]} got {g[:8]}')
    for at, x in inserted:
        match = next((d for d in deleted if d[1] == x and abs(d[0] - at) <= 50), None)
        if match:
            deleted.remove(match)
            counts['out_of_order'] += 1
        else:
            counts['extra'] += 1
    counts['lost'] += len(deleted)
    return counts, examples


def releases(lines):
    """Problems in the press/release pairing of keysink -r output: a release without a press, a
    release that decodes to another keysym than its press, keys still down at the end."""
    down, problems = {}, []
    for line in lines:
        f = line.split(' ')
        if line.startswith('KEY '):
            kc = next(w for w in reversed(f) if w.startswith('kc='))
            down[kc] = f[2]
        elif line.startswith('KEYUP '):
            kc = next(w for w in f if w.startswith('kc='))
            if kc not in down:
                problems.append(f'release of {kc} ({f[2]}) without a press')
            elif down.pop(kc) != f[2]:
                problems.append(f'{kc} released as {f[2]}')
    problems += [f'{kc} ({ks}) never released' for kc, ks in down.items()]
    return problems


def rss_split(pid):
    """(RssAnon, RssFile + RssShmem) of one process in KiB, from /proc/PID/status."""
    fields = {}
    for line in B.read(f'/proc/{pid}/status').splitlines():
        name, _, value = line.partition(':')
        if name in ('RssAnon', 'RssFile', 'RssShmem'):
            fields[name] = int(value.split()[0])
    return fields.get('RssAnon', 0), fields.get('RssFile', 0) + fields.get('RssShmem', 0)


def growth_by_group(before, after):
    """{group: RSS growth in KiB} of the mapping groups whose RSS changed by 64 KiB or more."""
    out = {}
    for group in sorted(set(before) | set(after)):
        d = after.get(group, {}).get('rss', 0) - before.get(group, {}).get('rss', 0)
        if abs(d) >= 64:
            out[group] = d
    return dict(sorted(out.items(), key=lambda kv: -abs(kv[1])))


def fill_learned(s, binary, seed, words=26000):
    """Learns a generated text of `words` distinct made-up words in pairs (more than the learned
    model keeps: 20,000 words, 60,000 pairs) with `stackboard words learn`, in the session's
    home, so that the soak starts with learning at its bounds. Returns what the command said."""
    rng = random.Random(seed + 7)
    letters = 'etaoinshrdlucmfwypvbgkjqxz'
    made, seen = [], set()
    while len(made) < words:
        w = ''.join(rng.choice(letters[:rng.choice((12, 18, 26))]) for _ in range(rng.randint(3, 9)))
        if w not in seen:
            seen.add(w)
            made.append(w)
    path = os.path.join(s.dir, 'learn.txt')
    with open(path, 'w') as f:
        for i in range(0, len(made), 8):
            f.write(' '.join(made[i:i + 8]) + '.\n')
            f.write(' '.join(rng.sample(made, 8)) + '.\n')
            f.write(' '.join(rng.sample(made, 8)) + '.\n')
    p = s.run([binary, 'words', 'learn', path, '--language', 'en'], timeout=300)
    if p.returncode:
        raise RuntimeError(f'stackboard words learn failed: {p.stderr.strip()}')
    return p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split('\n\n', 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('binary')
    ap.add_argument('--taps', type=int, default=10000)
    ap.add_argument('--rate', type=float, default=50, help='taps per second (50)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--flat-mb', type=float, default=1.0,
                    help='largest growth of the heap (RssAnon) allowed from the first 1000 taps to the end (the medians of '
                         'the tenth after them and of the last tenth), MiB (1)')
    ap.add_argument('--peak-mb', type=float, default=3.0,
                    help='largest peak of the heap (RssAnon) allowed over its level after warm-up, MiB (3)')
    ap.add_argument('--no-learn', action='store_true', help='learning off (default: on, at its bounds)')
    ap.add_argument('--out', help='folder for the logs and results.json (default out/soak-DATE)')
    o = ap.parse_args()
    binary = os.path.abspath(o.binary)
    out = os.path.abspath(o.out or os.path.join(B.ROOT, 'out', time.strftime('soak-%Y%m%d-%H%M%S')))
    os.makedirs(out, exist_ok=True)
    res = {'date': time.strftime('%Y-%m-%dT%H:%M:%S'), 'taps': o.taps, 'rate': o.rate, 'seed': o.seed,
           'binary': binary}
    failures = []
    s = B.Session(sink_args=['-r'], logdir=out)
    try:
        xkbtool = B.tool('xkbtool')
        keymap_before = s.run(['xkbcomp', '-xkb', s.display, '-']).stdout
        if not o.no_learn:
            fill = fill_learned(s, binary, o.seed)
            res['learned_before'] = fill
            B.log(f'soak: learned words filled to their bounds first: {fill}')
        # Random taps are no prose: the field's automatic edits (tap correction, capitals at a
        # sentence start, a double space's full stop) would change what each tap types, and the
        # soak checks that every tap arrives as its key. Learning and the bar stay on.
        edits_off = ['--no-autocorrect', '--no-autocapitalize', '--no-double-space-period']
        kb = s.spawn([binary, '--no-sound'] + edits_off + (['--no-learn'] if o.no_learn else ['--learn-everywhere']),
                     'stackboard')
        window = s.wait_window('Stackboard')
        keys = B.key_frames(binary, 'qwerty', window[3], window[4])
        taps = plan(keys, o.taps, o.seed)
        expected = [ks for _, ks in taps if ks is not None]
        time.sleep(2)
        rss = [(0, B.memory_kb(kb.pid)[0])]
        split = [(0,) + rss_split(kb.pid)]
        maps = {'start': B.memory_breakdown(kb.pid)}
        steps = ''.join('%d %d\n' % B.centre(k, window) for k, _ in taps)
        B.log(f'soak: {o.taps} taps at {o.rate:g}/s on {len(set(k["index"] for k, _ in taps))} keys '
              f'({o.taps / o.rate:.0f} s), display {s.display}')
        steps_path = os.path.join(s.dir, 'steps.txt')
        with open(steps_path, 'w') as f:
            f.write(steps)
        t0 = time.time()
        with open(steps_path) as stdin:
            p = subprocess.Popen([B.tool('tapper'), '-r', str(o.rate), '-p', str(max(1, o.taps // 100))], stdin=stdin,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=s.env,
                                 start_new_session=True)
            s.procs.append(p)
            done_line = ''
            for line in p.stdout:
                if line.startswith('PROGRESS'):
                    n = int(line.split()[1])
                    rss.append((n, B.memory_kb(kb.pid)[0]))
                    split.append((n,) + rss_split(kb.pid))
                    if 'warm' not in maps and n >= 1000:
                        maps['warm'] = B.memory_breakdown(kb.pid)
                    if n % max(1, o.taps // 10) == 0:
                        B.log(f'  {n} taps, {time.time() - t0:.0f} s, RSS {rss[-1][1] / 1024:.2f} MiB '
                          f'(anonymous {split[-1][1] / 1024:.2f}, files {split[-1][2] / 1024:.2f})')
                elif line.startswith('DONE'):
                    done_line = line.strip()
            p.wait()
            res['tapper'] = done_line
            if p.returncode:
                failures.append('the tapper failed: ' + p.stderr.read().strip())
        res['seconds'] = round(time.time() - t0, 1)
        got = []
        deadline = time.time() + 30
        while time.time() < deadline:
            got = [ks for _, ks, _ in s.sink_keys() if ks not in MODIFIER_KEYSYMS]
            if len(got) >= len(expected):
                break
            time.sleep(0.2)
        time.sleep(1)
        got = [ks for _, ks, _ in s.sink_keys() if ks not in MODIFIER_KEYSYMS]
        rss.append((o.taps, B.memory_kb(kb.pid)[0]))
        split.append((o.taps,) + rss_split(kb.pid))
        maps['end'] = B.memory_breakdown(kb.pid)
        counts, examples = compare(expected, got)
        res.update(counts)
        res['expected_keys'], res['received_keys'] = len(expected), len(got)
        res['examples'] = examples
        for k, v in counts.items():
            if v:
                failures.append(f'{v} {k.replace("_", " ")}')
        state_running = s.run([xkbtool, 'state']).stdout.strip()
        res['focus_lost'] = s.focus_lost()
        if res['focus_lost']:
            failures.append('the target lost the focus')
        res['keyboard_exit'] = s.stop(kb)
        res['keyboard_stderr'] = s.logtail('stackboard', 1000)
        if res['keyboard_exit'] != 0 or res['keyboard_stderr']:
            failures.append(f"the keyboard exited with {res['keyboard_exit']}: {res['keyboard_stderr']!r}")
        time.sleep(0.5)
        state_after = s.run([xkbtool, 'state']).stdout.strip()
        res['xkb_state_running'], res['xkb_state_after'] = state_running, state_after
        for label, st in (('while running', state_running), ('after exit', state_after)):
            if not st.endswith('keys=') or 'latched=0x0' not in st or 'locked=0x0' not in st:
                failures.append(f'keys or modifiers down {label}: {st}')
        pairing = releases(s.sink_lines())
        res['release_problems'] = pairing[:10]
        if pairing:
            failures.append(f'{len(pairing)} press/release problems at the target, e.g. {pairing[:3]}')
        keymap_after = s.run(['xkbcomp', '-xkb', s.display, '-']).stdout
        res['keymap_identical'] = keymap_before == keymap_after and bool(keymap_before)
        if not res['keymap_identical']:
            diff = list(difflib.unified_diff(keymap_before.splitlines(), keymap_after.splitlines(), lineterm='', n=0))
            failures.append('the keymap changed: ' + ' / '.join(diff[2:8]))
        res['rss_kb'] = rss
        res['anon_file_kb'] = split
        warm = next((v for n, v in rss if n >= 1000), rss[0][1])
        res['rss_start_mb'], res['rss_end_mb'] = round(rss[0][1] / 1024, 2), round(rss[-1][1] / 1024, 2)
        res['rss_growth_after_warmup_mb'] = round((rss[-1][1] - warm) / 1024, 2)
        warm_split = next((v for v in split if v[0] >= 1000), split[0])
        res['anon_start_mb'], res['anon_end_mb'] = round(split[0][1] / 1024, 2), round(split[-1][1] / 1024, 2)
        res['anon_peak_mb'] = round(max(v[1] for v in split) / 1024, 2)
        # The heap's level over the tenth of the run after warm-up and over the last tenth is the
        # median of the samples there (one every 100 taps): malloc gives pages back in steps, and
        # a sample now and then falls in a dip (free pages just given back) or on a save's bump.
        # The level must stay flat; the peak after warm-up must stay near it (a save that made
        # the whole file in memory first lifted it by 7.7 MiB at the bounds).
        tenth = max(1, o.taps // 10)
        early = [v[1] for v in split if 1000 <= v[0] <= 1000 + tenth] or [warm_split[1]]
        late = [v[1] for v in split if v[0] >= o.taps - tenth] or [split[-1][1]]
        res['anon_level_early_mb'], res['anon_level_late_mb'] = round(median(early) / 1024, 2), round(median(late) / 1024, 2)
        res['anon_growth_after_warmup_mb'] = round((median(late) - median(early)) / 1024, 2)
        res['anon_peak_after_warmup_mb'] = round(max(v[1] for v in split if v[0] >= 1000) / 1024, 2) if len(split) > 1 else res['anon_end_mb']
        res['anon_peak_over_level_mb'] = round(res['anon_peak_after_warmup_mb'] - max(res['anon_level_early_mb'], res['anon_level_late_mb']), 2)
        res['file_growth_after_warmup_mb'] = round((split[-1][2] - warm_split[2]) / 1024, 2)
        res['mappings_kb'] = maps
        res['file_growth_by_mapping_kb'] = growth_by_group(maps.get('warm', maps['start']), maps['end'])
        if res['anon_growth_after_warmup_mb'] > o.flat_mb:
            failures.append(f"the heap's level (RssAnon) grew {res['anon_growth_after_warmup_mb']} MiB from after warm-up to the end")
        if res['anon_peak_over_level_mb'] > o.peak_mb:
            failures.append(f"the heap (RssAnon) peaked {res['anon_peak_over_level_mb']} MiB over its level after warm-up")
    except Exception as e:
        failures.append(f'{type(e).__name__}: {e}')
    finally:
        s.close(keep=bool(failures))
    res['failures'] = failures
    res['passed'] = not failures
    with open(os.path.join(out, 'results.json'), 'w') as f:
        json.dump(res, f, indent=1)
    print(f"soak: {res.get('expected_keys', 0)} keys expected from {o.taps} taps ({res.get('tapper', '')}) "
          f"in {res.get('seconds', '?')} s at {o.rate:g}/s")
    print(f"  received {res.get('received_keys', 0)}: lost {res.get('lost', '?')}, duplicated "
          f"{res.get('duplicated', '?')}, extra {res.get('extra', '?')}, out of order {res.get('out_of_order', '?')}, "
          f"wrong {res.get('wrong', '?')}")
    print(f"  every press released at the target: {not res.get('release_problems', ['?'])}; XQueryKeymap and "
          f"modifiers after exit: {res.get('xkb_state_after', '?')}; keymap identical: {res.get('keymap_identical')}")
    print(f"  RSS: {res.get('rss_start_mb')} MiB at start, {res.get('rss_end_mb')} MiB at the end "
          f"(growth after the first 1000 taps {res.get('rss_growth_after_warmup_mb')} MiB); focus kept: "
          f"{not res.get('focus_lost', True)}")
    print(f"  heap (RssAnon): {res.get('anon_start_mb')} MiB at start, {res.get('anon_end_mb')} MiB at the end, "
          f"peak {res.get('anon_peak_mb')}; its level {res.get('anon_level_early_mb')} MiB after warm-up and "
          f"{res.get('anon_level_late_mb')} MiB in the last tenth: growth {res.get('anon_growth_after_warmup_mb')} MiB "
          f"(the check, at most {o.flat_mb:g}); peak after warm-up {res.get('anon_peak_over_level_mb')} MiB over the "
          f"level (the check, at most {o.peak_mb:g}); pages of files (RssFile) {res.get('file_growth_after_warmup_mb')} MiB more: "
          + ', '.join(f'{g} {kb / 1024:+.2f}' for g, kb in (res.get('file_growth_by_mapping_kb') or {}).items()))
    if 'learned_before' in res:
        print(f"  learning on, at its bounds from the start: {res['learned_before']}")
    print(f"  results: {out}/results.json")
    if failures:
        print('soak: FAILED: ' + '; '.join(failures))
        if res.get('examples'):
            print('  ' + '\n  '.join(res['examples']))
        return 1
    print('soak: PASSED')
    return 0


if __name__ == '__main__':
    sys.exit(main())
