#!/usr/bin/env python3
"""Writes the release build's link order (scripts/link-order.txt): the functions that the
keyboard runs to start, paint, sit idle, take taps and a swipe, so that the linker puts them
next to each other at the front of the program's code (`make link-order`).

  Benchmarks/linkorder.py BINARY MAP OUT

BINARY is a release build made with the release flags but no order file, and MAP the linker's
map of it (`-Xlinker -Map=MAP`); `make link-order` makes both in .build/link-order. The keyboard
runs under valgrind's callgrind in a private Xvfb + openbox + keysink (Benchmarks/benchlib.py):
started, left to paint and attach its word engine, tapped on letters, shift and the layer key,
swiped, then stopped with SIGTERM. Every function callgrind saw run that sits in an input section
of its own (or a small one) is written out, one symbol per line: first those the taps ran
(callgrind dumps its counts just before and just after them), then the rest.

Why: the kernel maps a program's code in 64 KiB windows around each page it touches. Scattered
over 6.5 MB of code, the ~0.9 MB that start-up runs touched about 5 MB, all of it counted in the
keyboard's PSS. A tap runs its code cold, after tens of milliseconds of sleep: put together, the
functions of the tap path touch a few dozen pages instead of being strewn over the start-up code's
hundreds (fewer TLB and cache misses between the release and the key). A function left out of
the order (new code, another path) still works; it is only laid out among the rest. Functions
the Swift standard library keeps in one big section (its private ones) cannot be moved and are
left out: listing one would drag the whole section along. Functions without a symbol (sections
`.text..L*`: closure contexts' destructors, LLVM's unnamed helpers) cannot be listed either;
scripts/unnamed-code.ld puts them all together in front of the ordered ones (about 14 KiB, run
or not: each of them, strewn among the rest, cost a 64 KiB window when start-up ran it).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib as B  # noqa: E402
from firstswipe import swipe_steps  # noqa: E402

# A section this small is moved whole even when it holds more than the one function.
SMALL_SECTION = 4096


def sections_by_symbol(map_path):
    """{symbol: (input section name, size)} from an lld map file."""
    out = {}
    section = None
    with open(map_path, errors='replace') as f:
        for line in f:
            parts = line.split(None, 4)
            if len(parts) < 5:
                continue
            where = parts[4].strip()
            m = re.search(r':\((\S+)\)$', where)
            if m:
                section = (m.group(1), int(parts[2], 16))
            elif section and not where.startswith('.') and not where.startswith('<'):
                out.setdefault(where, section)
    return out


def run_functions(callgrind_out):
    """Every function name in a callgrind output (mangled, recursion marks dropped)."""
    names = set()
    pattern = re.compile(r"^c?fn=\(\d+\) (.*?)(?:'\d+)?$")
    with open(callgrind_out, errors='replace') as f:
        for line in f:
            m = pattern.match(line.rstrip('\n'))
            if m:
                names.add(m.group(1))
    return names


def dump(pid, out_path, count):
    """Has callgrind write its counts so far (and start again from zero); waits for the file."""
    subprocess.run(['callgrind_control', '--dump', str(pid)], check=True, stdout=subprocess.DEVNULL)
    B.Session.wait(60, 'callgrind\'s dump', lambda: len(dumps(out_path)) >= count, interval=0.1)


def dumps(out_path):
    """The numbered dumps callgrind has written beside `out_path` (OUT.1, OUT.2, ...), in order."""
    d, base = os.path.split(out_path)
    found = [(int(n[len(base) + 1:]), os.path.join(d, n)) for n in os.listdir(d)
             if n.startswith(base + '.') and n[len(base) + 1:].isdigit()]
    return [p for _, p in sorted(found)]


def trace(binary, out_path):
    """Runs the keyboard under callgrind, tapped and swiped; returns the callgrind outputs' paths:
    (start-up, the taps, the rest)."""
    if not shutil.which('valgrind'):
        raise SystemExit('linkorder: valgrind is missing: apt-get install valgrind')
    # valgrind 3.19 cannot read Swift's DWARF 5; the symbol table is all it needs.
    stripped = os.path.join(os.path.dirname(binary), 'stackboard-linkorder')
    subprocess.run(['strip', '--strip-debug', '-o', stripped, binary], check=True)
    s = B.Session()
    try:
        kb = s.spawn(['valgrind', '--tool=callgrind', '--demangle=no', '--dump-instr=no',
                      f'--callgrind-out-file={out_path}', stripped, '--no-sound'], 'stackboard')
        window = s.wait_window('Stackboard', seconds=120)
        keys = B.key_frames(binary, 'qwerty', window[3], window[4])
        time.sleep(3)  # the word engine attaches and the emoji panel is made after the first frame
        dump(kb.pid, out_path, 1)
        letters = [k for k in keys if k.get('text', '') in 'stackboard']
        specials = [k for k in keys if k.get('action') in ('shift', 'backspace', 'space')]
        for key in letters[:8] + specials + letters[:2]:
            x, y = B.centre(key, window)
            s.run([B.tool('pointer'), f'{x},{y}', 'press', 'pause:30', 'up'])
            time.sleep(0.3)
        dump(kb.pid, out_path, 2)
        s.run([B.tool('pointer')] + swipe_steps(keys, window, 'keyboard') + ['up'])
        s.wait(120, 'the swiped word', lambda: any(t == 'k' for _, _, t in s.sink_keys()), interval=0.1)
        time.sleep(2)
        s.stop(kb, grace=60)
    finally:
        s.close()
        os.unlink(stripped)
    parts = dumps(out_path)
    if len(parts) != 2 or not os.path.exists(out_path) or not os.path.getsize(out_path):
        raise SystemExit('linkorder: callgrind did not write its three parts: see valgrind\'s output above')
    return parts[0], parts[1], out_path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary')
    ap.add_argument('map')
    ap.add_argument('out')
    o = ap.parse_args()
    sections = sections_by_symbol(o.map)
    if not sections:
        raise SystemExit(f'linkorder: no symbols in {o.map}: is it an lld map (-Xlinker -Map=...)?')
    if any('::' in name for name in sections):
        # callgrind names functions as they are mangled: a demangled C++ name (the Swift
        # runtime's swift_retain, metadata lookup, ...) would match nothing and be left out.
        raise SystemExit(f'linkorder: {o.map} has demangled C++ names: link with -Xlinker --no-demangle')
    with tempfile.TemporaryDirectory() as d:
        start, taps, rest = trace(os.path.abspath(o.binary), os.path.join(d, 'callgrind.out'))
        tapped = run_functions(taps)
        ran = tapped | run_functions(start) | run_functions(rest)
    kept, stuck = [], []
    for name in sorted(tapped) + sorted(ran - tapped):
        section = sections.get(name)
        if section is None:
            continue  # not in the program (a shared library's function)
        own = section[0] == '.text.' + name or section[1] <= SMALL_SECTION
        (kept if own and section[0].startswith('.text') else stuck).append(name)
    with open(o.out, 'w') as f:
        f.write('# The release build\'s link order: written by `make link-order` (Benchmarks/linkorder.py).\n')
        f.write(f'# {len(kept)} functions that start-up, idle, taps and a swipe run, in sections of their own.\n')
        f.write('\n'.join(kept) + '\n')
    size = sum(sections[n][1] for n in kept)
    tap_size = sum(sections[n][1] for n in kept if n in tapped)
    print(f'linkorder: {len(kept)} functions ({size // 1024} KiB) in {o.out}, the taps\' '
          f'{sum(1 for n in kept if n in tapped)} ({tap_size // 1024} KiB) first; '
          f'{len(stuck)} more ran from sections that cannot be moved')


if __name__ == '__main__':
    main()
