"""swipe.py: the swipe typing figures for `make bench` (bench.py runs them).

Accuracy and decode time (`stackboard-bench swipe`): the 1,000 most frequent words of a text the
word models were not built from (the last 20 % of the lines of Dasher's training texts, which
scripts/make-words.py leaves out, as for the words section) are each swiped once over the
layout's key frames at 1280x400 with its suggestion bar: the centres of the word's letters, each
moved by normal noise with a standard deviation of a third of a key's width on each axis, joined
by straight lines; the decoder ranks the whole shipped model of the language with no previous
word. English on qwerty, German on a QWERTZ and Russian on a ЙЦУКЕН letter layout
(Benchmarks/layouts/). Three seeds each; also a third of a key as the radial RMS of the noise.

The tap path with swiping on and off (`pair`, in every round): tap→key on a letter with the
default keyboard (swiping on, the English model attached) and with `--no-swipe`, one after the
other in the same X session, the order alternating by round.
"""
import json, os, subprocess, time

import benchlib as B
import measures as M
import words as W

LANGUAGES = [('en', 'qwerty', 'english_GB'), ('de', 'Benchmarks/layouts/bench-de.json', 'german_DE'),
             ('ru', 'Benchmarks/layouts/bench-ru.json', 'russian_RU')]
GOALS = {'top1': 0.85, 'top3': 0.95, 'decode_ms_p95': 30}
SEEDS = (1, 2, 3)
NOISES = (('a third of a key per axis', 1 / 3), ('a third of a key, radial RMS', 1 / 3 / 2 ** 0.5))


def evaluate(bench_binary, layout, text, language, seed, noise):
    cmd = [bench_binary, 'swipe', '--root', B.ROOT, '--layout', layout, '--text', text, '--language', language,
           '--words', '1000', '--seed', str(seed), '--noise', f'{noise:.6f}']
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=B.ROOT)
    if r.returncode != 0:
        return {'error': r.stderr.strip() or f'exit {r.returncode}', 'command': ' '.join(cmd)}
    out = json.loads(r.stdout)
    out['command'] = ' '.join(cmd)
    return out


def run(o, bench_binary):
    out = os.path.join(o.out, 'swipe')
    os.makedirs(out, exist_ok=True)
    try:
        source = W.dasher_dir()
    except Exception as e:  # no archive reachable: say so, skip the section
        return {'error': f'cannot get the evaluation texts (apt-get download dasher-data): {e}'}
    res = {'texts': 'the 1,000 most frequent words of the last 20 % of the lines of Debian dasher-data training_*.txt',
           'languages': {}}
    for language, layout, name in LANGUAGES:
        path = W.held_out_text(os.path.join(source, f'training_{name}.txt'), os.path.join(out, f'{language}-eval.txt'))
        runs = {}
        for label, noise in NOISES:
            runs[label] = [evaluate(bench_binary, layout, path, language, seed, noise) for seed in SEEDS]
        res['languages'][language] = {'layout': layout, 'runs': runs}
        first = runs[NOISES[0][0]]
        B.log(f"  swipe {language}: top-1 {[r.get('top1') for r in first]}, top-3 {[r.get('top3') for r in first]}, "
              f"p95 {[r.get('decode_ms_p95') for r in first]} ms")
    return res


SWIPE_CONFIGS = [('swipe on', ['--no-sound']), ('swipe off', ['--no-sound', '--no-swipe'])]
# The same pairing for the suggestion bar (bench.py's latency section).
SUGGESTION_CONFIGS = [('suggestions on', ['--no-sound']), ('suggestions off', ['--no-sound', '--suggestions', '0'])]


