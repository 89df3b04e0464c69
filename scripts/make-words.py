#!/usr/bin/env python3
"""make-words.py: builds a shipped word model (Resources/words/LANG.words) for Stackboard's suggestions.

Run at development time (the program never needs the network); the output is committed. See
docs/words.md for the format, the data and how to add a language.

  scripts/make-words.py --language de --wordfreq --text training_german_DE.txt --held-out 0.2

Sources, any mix of them:
  --wordfreq              unigram frequencies from the wordfreq package (pip install wordfreq)
  --frequencies FILE      a word-frequency file: "WORD COUNT" or "WORD<TAB>COUNT" per line (any order)
  --text FILE             running text: word pairs, sentence starts and each word's usual case
                          (--held-out F: the last fraction F of its lines is left out, for evaluation)
  --inflections FILE      word families (scripts/hunspell-forms.py --families): the forms the lists lack
                          of their words, at --inflection-share of the family's most frequent form's frequency
  --pair-counts FILE      word-pair counts: "WORD1 WORD2 COUNT" per line (symspellpy's bigram file),
                          with --pair-unigrams FILE the same corpus's word counts ("WORD COUNT")

Words are ranked by frequency (the first source that knows a word gives its rank); pairs come from
the texts and pair-count files, discounted (absolute discounting), pruned to --pairs, with the
left-over mass of each word kept as its back-off weight to the unigram frequencies. With --endings,
the texts also give how a word's ending follows the ending of the word before it (see
ending_table), which weighs that back-off to the unigram frequencies.
"""
import argparse, collections, gzip, math, os, re, struct, sys, unicodedata

MAGIC = b'SBWORDS1'
HEADER = 64
SCALE = 1024          # costs are round(-ln(p) * SCALE), clamped to 0..65535
MAX_WORD_BYTES = 48

WORD_RE = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*", re.UNICODE)


def script_of(ch):
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return None
    return name.split(' ')[0]


def word_ok(word, scripts):
    if not word or len(word.encode('utf-8')) > MAX_WORD_BYTES:
        return False
    if not WORD_RE.fullmatch(word):
        return False
    return scripts is None or all(script_of(c) in scripts for c in word if c.isalpha())


def fold_char(ch, keep):
    """The key of one character: lower case, accents removed (NFD, combining marks dropped)."""
    if ch in keep:
        return ch.lower()
    low = ch.lower()
    if len(low) != 1:
        low = ch
    if low in keep:
        return low
    base = ''.join(c for c in unicodedata.normalize('NFD', low) if not unicodedata.combining(c))
    return base if len(base) == 1 else low


def fold(word, keep):
    return ''.join(fold_char(c, keep) for c in word).replace('’', "'")


def read_frequencies(path):
    counts = read_counts(path)
    total = sum(counts.values()) or 1
    return {w: c / total for w, c in counts.items()}


def read_counts(path):
    counts = {}
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            parts = line.rstrip('\n').replace('\t', ' ').split()
            if not parts:
                continue
            if len(parts) != 2:
                sys.exit(f'{path}:{n}: expected "WORD COUNT", got {line.strip()!r}')
            try:
                counts[parts[0]] = counts.get(parts[0], 0) + float(parts[1])
            except ValueError:
                sys.exit(f'{path}:{n}: the count {parts[1]!r} is not a number')
    return counts


def text_lines(path, held_out):
    with open(path, encoding='utf-8', errors='replace') as f:
        lines = f.read().splitlines()
    keep = len(lines) - int(round(len(lines) * held_out))
    return lines[:keep]


def sentences(lines):
    """Token lists, one per sentence (None marks a pause: a comma, a bracket, a quote, a dash).
    Lines are joined into paragraphs (a blank line ends one); . ! ? and … end a sentence."""
    paragraph = []
    for line in list(lines) + ['']:
        if line.strip():
            paragraph.append(line)
            continue
        if not paragraph:
            continue
        text = ' '.join(paragraph)
        paragraph = []
        current, pos = [], 0
        for m in WORD_RE.finditer(text):
            between = text[pos:m.start()]
            if re.search(r'[.!?…]', between):
                if current:
                    yield current
                current = []
            elif current and re.search(r'[,;:()"«»“”\[\]—–]|\s[-‐]\s', between):
                current.append(None)
            current.append(m.group(0).replace('’', "'"))
            pos = m.end()
        if current:
            yield current


