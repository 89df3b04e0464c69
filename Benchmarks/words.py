"""words.py: the word suggestions' figures for `make bench` (bench.py runs it once, after the rounds).

Keystroke savings (`stackboard words evaluate`, 3 suggestions, learning on, starting from the
shipped model) on texts that were not used to build the models: the last 20 % of the lines of
each of Dasher's training texts (Debian's dasher-data, GPL-2+), which scripts/make-words.py leaves
out (--held-out 0.2). Also with learning off, the time to update the suggestions after a key
(p50/p95 over every update of the evaluation), and the models' load time and memory
(`stackboard-bench words-load`).
"""
import glob, json, os, shutil, subprocess, tempfile

import benchlib as B

LANGUAGES = [('en', 'english_GB'), ('de', 'german_DE'), ('fr', 'french_FR'), ('es', 'spanish_ES'), ('ru', 'russian_RU')]
GOALS = {'en': 45, 'de': 38, 'fr': 38, 'es': 38, 'ru': 30}
HELD_OUT = 0.2


def dasher_dir():
    """The folder of Dasher's training texts: installed, or unpacked from `apt-get download dasher-data`."""
    if glob.glob('/usr/share/dasher/training_english_GB.txt'):
        return '/usr/share/dasher'
    cache = os.path.join(B.ROOT, '.build', 'words-sources', 'dasher')
    if os.path.exists(os.path.join(cache, 'training_english_GB.txt')):
        return cache
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    scratch = tempfile.mkdtemp(prefix='dasher-', dir=os.path.dirname(cache))
    try:
        subprocess.run(['apt-get', 'download', 'dasher-data'], cwd=scratch, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deb = glob.glob(os.path.join(scratch, 'dasher-data_*.deb'))[0]
        subprocess.run(['dpkg-deb', '-x', deb, os.path.join(scratch, 'x')], check=True)
        shutil.move(os.path.join(scratch, 'x', 'usr', 'share', 'dasher'), cache)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return cache


def held_out_text(source, out, max_chars=None):
    """The last 20 % of the lines of `source` (the part the model never saw), written to `out`."""
    with open(source, encoding='utf-8', errors='replace') as f:
        lines = f.read().splitlines()
    keep = len(lines) - int(round(len(lines) * HELD_OUT))
    text = '\n'.join(lines[keep:]) + '\n'
    if max_chars:
        text = text[:max_chars].rsplit('\n', 1)[0] + '\n'
    with open(out, 'w', encoding='utf-8') as f:
        f.write(text)
    return out


def evaluate(binary, path, language, learning=True):
    cmd = [binary, 'words', 'evaluate', path, '--language', language, '--suggestions', '3', '--json']
    if not learning:
        cmd.append('--no-learn')
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return {'error': r.stderr.strip() or f'exit {r.returncode}', 'command': ' '.join(cmd)}
    result = json.loads(r.stdout)
    result['command'] = ' '.join(cmd)
    return result


def run(o, binary, bench_binary):
    out = os.path.join(o.out, 'words')
    os.makedirs(out, exist_ok=True)
    try:
        source = dasher_dir()
    except Exception as e:  # no archive reachable: say so, skip the section
        return {'error': f'cannot get the evaluation texts (apt-get download dasher-data): {e}'}
    res = {'texts': 'last 20 % of the lines of Debian dasher-data 5.0.0 training_*.txt (GPL-2+), never used by the models',
           'languages': {}}
    for language, name in LANGUAGES:
        path = held_out_text(os.path.join(source, f'training_{name}.txt'), os.path.join(out, f'{language}-eval.txt'),
                             o.words_chars)
        on = evaluate(binary, path, language, learning=True)
        off = evaluate(binary, path, language, learning=False)
        res['languages'][language] = {'learning': on, 'no_learning': off, 'goal_percent': GOALS[language]}
        B.log(f"  words {language}: savings {on.get('savings_percent')} % (learning off {off.get('savings_percent')} %), "
              f"update p50 {on.get('update_p50_ms')} ms, p95 {on.get('update_p95_ms')} ms")
    r = subprocess.run([bench_binary, 'words-load', '--root', B.ROOT], capture_output=True, text=True)
    res['load'] = [json.loads(line) for line in r.stdout.splitlines() if line.startswith('{')]
    if r.returncode != 0:
        res['load_error'] = r.stderr.strip()
    return res


def summary(res):
    """The markdown table of the words section."""
    if not res:
        return ''
    if 'error' in res:
        return f"\n## Word suggestions\n\nskipped: {res['error']}\n"
    lines = ['', '', '## Word suggestions', '',
             f"Texts: {res['texts']}. `stackboard words evaluate FILE --language L --suggestions 3 [--no-learn]`.", '',
             '| language | words | keystroke savings, learning on | learning off | goal | update p50 / p95 ms |',
             '|---|---|---|---|---|---|']
    for language, r in res['languages'].items():
        on, off = r['learning'], r['no_learning']
        if 'error' in on:
            lines.append(f"| {language} | – | error: {on['error']} | | {r['goal_percent']} % | |")
            continue
        met = 'met' if on['savings_percent'] >= r['goal_percent'] else '**missed**'
        lines.append(f"| {language} | {on['words']} | {on['savings_percent']:.1f} % | {off.get('savings_percent', '–')} % | "
                     f"{r['goal_percent']} % ({met}) | {on['update_p50_ms']:.3f} / {on['update_p95_ms']:.3f} |")
    load = [x for x in res.get('load', []) if 'language' in x]
    total = next((x for x in res.get('load', []) if 'models' in x), None)
    if load:
        lines += ['', '| model | file MB | words | pairs | load ms (median) | first query ms |', '|---|---|---|---|---|---|']
        for x in load:
            lines.append(f"| {x['language']} | {x['file_bytes'] / 1e6:.2f} | {x['words']} | {x['pairs']} | {x['load_ms']} | {x['first_query_ms']} |")
    if total:
        lines.append(f"\nAll {total['models']} models mapped and used: private dirty "
                     f"{(total['private_dirty_kb_after'] - total['private_dirty_kb_before']) / 1024:.2f} MB, resident (clean, "
                     f"shared file pages) {(total['rss_kb_after'] - total['rss_kb_before']) / 1024:.1f} MB.")
    return '\n'.join(lines) + '\n'
