"""words.py: the word suggestions' figures for `make bench` (bench.py runs it once, after the rounds).

For each language with a model, on a text the model never saw: keystroke savings with 3
suggestions (learning on, starting from the shipped model), and, with taps scattered by a seeded
Gaussian of SIGMA key widths on the language's real layout (`--noise`), the raw letter error, the
word error rate of the literal taps and after tap correction, the share of right words that
correction changed, the keystroke savings under that noise and the decode time per word.

Texts (used only to evaluate, never to build or tune a model): Debian's `fortunes*` packages where
one exists for the language (prose quotes and jokes: en, de, es, ru, it, pl, cs, pt), else the last
20 % of the lines of Dasher's training text (dasher-data, GPL-2+), which scripts/make-words.py
leaves out (--held-out 0.2). The tap decoder's weights were chosen on the Dasher texts.

Alone: `python3 Benchmarks/words.py [--chars N] [LANG...]` (after `swift build -c release`).
"""
import glob, json, os, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402

# language, Dasher's training text, fortunes source
LANGUAGES = [('en', 'english_GB'), ('de', 'german_DE'), ('fr', 'french_FR'), ('es', 'spanish_ES'), ('ru', 'russian_RU'),
             ('it', 'italian_IT'), ('pt', 'portuguese_BR'), ('nl', 'dutch_NL'), ('pl', 'polish_PL'), ('sv', 'swedish_SE'),
             ('da', 'danish_DK'), ('nb', None), ('fi', 'finnish_FI'), ('cs', 'czech_CS'), ('sk', None), ('hu', 'hungarian_HU'),
             ('ro', None), ('tr', 'turkish_TR'), ('uk', None), ('el', 'greek_GR')]
GOALS = {'en': 50, 'de': 42, 'fr': 45, 'es': 42, 'ru': 35}
OTHER_GOAL = 30
HELD_OUT = 0.2
# Dasher texts of a single line: make-words.py's held-out part (by lines) is empty, the model saw all of it.
DASHER_ONE_LINE = {'hungarian_HU'}
# σ (key widths) at which about 8-9 % of the taps hit another key on the 1280x400 layouts.
NOISE = 0.26
FORTUNES = '/usr/share/games/fortunes'
FORTUNES_EN = ['wisdom', 'literature', 'people', 'love', 'work', 'men-women', 'politics', 'humorists', 'education',
               'science', 'miscellaneous', 'platitudes', 'pets', 'food', 'sports', 'law', 'medicine', 'kids', 'paradoxum',
               'news', 'magic']
FORTUNES_DIRS = {'de': 'de', 'es': 'es', 'ru': 'ru', 'it': 'it', 'pl': 'pl', 'cs': 'cz'}
FORTUNES_SKIP = {'asciiart', 'ascii-art', 'banner', 'computer', 'computers', 'debian', 'channel-debian', 'linux', 'art', 'perl'}


def fortunes_files(language):
    """The fortunes files of `language` (prose, not ASCII art or computing jokes)."""
    if language == 'en':
        return [os.path.join(FORTUNES, f) for f in FORTUNES_EN if os.path.isfile(os.path.join(FORTUNES, f))]
    if language == 'pt':
        return [p for p in [os.path.join(FORTUNES, 'brasil')] if os.path.isfile(p)]
    folder = os.path.join(FORTUNES, FORTUNES_DIRS.get(language, '-'))
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if not f.endswith(('.dat', '.u8')) and f.replace('.fortunes', '') not in FORTUNES_SKIP
                  and os.path.isfile(os.path.join(folder, f)))