FINAL_SIGMA_RE = re.compile(r'(?<=[^\W\d_])σ(?![^\W\d_])')


def undo_casefold(freq, listed, seen):
    """wordfreq gives its words case-folded (Python's str.casefold), which is not lower case in
    two places: a Greek final sigma becomes σ (κράτος → κράτοσ) and German ß becomes ss (groß →
    gross). Shipped so, the model suggests misspelt words and corrects right ones into them.
    Greek is mended by its rule (σ at the end of a word, after a letter, is ς). For ss there is
    no rule (dass, muss): a word whose ss spelling is neither in `listed` (the language's
    spelling list) nor in `seen` (the texts' words) takes the first of its ß spellings found
    in `listed`, else in `seen` (all lower case)."""
    mended = {}
    for w, p in freq.items():
        w = FINAL_SIGMA_RE.sub('ς', w)
        pieces = w.split('ss')
        if 1 < len(pieces) <= 4 and w not in listed and w not in seen:  # at most 3 places: 7 other spellings
            spellings = [pieces[0] + ''.join(('ß' if mask >> k & 1 else 'ss') + piece for k, piece in enumerate(pieces[1:]))
                         for mask in range(1, 1 << (len(pieces) - 1))]
            w = next((x for x in spellings if x in listed), None) or next((x for x in spellings if x in seen), w)
        if w not in mended:
            mended[w] = p
    return mended


def text_only_words(freq, counts, least, scripts):
    """The words the texts (their kept part) use at least `least` times that the frequency
    lists lack, each with its share of the texts' words as its frequency (none when `least` is 0).
    For a language whose frequency list is short (wordfreq's small Danish list: 29,000 words)."""
    if least <= 0:
        return {}
    total = sum(counts.values()) or 1
    return {w: n / total for w, n in counts.items() if n >= least and w not in freq and word_ok(w, scripts)}


def inflected_forms(freq, path, share, scripts):
    """The forms of each family of `path` (one line a dictionary entry, its forms apart by
    spaces: scripts/hunspell-forms.py --families) that `freq` lacks, where `freq` has another
    form of the family: each at `share` times the frequency of the family's most frequent form."""
    added = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            family = [w.lower() for w in line.split() if word_ok(w, scripts)]
            known = max((freq[w] for w in family if w in freq), default=0)
            for w in family:
                if known and w not in freq:
                    added[w] = max(added.get(w, 0), known * share)
    return added


def text_word_counts(texts, held_out):
    """How often each lower-case word occurs in the texts (their kept part only)."""
    counts = collections.Counter()
    for path in texts:
        for sent in sentences(text_lines(path, held_out)):
            counts.update(t.lower() for t in sent if t is not None)
    return counts


def elision_shares(words, elisions, counts):
    """For each of `words`, elided words that are also words on their own (Italian `un`:
    un'amica, un amico), the share of its uses in the texts (`counts`) that are the word on its
    own (none without texts). Only the recipe says which: the texts' own apostrophes are not
    clean enough to tell (`l` alone is a quarter of the French text's uses of `l'`)."""
    elided = collections.Counter()
    for token, n in counts.items():
        head, sep, tail = token.partition("'")
        if sep and head in elisions and tail:
            elided[head] += n
    return {w: counts[w] / (counts[w] + elided[w]) for w in words if w in elisions and counts[w]}


def elided_forms(w, p, elisions, shares):
    """wordfreq's word `w` (frequency `p`) as the model keeps it: an elided word (French `l`,
    Italian `dell`) with its apostrophe (`l'`, `dell'`); one that is also a word on its own
    (Italian `un`: un amico, un'amica) both ways, `p` shared as the texts share its uses."""
    low = w.lower()
    if low not in elisions:
        return [(w, p)]
    alone = shares.get(low, 0)
    forms = [(elisions[low], p * (1 - alone))]
    if alone:
        forms.append((w, p * alone))
    return forms


