#!/usr/bin/env python3
"""lazylibs.py: writes Sources/CLazy/{pango,sdbus,alsa,rime,opencc,anthy}.c, the functions of Pango, sd-bus and
ALSA that Stackboard calls, each a small wrapper that opens its library on first use
(Sources/CLazy/lazy.c) and calls the real function.

  scripts/lazylibs.py            # after calling a new function of one of these libraries
  scripts/lazylibs.py --check    # whether the files are what it writes (a test runs this)

Why: these libraries (Pango with GLib, HarfBuzz, fribidi, thai, graphite; libsystemd with
lz4, zstd, lzma, gcrypt; ALSA) cost the dynamic loader ~3 ms of every start, before `main`,
and none of them is needed before the keyboard's first frame is on screen when it comes from
the cache (docs/benchmarks.md, "Start-up: the libraries"). The names are found in Sources
(every `pango_`, `g_object_`, `sd_bus_` and `snd_` identifier that the preprocessed headers
declare as a function); the prototypes are the headers' own, so the wrappers cannot drift from
them (the C compiler checks each against its declaration).
"""
import os, re, subprocess, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
LIBS = [  # (file, library index in lazy.h, name prefixes, headers)
    ('pango.c', 'STACKBOARD_LAZY_PANGO', ('pango_', 'g_object_'), ['pango/pangocairo.h']),
    ('sdbus.c', 'STACKBOARD_LAZY_SDBUS', ('sd_bus_',), ['systemd/sd-bus.h']),
    ('alsa.c', 'STACKBOARD_LAZY_ALSA', ('snd_',), ['alsa/asoundlib.h']),
    # librime: its API is one table of functions (rime_get_api), opened with a pinyin layout.
    ('rime.c', 'STACKBOARD_LAZY_RIME', ('rime_get_api',), ['rime_api.h']),
    # OpenCC: Simplified to Traditional, for the pinyin of a text `words evaluate` types.
    ('opencc.c', 'STACKBOARD_LAZY_OPENCC', ('opencc_',), ['opencc/opencc.h']),
    # anthy: kana to kanji, opened with the Japanese layout.
    ('anthy.c', 'STACKBOARD_LAZY_ANTHY', ('anthy_',), ['anthy/anthy.h']),
]


def used_names(prefixes):
    names = set()
    pattern = re.compile(r'\b(' + '|'.join(prefixes) + r')[A-Za-z0-9_]*\b')
    for folder in ('Sources',):
        for base, _, files in os.walk(os.path.join(ROOT, folder)):
            if os.path.relpath(base, ROOT).startswith('Sources/CLazy'):
                continue
            for f in files:
                if f.endswith(('.swift', '.c', '.h')):
                    text = open(os.path.join(base, f), encoding='utf-8').read()
                    # Not the names inside strings (PainterFingerprint's symbols are looked up).
                    text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)
                    names.update(m.group(0) for m in pattern.finditer(text))
    return names


def declarations(headers):
    """{name: (return type, parameter text)} of the functions the headers declare."""
    flags = subprocess.run(['pkg-config', '--cflags', 'pangocairo'], capture_output=True, text=True,
                           check=True).stdout.split()
    source = ''.join(f'#include <{h}>\n' for h in headers)
    text = subprocess.run(['cc', '-E', '-P', *flags, '-'], input=source, capture_output=True, text=True,
                          check=True).stdout
    text = re.sub(r'__attribute__\s*\(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\)', '', text)
    text = re.sub(r'\b(extern|__extension__)\b', '', text)
    found = {}
    for decl in re.split(r'[;{}]', text):
        decl = ' '.join(decl.split())
        m = re.match(r'^(?P<ret>[A-Za-z_][\w\s\*]*?[\s\*])(?P<name>[A-Za-z_]\w*)\s*\((?P<params>.*)\)$', decl)
        if m and '(' not in m.group('ret') and not re.search(r'\b(return|static|inline)\b', m.group('ret')):
            found[m.group('name')] = (' '.join(m.group('ret').split()), m.group('params').strip())
    return found


def split_params(params):
    out, depth, cur = [], 0, ''
    for ch in params:
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
            continue
        depth += ch == '('
        depth -= ch == ')'
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def param_name(p):
    m = re.search(r'\(\s*\*\s*(\w+)\s*\)', p)  # a function pointer
    if m:
        return m.group(1)
    m = re.search(r'(\w+)\s*(\[[^\]]*\])?$', p)
    return m.group(1)


TYPE_WORDS = {'int', 'char', 'long', 'short', 'unsigned', 'signed', 'double', 'float', 'void', 'const',
              'struct', 'enum', 'union'}


def named(p, i):
    """`p` with a name (`a0`, `a1`, ...) when the header left it out (anthy's prototypes)."""
    if p in ('...', 'void') or re.search(r'\(\s*\*', p):
        return p
    words = re.findall(r'[A-Za-z_]\w*', p)
    bare = p.rstrip().endswith('*') or len(words) < 2 or words[-1] in TYPE_WORDS \
        or (len(words) >= 2 and words[-2] in ('struct', 'enum', 'union'))
    return f'{p} a{i}' if bare else p


def wrapper(lib, index, name, ret, params):
    """One line: the function, calling the library's own through the address found at open."""
    ps = [named(p, i) for i, p in enumerate(split_params(params))]
    if ps in ([], ['void']):
        plist, args = 'void', ''
    else:
        if any(p == '...' for p in ps):
            sys.exit(f'lazylibs: {name} is variadic: write its wrapper by hand')
        plist, args = ', '.join(ps), ', '.join(param_name(p) for p in ps)
    call = f'STACKBOARD_LAZY_CALL({lib}, {index}, {name})({args})'
    return f'STACKBOARD_LAZY_EXPORT {ret} {name}({plist}) {{ {"" if ret == "void" else "return "}{call}; }}'


def main():
    check = sys.argv[1:] == ['--check']
    if sys.argv[1:] and not check:
        sys.exit('usage: scripts/lazylibs.py [--check]')
    stale = []
    for file, lib, prefixes, headers in LIBS:
        decls = declarations(headers)
        names = sorted(n for n in used_names(prefixes) if n in decls)
        table = file[:-2]
        text = (f'/* Written by scripts/lazylibs.py: do not edit. The {len(names)} functions of this library that\n'
                f' * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */\n'
                f'#include "lazy.h"\n\n'
                f'static const char names[] = "' + '\\0'.join(names) + '";\n'
                f'static void *functions[{len(names)}];\n'
                f'const struct stackboard_lazy_table stackboard_lazy_{table}_table = {{ names, functions, {len(names)} }};\n'
                f'#define STACKBOARD_LAZY_CALL(library, index, name) \\\n'
                f'\t((__typeof__(&name))stackboard_lazy_function(library, functions, index))\n\n'
                + '\n'.join(wrapper(lib, i, n, *decls[n]) for i, n in enumerate(names)) + '\n')
        path = os.path.join(ROOT, 'Sources', 'CLazy', file)
        if check:
            current = open(path, encoding='utf-8').read() if os.path.exists(path) else ''
            if current != text:
                stale.append(file)
            continue
        with open(path, 'w') as f:
            f.write(text)
        print(f'{file}: {len(names)} functions')
    if check:
        if stale:
            sys.exit(f'lazylibs: Sources/CLazy/{", ".join(stale)} differ from what scripts/lazylibs.py writes: run it')
        print('all wrappers match')


if __name__ == '__main__':
    main()