def pair(s, binary, taps, rnd, settle=2.0, configs=SWIPE_CONFIGS):
    """Tap→key with the first of `configs` (swiping on) and the second (--no-swipe), in that
    order on odd rounds, reversed on even ones."""
    out = {}
    for name, args in (configs if rnd % 2 else configs[::-1]):
        kb, window = M.start_keyboard(s, binary, args=tuple(args))
        try:
            keys = B.key_frames(binary, 'qwerty', window[3], window[4])
            time.sleep(settle)  # the word engine attaches (and indexes its list) after the first frame
            out[name] = M.latency(s, window, keys, taps)
        finally:
            s.stop(kb)
    return out


def summary(res, rounds):
    """The markdown tables of the swipe section."""
    lines = []
    if res and 'error' in res:
        lines += ['', '## Swipe typing', '', f"skipped: {res['error']}"]
    elif res:
        lines += ['', '', '## Swipe typing', '',
                  f"Words: {res['texts']}; `stackboard-bench swipe --layout L --text FILE --language LANG --words 1000 "
                  f"--seed S --noise F` (seeds {', '.join(map(str, SEEDS))}). Goals: top-1 ≥ 85 %, top-3 ≥ 95 %, decode p95 ≤ 30 ms.", '',
                  '| language (layout) | noise | swiped / unknown / unswipeable | top-1 | top-3 | decode p50 / p95 / max ms | CPU p50 / p95 ms | index ms |',
                  '|---|---|---|---|---|---|---|---|']
        for language, entry in res['languages'].items():
            for label, runs in entry['runs'].items():
                ok = [r for r in runs if 'error' not in r]
                if not ok:
                    lines.append(f"| {language} ({entry['layout']}) | {label} | error: {runs[0].get('error')} | | | | | |")
                    continue
                top1 = ' / '.join(f"{100 * r['top1']:.1f}" for r in ok)
                top3 = ' / '.join(f"{100 * r['top3']:.1f}" for r in ok)
                p = lambda k: max(r[k] for r in ok)
                lines.append(f"| {language} ({os.path.basename(entry['layout'])}) | {label} | {ok[0]['swiped']} / {ok[0]['unknown']} / "
                             f"{ok[0]['unswipeable']} | {top1} % | {top3} % | {p('decode_ms_p50'):.1f} / {p('decode_ms_p95'):.1f} / "
                             f"{p('decode_ms_max'):.1f} | {p('decode_cpu_ms_p50'):.1f} / {p('decode_cpu_ms_p95'):.1f} | {p('index_ms'):.0f} |")
    paired = [r['swipe_pair'] for r in rounds if isinstance(r.get('swipe_pair'), dict) and len(r['swipe_pair']) == 2]
    if paired:
        on = [x for r in paired for x in r['swipe on']['tap_ms']]
        off = [x for r in paired for x in r['swipe off']['tap_ms']]
        lines += ['', '| tap→key on a letter (paired, same session) | median ms | p95 ms | taps | lost |', '|---|---|---|---|---|']
        for name, xs in (('swipe on (default)', on), ('--no-swipe', off)):
            key = 'swipe on' if name.startswith('swipe on') else 'swipe off'
            lost = sum(r[key]['lost'] for r in paired)
            lines.append(f"| {name} | {B.fmt(B.median(xs))} | {B.fmt(B.p95(xs))} | {len(xs)} | {lost} |")
    paired = [r['suggestions_pair'] for r in rounds if isinstance(r.get('suggestions_pair'), dict) and len(r['suggestions_pair']) == 2]
    if paired:
        lines += ['', '', '### Tap→key with the suggestion bar on and off', '',
                  '| tap→key on a letter (paired, same session) | median ms | p95 ms | taps | lost |', '|---|---|---|---|---|']
        for name, key in (('suggestion bar on (default)', 'suggestions on'), ('--suggestions 0', 'suggestions off')):
            xs = [x for r in paired for x in r[key]['tap_ms']]
            lost = sum(r[key]['lost'] for r in paired)
            lines.append(f"| {name} | {B.fmt(B.median(xs))} | {B.fmt(B.p95(xs))} | {len(xs)} | {lost} |")
    return ('\n'.join(lines) + '\n') if lines else ''