def spelling_words(spellings):
    """The lower-case words of the spelling lists (one word a line)."""
    listed = set()
    for path in spellings:
        with open(path, encoding='utf-8', errors='replace') as f:
            listed.update(line.strip().lower() for line in f if line.strip())
    return listed


ENDINGS_VERSION = 1


def ending_class(key, letters):
    """A key's ending class: its last `letters` letters, or, when it has no more, the whole key
    after a space (so that the word `на` is not the ending of `страна`)."""
    return key[-letters:] if len(key) > letters else ' ' + key


def ending_table(vocab, keys, pairs, letters, context_letters, smoothing):
    """The ending back-off: for each context class c (the ending class of the word before, of
    `context_letters` letters; '' for the start of a sentence) and each word w of ending class t
    (`letters` letters), the factor f(c, t) that the unigram back-off p(w) is multiplied by.
    From the texts' pairs (`pairs`: context key or '<s>', word key), smoothed towards the texts'
    own ending frequencies: lift(c, t) = [(n(c, t) + s·q(t)) / (n(c) + s)] / q(t), q(t) the
    texts' share of ending t (add-half), s = `smoothing`; then f = lift / Z(c), Z(c) = Σ_w p(w)
    lift(c, t(w)), so that the weighed unigram back-off is still a distribution. Only the (c, t)
    seen in the texts are stored; every other t of c has the factor s / (n(c) + s) / Z(c).
    Returns (target classes, context classes, per context class: (default factor, [(target class
    index, factor)])), the classes sorted bytewise in UTF-8."""
    n = collections.Counter(); nc = collections.Counter(); nt = collections.Counter()
    for a, b in pairs:
        c = '' if a == '<s>' else ending_class(a, context_letters)
        t = ending_class(b, letters)
        n[(c, t)] += 1; nc[c] += 1; nt[t] += 1
    total = sum(nt.values())
    kinds = len(nt) + 1
    q = {t: (k + 0.5) / (total + 0.5 * kinds) for t, k in nt.items()}
    mass = collections.Counter()
    for (_, p), k in zip(vocab, keys):
        mass[ending_class(k, letters)] += p
    all_mass = sum(mass.values()) or 1.0
    targets = sorted(set(mass) | set(nt), key=lambda t: t.encode('utf-8'))
    target_index = {t: i for i, t in enumerate(targets)}
    seen = collections.defaultdict(list)
    for (c, t), k in n.items():
        seen[c].append(t)
    contexts = sorted(nc, key=lambda c: c.encode('utf-8'))
    table = []
    for c in contexts:
        k = nc[c]
        default = smoothing / (k + smoothing)
        lift = {t: (n[(c, t)] + smoothing * q[t]) / (k + smoothing) / q[t] for t in seen[c]}
        z = sum(m * lift.get(t, default) for t, m in mass.items()) / all_mass
        entries = sorted((target_index[t], lift[t] / z) for t in seen[c])
        table.append((default / z, entries))
    return targets, contexts, table


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 epilog=__doc__.split('\n\n', 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--language', required=True, help='language tag written in the file (en, de, ...)')
    ap.add_argument('--out', help='output file (default Resources/words/LANG.words)')
    ap.add_argument('--wordfreq', action='store_true', help="use the wordfreq package's list ('large' where it has one, else 'small')")
    ap.add_argument('--frequencies', action='append', default=[], help='a word-frequency file')
    ap.add_argument('--text', action='append', default=[], help='running text (pairs, case)')
    ap.add_argument('--also-alone', default='',
                    help="comma-separated words of --elisions that are also words on their own (it: un)")
    ap.add_argument('--spellings', action='append', default=[],
                    help="a word list of the language's spellings, one word a line (de: ß or ss, see undo_casefold)")
    ap.add_argument('--held-out', type=float, default=0.0, help='fraction of each text left out at its end')
    ap.add_argument('--pair-counts', action='append', default=[], help='"W1 W2 COUNT" file')
    ap.add_argument('--pair-unigrams', action='append', default=[], help="the pair-count files' corpus word counts (\"WORD COUNT\")")
    ap.add_argument('--text-confidence', type=float, default=20.0,
                    help='a context word seen n times in the texts gets weight n/(n+this) against the pair files (20)')
    ap.add_argument('--words', type=int, default=50000, help='vocabulary size (50000)')
    ap.add_argument('--text-words', type=int, default=0,
                    help="add the texts' words used at least this many times that the frequency lists lack (0: none)")
    ap.add_argument('--inflections', action='append', default=[],
                    help="a file of word families, one a line (scripts/hunspell-forms.py --families): the forms of the frequency list's words")
    ap.add_argument('--inflection-share', type=float, default=0.05,
                    help="an added form's frequency: this times its family's most frequent form's (0.05)")
    ap.add_argument('--pairs', type=int, default=300000, help='pair budget (300000)')
    ap.add_argument('--per-word', type=int, default=400, help='most successors kept per word (400)')
    ap.add_argument('--min-pair', type=int, default=2, help='least count of a pair from the texts (2)')
    ap.add_argument('--triples', type=int, default=0, help='triple budget (0: none)')
    ap.add_argument('--min-triple', type=int, default=1, help='least count of a triple from the texts (1)')
    ap.add_argument('--discount', type=float, default=0.7, help='absolute discount of pair counts (0.7)')
    ap.add_argument('--script', default='LATIN', help='letters allowed: LATIN, CYRILLIC, ... or ANY')
    ap.add_argument('--endings', action='store_true',
                    help="write the ending back-off: how each word's ending follows the one before it, from the texts (see ending_table)")
    ap.add_argument('--ending-letters', type=int, default=2, help="letters of a word's ending class (2)")
    ap.add_argument('--context-letters', type=int, default=3, help="letters of the word before's ending class (3)")
    ap.add_argument('--ending-smoothing', type=float, default=30.0, help="smoothing of the ending back-off towards the texts' ending frequencies (30)")
    ap.add_argument('--keep-letters', default='', help='letters never folded to their base (e.g. й)')
    ap.add_argument('--elisions', default='', help="comma-separated words written with an apostrophe and no space after (fr: l,d,qu,...)")
    o = ap.parse_args()
    scripts = None if o.script.upper() == 'ANY' else set(o.script.upper().split(','))
    keep = set(o.keep_letters) | set(o.keep_letters.upper())
    elisions = {e.strip(): e.strip() + "'" for e in o.elisions.split(',') if e.strip()}

    # 1. Frequencies (lower-case keys as wordfreq gives them).
    freq = {}
    sources = []
    if o.wordfreq:
        try:
            import wordfreq
        except ImportError:
            sys.exit('make-words: --wordfreq needs the wordfreq package: python3 -m pip install wordfreq')
        # The 'large' list where wordfreq has one for the language itself, else its 'small' one;
        # never the "nearest match" wordfreq would give for another language (da → nb, sk → cs).
        lists = [w for w in ('large', 'small') if o.language in wordfreq.available_languages(wordlist=w)]
        if not lists:
            sys.exit(f'make-words: wordfreq has no word list for {o.language!r}; give --frequencies FILE')
        sources.append(wordfreq.get_frequency_dict(o.language, wordlist=lists[0]))
    for path in o.frequencies:
        sources.append(read_frequencies(path))
    if not sources:
        sys.exit('make-words: give --wordfreq or --frequencies FILE')
    text_counts = text_word_counts(o.text, o.held_out)
    shares = elision_shares({w.strip() for w in o.also_alone.split(',') if w.strip()}, elisions, text_counts)
    for source in sources:
        for word, p in source.items():
            for form, share in elided_forms(word.replace('’', "'"), p, elisions, shares):
                if word_ok(form.rstrip("'"), scripts) and form.lower() not in freq:
                    freq[form.lower()] = share

    freq = undo_casefold(freq, spelling_words(o.spellings), set(text_counts))
    freq.update(text_only_words(freq, text_counts, o.text_words, scripts))
    for path in o.inflections:
        freq.update(inflected_forms(freq, path, o.inflection_share, scripts))

    # 2. Texts: case of each word, pairs, sentence starts.
    case_counts = collections.defaultdict(collections.Counter)
    pair_counts = collections.Counter()
    start_counts = collections.Counter()
    triple_counts = collections.Counter()    # (a, b, c); a is '<s>' for the start of a sentence
    ending_pairs = []                        # (the word before or '<s>', the word), folded keys
    for path in o.text:
        for sent in sentences(text_lines(path, o.held_out)):
            previous = None
            before = '<s>'
            for i, token in enumerate(sent):
                if token is None:
                    previous = before = None
                    continue
                # French elision: "l'homme" is "l'" then "homme".
                head, sep, tail = token.partition("'")
                if sep and head.lower() in elisions and tail:
                    parts = [elisions[head.lower()] if head.islower() else head + "'", tail]
                else:
                    parts = [token]
                for j, part in enumerate(parts):
                    key = part.lower()
                    first = i == 0 and j == 0
                    if not first:
                        case_counts[key][part] += 1
                    if first:
                        start_counts[key] += 1
                        ending_pairs.append(('<s>', fold(key, keep)))
                    elif previous is not None:
                        ending_pairs.append((fold(previous, keep), fold(key, keep)))
                        pair_counts[(previous, key)] += 1
                        if before is not None:
                            triple_counts[(before, previous, key)] += 1
                    before, previous = previous, key
    context_counts = collections.Counter()   # how often each word had a successor
    for (a, _), c in pair_counts.items():
        context_counts[a] += c
    sentence_count = sum(start_counts.values())
    for k in [k for k, c in pair_counts.items() if c < o.min_pair]:
        del pair_counts[k]          # said once in the texts: mostly noise
    for k in [k for k, c in start_counts.items() if c < o.min_pair]:
        del start_counts[k]
    # Pair-count files: p(b | a) = n(a, b) / n(a), n(a) from the same corpus's unigram counts.
    file_pairs = collections.Counter()
    for path in o.pair_counts:
        with open(path, encoding='utf-8') as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3:
                    file_pairs[(parts[0].lower(), parts[1].lower())] += float(parts[2])
    file_contexts = collections.Counter()
    for path in o.pair_unigrams:
        for w, c in read_counts(path).items():
            file_contexts[w.lower()] += c
    if file_pairs and not file_contexts:
        for (a, _), c in file_pairs.items():
            file_contexts[a] += 2 * c   # no unigram counts: assume the listed pairs are half of each word's successors

    # 3. The vocabulary: the most frequent words, each in its usual case.
    ranked = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:o.words]
    total = sum(p for _, p in ranked)
    vocab = []
    for key, p in ranked:
        forms = case_counts.get(key)
        display = forms.most_common(1)[0][0] if forms else key
        if key in elisions.values():
            display = key
        vocab.append((display, p / total))
    index = {display.lower(): i for i, (display, _) in enumerate(vocab)}
    W = len(vocab)

    # 4. Pairs: p(b | a) from the texts (discounted) and from the pair-count files, mixed with
    # weight n(a) / (n(a) + confidence) for the texts; pruned by p(a) p(b | a); the left-over mass
    # of each context is its back-off weight to the unigram frequencies.
    text_p = collections.defaultdict(dict)
    for (a, b), c in pair_counts.items():
        if a in index and b in index:
            text_p[index[a]][index[b]] = max(c - o.discount, 0.0) / context_counts[a]
    for key, c in start_counts.items():
        if key in index:
            text_p[W][index[key]] = max(c - o.discount, 0.0) / sentence_count
    file_p = collections.defaultdict(dict)
    for (a, b), c in file_pairs.items():
        if a in index and b in index and file_contexts.get(a):
            file_p[index[a]][index[b]] = min(1.0, c / file_contexts[a])
    text_n = {index[a]: n for a, n in context_counts.items() if a in index}
    text_n[W] = sentence_count
    candidates = []
    for a in set(text_p) | set(file_p):
        t, f = text_p.get(a, {}), file_p.get(a, {})
        if t and f:
            lam = text_n.get(a, 0) / (text_n.get(a, 0) + o.text_confidence)
        else:
            lam = 1.0 if t else 0.0
        mixed = {b: lam * t.get(b, 0.0) + (1 - lam) * f.get(b, 0.0) for b in set(t) | set(f)}
        total = sum(mixed.values())
        if total > 0.98:     # never leave the unigrams less than 2 %
            mixed = {b: p * 0.98 / total for b, p in mixed.items()}
        pa = vocab[a][1] if a < W else 0.05
        best = sorted(mixed.items(), key=lambda kv: (-kv[1], kv[0]))[:o.per_word]
        candidates += [(pa * p, a, b, p) for b, p in best if p > 0]
    candidates.sort(key=lambda t: (-t[0], t[1], t[2]))
    kept = collections.defaultdict(list)
    for _, a, b, p in candidates[:o.pairs]:
        kept[a].append((p, b))
    backoff = [1.0] * (W + 1)
    for a, succ in kept.items():
        backoff[a] = max(0.02, 1.0 - sum(p for p, _ in succ))

    # 5. Triples (from the texts only): p(c | a, b), discounted, for the pairs (a, b) seen at least
    # twice; the left-over mass backs off to the pairs.
    ab_counts = collections.Counter()
    for (a, b, _), n in triple_counts.items():
        ab_counts[(a, b)] += n
    triples = []
    for (a, b, c), n in triple_counts.items():
        ia = W if a == '<s>' else index.get(a)
        ib, ic = index.get(b), index.get(c)
        if ia is None or ib is None or ic is None or ab_counts[(a, b)] < 2 or n < o.min_triple:
            continue
        p = max(n - o.discount, 0.0) / ab_counts[(a, b)]
        if p > 0:
            triples.append((n, ia, ib, ic, p))
    triples.sort(key=lambda t: (-t[0], t[1], t[2], t[3]))
    kept3 = collections.defaultdict(list)
    for _, ia, ib, ic, p in triples[:o.triples]:
        kept3[(ia, ib)].append((p, ic))

    endings = None
    if o.endings:
        if not 1 <= o.ending_letters <= 8 or not 1 <= o.context_letters <= 8:
            sys.exit('make-words: --ending-letters and --context-letters must be 1 to 8')
        if not ending_pairs:
            sys.exit('make-words: --endings needs --text')
        endings = ending_table(vocab, [fold(d, keep) for d, _ in vocab], ending_pairs,
                               o.ending_letters, o.context_letters, o.ending_smoothing)
    write(o, vocab, kept, backoff, keep, kept3, endings)


