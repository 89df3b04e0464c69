#!/usr/bin/env python3
"""soak.py: Stackboard's soak test (`make soak`, scripts/soak.sh).

  soak.py BINARY [--taps 10000] [--rate 50] [--seed 1] [--out DIR]

Taps the keys of qwerty's letters layer (letters, punctuation, space, tab, backspace, return,
arrows, and shift followed by a letter; not caps lock, ctrl, alt or the layer key) in a seeded
random order at a steady rate, on the keyboard window in a private Xvfb with openbox, while the
keysink target window records every KeyPress and KeyRelease. Then it checks: nothing lost,
nothing duplicated, nothing out of order, every press released (and XQueryKeymap empty), the
keymap (xkbcomp dump) the same as before, the memory flat, the focus never taken. Prints a
summary; exits 1 on any failure.

The taps are made with Benchmarks/tools/tapper.c: XTest moves and clicks in the server's input
queue, each click waited for until the pointer is free again (the window manager's synchronous
button grab has replayed it) before the next move, on a fixed 1/RATE schedule. A window manager
replays a click at the pointer's latest position, so a tool that moves on before the click is
delivered (xdotool at speed) taps the wrong keys; one that waits per tap with a round trip
(Tests/Tools/pointer.c, which tapper follows) is exact and at ~1 ms per tap keeps the schedule.
"""
import argparse, difflib, json, os, random, subprocess, sys, time

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split('\n\n', 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('binary')
    ap.add_argument('--taps', type=int, default=10000)
    ap.add_argument('--rate', type=float, default=50, help='taps per second (50)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--flat-mb', type=float, default=1.0,
                    help='largest RSS growth allowed from the first 1000 taps to the end, MiB (1)')
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
        kb = s.spawn([binary, '--no-sound'], 'stackboard')
        window = s.wait_window('Stackboard')
        keys = B.key_frames(binary, 'qwerty', window[3], window[4])
        taps = plan(keys, o.taps, o.seed)
        expected = [ks for _, ks in taps if ks is not None]
        time.sleep(2)
        rss = [(0, B.memory_kb(kb.pid)[0])]
        steps = ''.join('%d %d\n' % B.centre(k, window) for k, _ in taps)
        B.log(f'soak: {o.taps} taps at {o.rate:g}/s on {len(set(k["index"] for k, _ in taps))} keys '
              f'({o.taps / o.rate:.0f} s), display {s.display}')
        steps_path = os.path.join(s.dir, 'steps.txt')
        with open(steps_path, 'w') as f:
            f.write(steps)
        t0 = time.time()
        with open(steps_path) as stdin:
            p = subprocess.Popen([B.tool('tapper'), '-r', str(o.rate), '-p', '1000'], stdin=stdin,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=s.env,
                                 start_new_session=True)
            s.procs.append(p)
            done_line = ''
            for line in p.stdout:
                if line.startswith('PROGRESS'):
                    n = int(line.split()[1])
                    rss.append((n, B.memory_kb(kb.pid)[0]))
                    B.log(f'  {n} taps, {time.time() - t0:.0f} s, RSS {rss[-1][1] / 1024:.2f} MiB')
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
        warm = next((v for n, v in rss if n >= 1000), rss[0][1])
        res['rss_start_mb'], res['rss_end_mb'] = round(rss[0][1] / 1024, 2), round(rss[-1][1] / 1024, 2)
        res['rss_growth_after_warmup_mb'] = round((rss[-1][1] - warm) / 1024, 2)
        if res['rss_growth_after_warmup_mb'] > o.flat_mb:
            failures.append(f"RSS grew {res['rss_growth_after_warmup_mb']} MiB from 1000 taps to the end")
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
