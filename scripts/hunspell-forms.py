#!/usr/bin/env python3
"""hunspell-forms.py: the word forms a Hunspell dictionary spells, one a line (like Hunspell's
`unmunch`, which does not read numeric flags: Danish's `FLAG num`).

  scripts/hunspell-forms.py da_DK.dic da_DK.aff > da.forms

Each stem alone (unless it needs an affix or is only for compounds or forbidden), with each of
its suffixes and prefixes (cross products where both allow it) and one further suffix where a
suffix's continuation flags name one (Danish `hus` → `huse` → `husene`). Compounds are not
made (the tap decoder joins words itself, see CompoundRule). Used by scripts/make-words.py's
--spellings: which of a frequency list's rarer words are real words.
"""
import re, sys


def read_lines(path, encoding):
    with open(path, encoding=encoding, errors='replace') as f:
        return f.read().splitlines()


def encoding_of(aff):
    with open(aff, 'rb') as f:
        for raw in f:
            m = re.match(rb'^SET\s+(\S+)', raw)
            if m:
                name = m.group(1).decode('ascii').upper()
                return {'ISO8859-2': 'iso8859-2', 'ISO8859-1': 'iso8859-1', 'UTF-8': 'utf-8'}.get(name, name.lower())
    return 'iso8859-1'


def split_flags(text, kind):
    if not text:
        return []
    if kind == 'num':
        return [f for f in text.split(',') if f]
    if kind == 'long':
        return [text[i:i + 2] for i in range(0, len(text), 2)]
    return list(text)


class Affix:
    def __init__(self, strip, add, cont, cond, suffix):
        self.strip = '' if strip == '0' else strip
        self.add = '' if add == '0' else add
        self.cont = set(cont)
        pattern = cond if cond != '.' else ''
        self.cond = re.compile((pattern + '$') if suffix else ('^' + pattern)) if pattern else None
        self.suffix = suffix

    def apply(self, word):
        if self.cond and not self.cond.search(word):
            return None
        if self.suffix:
            if self.strip and not word.endswith(self.strip):
                return None
            stem = word[:len(word) - len(self.strip)] if self.strip else word
            return stem + self.add if stem else None
        if self.strip and not word.startswith(self.strip):
            return None
        stem = word[len(self.strip):]
        return self.add + stem if stem else None


def read_aff(path):
    lines = read_lines(path, encoding_of(path))
    kind, special = 'char', {}
    for line in lines:
        parts = line.split()
        if len(parts) >= 2 and parts[0] == 'FLAG':
            kind = parts[1]
        elif len(parts) >= 2 and parts[0] in ('NEEDAFFIX', 'ONLYINCOMPOUND', 'FORBIDDENWORD', 'CIRCUMFIX'):
            special[parts[0]] = parts[1]
    affixes, cross = {}, {}
    for line in lines:
        parts = line.split()
        if len(parts) < 4 or parts[0] not in ('SFX', 'PFX'):
            continue
        suffix = parts[0] == 'SFX'
        if parts[2] in ('Y', 'N') and len(parts) == 4 and parts[3].isdigit():
            cross[(suffix, parts[1])] = parts[2] == 'Y'
            continue
        if len(parts) < 5:
            continue
        add, _, cont = parts[3].partition('/')
        affixes.setdefault((suffix, parts[1]), []).append(Affix(parts[2], add, split_flags(cont, kind), parts[4], suffix))
    return kind, special, affixes, cross


def families(dic, aff):
    """The forms of each entry of the dictionary, a list an entry (the stem first)."""
    kind, special, affixes, cross = read_aff(aff)
    for line in read_lines(dic, encoding_of(aff))[1:]:
        yield list(entry_forms(line, kind, special, affixes, cross))


def forms(dic, aff):
    for family in families(dic, aff):
        yield from family


def entry_forms(line, kind, special, affixes, cross):
    blocked = {special.get(k) for k in ('ONLYINCOMPOUND', 'FORBIDDENWORD', 'CIRCUMFIX')} - {None}
    need = special.get('NEEDAFFIX')
    if True:
        entry = line.split('\t')[0].split(' ')[0] if kind != 'num' else line.split()[0] if line.split() else ''
        word, slash, flag_text = entry.partition('/')
        word = word.replace('\\/', '/')
        if not word:
            return
        flags = set(split_flags(flag_text, kind))
        if flags & blocked:
            return
        if need not in flags:
            yield word
        sfx = [(f, a) for f in flags for a in affixes.get((True, f), [])]
        pfx = [(f, a) for f in flags for a in affixes.get((False, f), [])]
        suffixed = []
        for f, a in sfx:
            form = a.apply(word)
            if form is None or a.cont & blocked:
                continue
            suffixed.append((f, form))
            if need not in a.cont:
                yield form
            for g in a.cont:
                for b in affixes.get((True, g), []):
                    second = b.apply(form)
                    if second is not None and not b.cont & blocked and need not in b.cont:
                        yield second
        for f, a in pfx:
            form = a.apply(word)
            if form is None or a.cont & blocked:
                continue
            if need not in a.cont:
                yield form
            if cross.get((False, f)):
                for g, s in suffixed:
                    if cross.get((True, g)):
                        both = a.apply(s)
                        if both is not None:
                            yield both


def main():
    args = sys.argv[1:]
    grouped = args[:1] == ['--families']
    if grouped:
        args = args[1:]
    if len(args) != 2:
        sys.exit('usage: hunspell-forms.py [--families] DIC AFF')
    out = sys.stdout
    if grouped:
        for family in families(*args):
            if family:
                out.write(' '.join(dict.fromkeys(family)) + '\n')
        return
    seen = set()
    for form in forms(*args):
        if form not in seen:
            seen.add(form)
            out.write(form + '\n')


if __name__ == '__main__':
    main()