def cost(p):
    if p <= 0:
        return 65535
    return max(0, min(65535, int(round(-math.log(p) * SCALE))))


def factor_cost(f):
    """A factor as a signed cost: round(-ln f × SCALE), clamped to 16 bits."""
    return max(-32768, min(32767, int(round(-math.log(f) * SCALE))))


def ending_section(o, endings):
    """The bytes of the ending back-off (ShippedWordModel.swift documents them)."""
    targets, contexts, table = endings
    if len(targets) > 65535:
        sys.exit(f'make-words: {len(targets)} ending classes, more than 65,535')

    def pad(b):
        return b + b'\0' * (-len(b) % 4)

    def strings(items):
        data = bytearray(); ends = [0]
        for s in items:
            data += s.encode('utf-8'); ends.append(len(data))
        return pad(bytes(data)), struct.pack(f'<{len(ends)}I', *ends), len(data)

    t_text, t_ends, t_bytes = strings(targets)
    c_text, c_ends, c_bytes = strings(contexts)
    starts = [0]; classes = []; factors = []
    for _, entries in table:
        for t, f in entries:
            classes.append(t); factors.append(factor_cost(f))
        starts.append(len(classes))
    E = len(classes)
    head = struct.pack('<8I', ENDINGS_VERSION, o.ending_letters, o.context_letters, len(targets), len(contexts), E, t_bytes, c_bytes)
    return b''.join([
        head, t_text, t_ends, c_text, c_ends,
        pad(struct.pack(f'<{len(contexts)}h', *[factor_cost(d) for d, _ in table])),
        struct.pack(f'<{len(starts)}I', *starts),
        pad(struct.pack(f'<{E}H', *classes)),
        pad(struct.pack(f'<{E}h', *factors)),
    ]), E


