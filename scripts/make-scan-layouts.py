#!/usr/bin/env python3
"""make-scan-layouts.py: writes the scanning layouts (Resources/layouts/scan*.json), one per
prediction language, at development time; the output is committed.

  scripts/make-scan-layouts.py DASHER_DIR     (Debian's dasher-data: /usr/share/dasher)

Row → key scanning reaches the key in row r (counting the suggestion bar as row 1), place k,
after r + k highlights. Each character's share of running text (the first 80 % of Dasher's
training text of the language: the same part the word models are made from, never the
evaluation text) decides its place: the commonest get the cells with the fewest highlights,
ties to the upper row. Keys that are not characters get a share of their own: shift the share
of capital letters, backspace a fixed 2 % (corrections), return the share of line ends, the
numbers layer the share of digits and rarer punctuation. Rows are padded with blank keys so that
every key has the same width (scanning skips blank keys).
"""
import collections, json, os, sys, unicodedata

LANGUAGES = {
    'en': ('english_GB', 'English', 'LATIN'),
    'de': ('german_DE', 'German', 'LATIN'),
    'fr': ('french_FR', 'French', 'LATIN'),
    'es': ('spanish_ES', 'Spanish', 'LATIN'),
    'ru': ('russian_RU', 'Russian', 'CYRILLIC'),
}
ROWS, COLUMNS = 6, 8
PUNCTUATION = ".,?'"
BACKSPACE_SHARE = 0.02


def shares(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        lines = f.read().splitlines()
    lines = lines[:int(len(lines) * 0.8)]
    counts = collections.Counter()
    total = 0
    for line in lines:
        counts['\n'] += 1
        for c in line:
            counts[c] += 1
            total += 1
    return counts, total + counts['\n']


def script(c):
    try:
        return unicodedata.name(c).split(' ')[0]
    except ValueError:
        return None


def items_for(language, counts, total, alphabet):
    letters = collections.Counter()
    capitals = 0
    for c, n in counts.items():
        if c.isalpha() and script(c) == alphabet:
            letters[c.lower()] += n
            if c.isupper():
                capitals += n
    # The letters of the language: every letter of at least 0.05 % of letters.
    letter_total = sum(letters.values())
    kept = {c: n for c, n in letters.items() if n / letter_total >= 0.0005 and len(c) == 1}
    items = {c: n / total for c, n in kept.items()}
    items[' '] = counts[' '] / total
    for p in PUNCTUATION:
        if counts[p]:
            items[p] = counts[p] / total
    items['<shift>'] = capitals / total
    items['<backspace>'] = BACKSPACE_SHARE
    items['<return>'] = counts['\n'] / total
    rest = sum(n for c, n in counts.items() if not c.isalpha() and c not in PUNCTUATION + ' \n')
    items['<numbers>'] = rest / total
    return items


def key(item):
    if item == ' ':
        return {'action': 'space', 'label': 'space'}
    if item == '<shift>':
        return {'action': 'shift'}
    if item == '<backspace>':
        return {'action': 'backspace'}
    if item == '<return>':
        return {'action': 'return'}
    if item == '<numbers>':
        return {'label': '?123', 'action': 'layer', 'layer': 'numbers'}
    return item


def letters_layer(items):
    cells = sorted(((r + k, r, k) for r in range(2, 2 + ROWS) for k in range(1, COLUMNS + 1)))
    ranked = sorted(items.items(), key=lambda kv: (-kv[1], kv[0]))
    if len(ranked) > len(cells):
        sys.exit(f'{len(ranked)} keys do not fit {ROWS} rows of {COLUMNS}')
    grid = {}
    for (item, _), (_, r, k) in zip(ranked, cells):
        grid[(r, k)] = item
    rows = []
    for r in range(2, 2 + ROWS):
        row = [key(grid[(r, k)]) for k in range(1, COLUMNS + 1) if (r, k) in grid]
        if not row:
            continue
        row += [{'style': 'blank'}] * (COLUMNS - len(row))
        rows.append(row)
    return {'name': 'letters', 'rows': rows}


NUMBERS = {'name': 'numbers', 'rows': [
    [{'label': 'abc', 'action': 'layer', 'layer': 'letters'}, {'action': 'space', 'label': 'space'}, '1', '2', '3', '4', '5', {'action': 'backspace'}],
    ['6', '7', '8', '9', '0', '.', ',', {'action': 'return'}],
    ['-', '!', ':', ';', '"', '(', ')', '/'],
    ['@', '&', '+', '=', '*', '%', '#', '$'],
]}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    dasher = sys.argv[1]
    out_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Resources', 'layouts')
    for language, (name, english, alphabet) in LANGUAGES.items():
        counts, total = shares(os.path.join(dasher, f'training_{name}.txt'))
        layout = {
            'name': 'scan' if language == 'en' else f'scan-{language}',
            'description': f'{english} for switch scanning: the commonest letters where row → key scanning reaches '
                           'them first, the suggestion bar on top',
            'language': language,
            'suggestions': True,
            'layers': [letters_layer(items_for(language, counts, total, alphabet)), NUMBERS],
        }
        path = os.path.join(out_dir, layout['name'] + '.json')
        with open(path, 'w', encoding='utf-8') as f:
            json.dump(layout, f, ensure_ascii=False, indent=1)
            f.write('\n')
        print(path)


if __name__ == '__main__':
    main()