def fortunes(path):
    """The fortunes of a file, one line each: attributions dropped, mostly letters."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    for chunk in re.split(r'\n%\n', text):
        lines = [l for l in chunk.split('\n') if l.strip() and not re.match(r'^\s*(--|—)', l)]
        line = re.sub(r'\s+', ' ', ' '.join(l.strip() for l in lines)).strip()
        if len(line) < 20 or '\ufffd' in line:
            continue
        if sum(c.isalpha() or c.isspace() for c in line) / len(line) < 0.85:
            continue
        yield line


def fortunes_text(language, out, max_chars):
    """Up to `max_chars` of `language`'s fortunes, taken in turn from each file; None without any."""
    per_file = [list(fortunes(p)) for p in fortunes_files(language)]
    lines, total, i = [], 0, 0
    while total < max_chars and any(i < len(f) for f in per_file):
        for f in per_file:
            if i < len(f) and total < max_chars:
                lines.append(f[i])
                total += len(f[i]) + 1
        i += 1
    if not lines:
        return None
    with open(out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')
    return out


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


def evaluate(binary, path, language, noise=NOISE):
    cmd = [binary, 'words', 'evaluate', path, '--language', language, '--suggestions', '3', '--json']
    if noise:
        cmd += ['--noise', str(noise)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return {'error': r.stderr.strip() or f'exit {r.returncode}', 'command': ' '.join(cmd)}
    result = json.loads(r.stdout)
    result['command'] = ' '.join(cmd)
    return result


def run(o, binary, bench_binary=None, languages=None):
    out = os.path.join(o.out, 'words')
    os.makedirs(out, exist_ok=True)
    try:
        source = dasher_dir()
    except Exception as e:  # no archive reachable: only the fortunes texts
        source = None
        B.log(f'  words: no Dasher texts (apt-get download dasher-data): {e}')
    max_chars = o.words_chars or 30000
    res = {'texts': 'Debian fortunes* where the language has one, else the last 20 % of Dasher\'s training text',
           'noise_sigma': NOISE, 'languages': {}}
    for language, dasher in LANGUAGES:
        if languages and language not in languages:
            continue
        path = fortunes_text(language, os.path.join(out, f'{language}-fortunes.txt'), max_chars)
        text = 'fortunes'
        if path is None and dasher and source and dasher not in DASHER_ONE_LINE:
            path = held_out_text(os.path.join(source, f'training_{dasher}.txt'), os.path.join(out, f'{language}-eval.txt'), max_chars)
            text = 'dasher held-out'
        goal = GOALS.get(language, OTHER_GOAL)
        if path is None:
            res['languages'][language] = {'error': 'no evaluation text (no fortunes package, no Dasher text)', 'goal_percent': goal}
            B.log(f'  words {language}: no evaluation text')
            continue
        r = evaluate(binary, path, language)
        res['languages'][language] = {'text': text, 'result': r, 'goal_percent': goal}
        B.log(f"  words {language} ({text}): savings {r.get('savings_percent')} %, letter error {r.get('letter_error_percent')} %, "
              f"WER {r.get('literal_wer_percent')} → {r.get('corrected_wer_percent')} %, right changed "
              f"{r.get('right_words_changed_percent')} %, decode p95 {r.get('decode_cpu_p95_ms')} ms (processor)")
    if bench_binary:
        r = subprocess.run([bench_binary, 'words-load', '--root', B.ROOT], capture_output=True, text=True)
        res['load'] = [json.loads(line) for line in r.stdout.splitlines() if line.startswith('{')]
        if r.returncode != 0:
            res['load_error'] = r.stderr.strip()
        r = subprocess.run([bench_binary, 'words-learned'], capture_output=True, text=True)
        res['learned'] = next((json.loads(line) for line in r.stdout.splitlines() if line.startswith('{')), None)
        if r.returncode != 0:
            res['learned_error'] = r.stderr.strip()
    return res


def summary(res):
    """The markdown table of the words section."""
    if not res:
        return ''
    if 'error' in res:
        return f"\n## Word suggestions\n\nskipped: {res['error']}\n"
    lines = ['', '', '## Word suggestions', '',
             f"Texts: {res['texts']}. `stackboard words evaluate FILE --language L --suggestions 3 --noise {res['noise_sigma']}`.",
             '',
             '| language | text | words | KS (3, no noise) | goal | letter error | WER literal → corrected | ≤ 1/4? | right words changed | KS under noise | decode p50 / p95 ms (processor) |',
             '|---|---|---|---|---|---|---|---|---|---|---|']
    for language, r in res['languages'].items():
        if 'error' in r or 'error' in r.get('result', {}):
            error = r.get('error') or r['result']['error']
            lines.append(f"| {language} | – | – | {error} | {r['goal_percent']} % | | | | | | |")
            continue
        x = r['result']
        met = 'met' if x['savings_percent'] >= r['goal_percent'] else '**missed**'
        ratio = x['corrected_wer_percent'] / x['literal_wer_percent'] if x['literal_wer_percent'] else 0
        quarter = 'yes' if ratio <= 0.25 else f'**no** ({ratio:.2f})'
        changed = x['right_words_changed_percent']
        lines.append(f"| {language} | {r['text']} | {x['words']} | {x['savings_percent']:.1f} % | {r['goal_percent']} % ({met}) | "
                     f"{x['letter_error_percent']:.1f} % | {x['literal_wer_percent']:.1f} → {x['corrected_wer_percent']:.1f} % | {quarter} | "
                     f"{changed:.2f} %{'' if changed <= 1 else ' **over 1 %**'} | {x['noisy_savings_percent']:.1f} % | "
                     f"{x['decode_cpu_p50_ms']:.2f} / {x['decode_cpu_p95_ms']:.2f} |")
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
    learned = res.get('learned')
    if learned:
        lines.append(f"\nLearned words at their bounds (`stackboard-bench words-learned`: {learned['words']} words, "
                     f"{learned['pairs']} pairs, a file of {learned['file_bytes'] / 1e6:.2f} MB): learning a word "
                     f"{learned['learn_p50_ms']} ms median, {learned['learn_max_ms']} ms at most (the pruning a bound sets off); "
                     f"a save {learned['save_ms']} ms on its thread (making the bytes {learned['encode_ms']} ms, the rest "
                     f"the `fsync`s), {learned['save_rss_rise_kb'] / 1024:.2f} MB more resident while it runs; loading "
                     f"the file {learned['load_ms']} ms.")
    return '\n'.join(lines) + '\n'


if __name__ == '__main__':
    import argparse
    ap = argparse.ArgumentParser(description='the word suggestions section of make bench, alone')
    ap.add_argument('languages', nargs='*')
    ap.add_argument('--chars', type=int, default=30000, help='cut each text to about N characters')
    ap.add_argument('--binary', default=os.path.join(B.ROOT, '.build', 'release', 'stackboard'))
    ap.add_argument('--out', default=tempfile.mkdtemp(prefix='words-'))
    args = ap.parse_args()
    os.environ.setdefault('STACKBOARD_DATA_DIR', os.path.join(B.ROOT, 'Resources'))
    opts = argparse.Namespace(out=args.out, words_chars=args.chars)
    result = run(opts, args.binary, None, args.languages or None)
    with open(os.path.join(args.out, 'words.json'), 'w') as f:
        json.dump(result, f, indent=1)
    print(summary(result))