def write(o, vocab, kept, backoff, keep, kept3, endings=None):
    W = len(vocab)
    text = bytearray(); offsets = [0]
    keys = bytearray(); key_refs = []; key_lens = []; key_of = []
    folds = {}
    for display, _ in vocab:
        text += display.encode('utf-8'); offsets.append(len(text))
        k = fold(display, keep).encode('utf-8')
        key_of.append(k)
        if k == display.encode('utf-8'):
            key_refs.append(0xFFFFFFFF)   # the key is the word itself
        else:
            key_refs.append(len(keys)); keys += k
        key_lens.append(len(k))
        for ch in display + display.upper():
            if len(ch) == 1:
                f = fold_char(ch, keep)
                if f != ch:
                    folds[ord(ch)] = ord(f) if f else 0
    for cp in range(0x300, 0x370):
        folds[cp] = 0
    folds[ord('’')] = ord("'")
    order = sorted(range(W), key=lambda i: (key_of[i], i))
    pair_start = [0]; pair_word = []; pair_cost = []
    for a in range(W + 1):
        for p, b in sorted(kept.get(a, []), key=lambda t: (-t[0], t[1])):
            pair_word.append(b); pair_cost.append(cost(p))
        pair_start.append(len(pair_word))
    P = len(pair_word)
    F = len(folds)

    def pad(b):
        return b + b'\0' * (-len(b) % 4)

    body = b''.join([
        pad(bytes(text)),
        struct.pack(f'<{W + 1}I', *offsets),
        pad(bytes(keys)),
        struct.pack(f'<{W}I', *key_refs),
        pad(bytes(key_lens)),
        struct.pack(f'<{W}I', *order),
        pad(struct.pack(f'<{W}H', *[cost(p) for _, p in vocab])),
        pad(struct.pack(f'<{W + 1}H', *[cost(b) for b in backoff])),
        struct.pack(f'<{W + 2}I', *pair_start),
        struct.pack(f'<{P}I', *pair_word),
        pad(struct.pack(f'<{P}H', *pair_cost)),
        b''.join(struct.pack('<II', k, folds[k]) for k in sorted(folds)),
    ])
    contexts = sorted(kept3)
    tri_start = [0]; tri_word = []; tri_cost = []; tri_backoff = []
    for ctx in contexts:
        succ = sorted(kept3[ctx], key=lambda t: (-t[0], t[1]))
        for p, c in succ:
            tri_word.append(c); tri_cost.append(cost(p))
        tri_start.append(len(tri_word))
        tri_backoff.append(cost(max(0.02, 1.0 - sum(p for p, _ in succ))))
    C, T3 = len(contexts), len(tri_word)
    body += b''.join([
        b''.join(struct.pack('<II', a, b) for a, b in contexts),
        struct.pack(f'<{C + 1}I', *tri_start) if C else b'',
        pad(struct.pack(f'<{C}H', *tri_backoff)),
        struct.pack(f'<{T3}I', *tri_word),
        pad(struct.pack(f'<{T3}H', *tri_cost)),
    ])
    ending_bytes, E = ending_section(o, endings) if endings else (b'', 0)
    body += ending_bytes
    lang = o.language.encode('utf-8')[:15]
    header = MAGIC + struct.pack('<IIIIII', W, P, F, len(text), len(keys), 0) + lang + b'\0' * (16 - len(lang))
    header += struct.pack('<IIII', HEADER + len(body), C, T3, len(ending_bytes))
    assert len(header) == HEADER
    out = o.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Resources', 'words', o.language + '.words')
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out + '.tmp', 'wb') as f:
        f.write(header + body)
    os.replace(out + '.tmp', out)
    endings_note = f', {len(endings[1])} ending contexts ({E} entries)' if endings else ''
    print(f'make-words: {out}: {W} words, {P} pairs, {T3} triples{endings_note}, {F} folds, {(HEADER + len(body)) / 1e6:.2f} MB')


if __name__ == '__main__':
    main()
