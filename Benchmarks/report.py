"""The markdown summary of a bench.py run: every figure as a median over rounds (min–max), next to
a reference measured in the same run, with the ratio (the median of the per-round ratios)."""
from benchlib import fmt, median, p95, spread


def ok_rounds(rounds, *keys):
    return [r for r in rounds if all(k in r for k in keys)]


def per_round_ratio(rounds, num, den):
    """num(r) / den(r) for each round where both exist and den > 0."""
    out = []
    for r in rounds:
        try:
            a, b = num(r), den(r)
        except (KeyError, TypeError, StopIteration):
            continue
        if a is not None and b and b == b and a == a:
            out.append(a / b)
    return out


def row(figure, value, reference, ratio):
    return f'| {figure} | {value} | {reference} | {ratio} |'


def memory_table(rounds):
    """Where each program's memory is, by mapping group: PSS / private dirty in MB, medians."""
    mp = ok_rounds(rounds, 'memory_programs')
    if not mp:
        return []
    programs = list(mp[0]['memory_programs'])
    groups = []
    for r in mp:
        for m in r['memory_programs'].values():
            for g in m.get('breakdown_kb', {}):
                if g not in groups:
                    groups.append(g)

    def cell(name, group):
        vals = [r['memory_programs'][name].get('breakdown_kb', {}).get(group) for r in mp if name in r['memory_programs']]
        vals = [v for v in vals if v]
        if not vals:
            return '–'
        return f"{fmt(median([v['pss'] for v in vals]) / 1024, 2)} / {fmt(median([v['dirty'] for v in vals]) / 1024, 2)}"

    def total(name, k):
        return fmt(median([r['memory_programs'][name][k] for r in mp if name in r['memory_programs']]), 3)

    out = ['', '### Memory by mapping after start-up: PSS / private dirty, MB (medians over rounds)', '',
           '| mapping | ' + ' | '.join(programs) + ' |', '|---' * (len(programs) + 1) + '|']
    order = sorted(groups, key=lambda g: -max(median([r['memory_programs'][n].get('breakdown_kb', {}).get(g, {}).get('pss', 0)
                                                       for r in mp if n in r['memory_programs']]) for n in programs))
    for g in order:
        out.append(f'| {g} | ' + ' | '.join(cell(n, g) for n in programs) + ' |')
    out.append('| **all** | ' + ' | '.join(f"{total(n, 'pss_mb')} / {total(n, 'dirty_mb')}" for n in programs) + ' |')
    return out


def split_table(rounds):
    """The tap→key split of Stackboard next to matchbox-keyboard and the floors, same sessions."""
    bd = [r for r in ok_rounds(rounds, 'breakdown') if r.get('breakdown_pads')]
    if not bd:
        return []
    runs = {'Stackboard': [r['breakdown'] for r in bd]}
    for r in bd:
        for pad, res in r['breakdown_pads'].items():
            runs.setdefault(pad, []).append(res)
    keys = ('tap_ms', 'deliver_ms', 'wake_ms', 'work_ms', 'to_target_ms', 'floor_ms')
    moves = ('stayed_wake_ms', 'moved_wake_ms', 'stayed_tap_ms', 'moved_tap_ms')
    out = ['', '### Tap→key split next to matchbox-keyboard and the floors (same sessions, medians, ms)', '',
           'The floors: the smallest keypad with Xlib, cairo, Pango and XTest, in C (floorpad) and in Swift '
           '(stackboard-floorpad); Benchmarks/tools/floorpad.c says what it does. "Woken on another CPU": '
           'the share of taps whose release woke the pad on another CPU than it went to sleep on, and '
           'the wake-up and tap→key of the taps that stayed and of those that moved.', '',
           '| pad | tap→key | release → pad | of it, → its wait returns | its work | key → target | XTest floor | n '
           '| woken on another CPU | wait returns, stayed / moved | tap→key, stayed / moved |',
           '|---|---|---|---|---|---|---|---|---|---|---|']
    for name, results in runs.items():
        vals = {k: [x for res in results for x in res.get(k, [])] for k in keys + moves}
        known = len(vals['stayed_wake_ms']) + len(vals['moved_wake_ms'])
        share = f"{round(100 * len(vals['moved_wake_ms']) / known)} %" if known else '–'
        pair = lambda a, b: ' / '.join(fmt(median(vals[k])) if vals[k] else '–' for k in (a, b))  # noqa: E731
        out.append(f'| {name} | ' + ' | '.join(fmt(median(vals[k])) if vals[k] else '–' for k in keys)
                   + f" | {len(vals['work_ms'])} | {share} | {pair('stayed_wake_ms', 'moved_wake_ms')} "
                   f"| {pair('stayed_tap_ms', 'moved_tap_ms')} |")
    return out


def summarize(info, rounds, peer):
    m = info['machine']
    lines = [f"# Stackboard benchmark, {info['date']}", '',
             f"- {info['version']}; {m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB; Debian {m['debian']}, "
             f"kernel {m['kernel']}, Xvfb {m['xvfb']}",
             f"- load average at the start {tuple(round(x, 2) for x in m['load_average'])}, at the end "
             f"{tuple(round(x, 2) for x in info['load_average_end'])}; {info['minutes']} minutes",
             f"- command: `{info['command']}`",
             f"- {len(rounds)} rounds, each a fresh Xvfb 1280x800 + openbox + keysink; figures are "
             'median (min–max) over rounds, ratios are medians of per-round ratios', '']
    errors = [r for r in rounds if 'error' in r]
    for r in errors:
        lines.append(f"**Round {r['round']} failed:** {r['error']} (logs kept in {r.get('logs')})")
    if errors:
        lines.append('')
    if not rounds:  # a run of one part (--peers-only, --words-only): no round tables
        return '\n'.join(lines + peer_lines(peer))

    lines += ['| figure | Stackboard | reference (same run) | ratio |', '|---|---|---|---|']
    # tap → key
    lat = ok_rounds(rounds, 'latency')
    taps = [x for r in lat for x in r['latency']['tap_ms']]
    floor = [x for r in lat for x in r['latency']['floor_ms']]
    if taps:
        lost = sum(r['latency']['lost'] for r in lat)
        wrong = sum(r['latency']['wrong_keysym'] for r in lat)
        early = sum(r['latency']['fired_on_press'] for r in lat)
        ratios = per_round_ratio(lat, lambda r: median(r['latency']['tap_ms']), lambda r: median(r['latency']['floor_ms']))
        lines.append(row(f'tap→key ms, median (n={len(taps)}; {lost} lost, {wrong} wrong, {early} on press)',
                         f"{fmt(median(taps))} (rounds {spread([median(r['latency']['tap_ms']) for r in lat])})",
                         f"XTest key straight to the target: {fmt(median(floor))}", spread(ratios)))
        lines.append(row('tap→key ms, p95', fmt(p95(taps)), f'floor p95: {fmt(p95(floor))}',
                         fmt(p95(taps) / p95(floor)) if floor else '–'))
    bd = ok_rounds(rounds, 'breakdown')
    if bd and any(r['breakdown']['paired'] for r in bd):
        parts = {k: [x for r in bd for x in r['breakdown'][k]] for k in ('deliver_ms', 'work_ms', 'to_target_ms')}
        lines.append(row(f"tap→key split (n={len(parts['work_ms'])}, medians, ms): button release to the keyboard "
                         f"+ the keyboard's work + its key to the target",
                         f"{fmt(median(parts['deliver_ms']))} + {fmt(median(parts['work_ms']))} + "
                         f"{fmt(median(parts['to_target_ms']))}",
                         f"floor in those rounds: {fmt(median([x for r in bd for x in r['breakdown']['floor_ms']]))}",
                         'work / floor: ' + spread(per_round_ratio(bd, lambda r: median(r['breakdown']['work_ms']),
                                                                   lambda r: median(r['breakdown']['floor_ms'])))))
    # start-up: each build from a first start and from its cached frame, next to matchbox-keyboard
    st = ok_rounds(rounds, 'startup')
    labels = [k for k in (st[0]['startup'] if st else {}) if k != 'matchbox-keyboard']
    for key, what in (('first_frame_ms', 'exec → first frame on screen (99 % of the final pixels), ms'),
                      ('paint_ms', 'exec → everything painted (the suggestion bar\'s words too), ms'),
                      ('map_ms', 'exec → window mapped, ms')):
        for label in labels:
            mine = [x.get(key) for r in st for x in r['startup'].get(label, []) if x.get(key) is not None]
            ref = [x.get(key) for r in st for x in r['startup'].get('matchbox-keyboard', []) if x.get(key) is not None]
            pairs = [a.get(key) / b.get(key) for r in st
                     for a, b in zip(r['startup'].get(label, []), r['startup'].get('matchbox-keyboard', []))
                     if a.get(key) and b.get(key)]
            if mine:
                lines.append(row(f'**{what}**, {label} (n={len(mine)})' if key == 'first_frame_ms' else f'{what}, {label}',
                                 spread(mine), f'matchbox-keyboard: {spread(ref)}', spread(pairs)))
    # memory of each build next to matchbox-keyboard, read in the same session
    mp = ok_rounds(rounds, 'memory_programs')
    if mp:
        names = [n for n in mp[0]['memory_programs'] if n != 'matchbox-keyboard']
        for name in names:
            for k, what in (('pss_mb', 'PSS'), ('dirty_mb', 'private dirty'), ('rss_mb', 'RSS')):
                mine = [r['memory_programs'][name][k] for r in mp if name in r['memory_programs']]
                ref = [r['memory_programs']['matchbox-keyboard'][k] for r in mp if 'matchbox-keyboard' in r['memory_programs']]
                lines.append(row(f'**{what}** MB after start-up, {name}' if k != 'rss_mb' else f'{what} MB after start-up, {name}',
                                 spread(mine), f'matchbox-keyboard: {spread(ref)}',
                                 spread(per_round_ratio(mp, lambda r: r['memory_programs'][name][k],
                                                        lambda r: r['memory_programs']['matchbox-keyboard'][k]))))
    # memory
    mem = ok_rounds(rounds, 'memory_start', 'memory_after', 'many_taps')
    if mem:
        n = mem[0]['many_taps']['taps']
        exact = sum(1 for r in mem if r['many_taps']['exact'])
        for k, label in (('rss_mb', 'RSS'), ('pss_mb', 'PSS'), ('dirty_mb', 'private dirty'), ('uss_mb', 'USS')):
            if k not in mem[0]['memory_start']:
                continue
            lines.append(row(f'{label} MB after start-up', spread([r['memory_start'][k] for r in mem]), '–', '–'))
            lines.append(row(f'{label} MB after {n} taps ({exact}/{len(mem)} rounds typed exactly)',
                             spread([r['memory_after'][k] for r in mem]),
                             f"after start-up: {spread([r['memory_start'][k] for r in mem])}",
                             spread(per_round_ratio(mem, lambda r: r['memory_after'][k], lambda r: r['memory_start'][k]))))
    # idle
    for key, label in (('idle_fresh', 'untouched since start'), ('idle_after', 'after the taps')):
        idle = ok_rounds(rounds, key)
        if idle:
            s = idle[0][key]['seconds']
            lines.append(row(f'idle CPU ms / {s:g} s, {label}', spread([r[key]['cpu_ms'] for r in idle]),
                             f"Xvfb: {spread([r[key]['xvfb_cpu_ms'] for r in idle])}", '–'))
            lines.append(row(f'idle wake-ups / {s:g} s, {label}', spread([r[key]['wakeups'] for r in idle]),
                             'goal: 0', '–'))
    # layout and paint
    pt = ok_rounds(rounds, 'paint')
    if pt:
        def med(r, k):
            return r['paint'][k]['median_us']
        names = [('layout@engine', 'layout qwerty 1280x400 (engine)', 'fill@image'),
                 ('hit@engine', 'hit test, one point', 'fill@image'),
                 ('paint-key@image', 'paint one key, cairo image', 'fill@image'),
                 ('paint-all@image', 'paint the whole keyboard, cairo image', 'fill@image'),
                 ('paint-key@x-pixmap', 'paint one key, X pixmap + XSync (as the window)', 'fill@x-pixmap'),
                 ('paint-all@x-pixmap', 'paint the whole keyboard, X pixmap + XSync', 'fill@x-pixmap')]
        for k, label, ref in names:
            have = [r for r in pt if k in r['paint'] and ref in r['paint']]
            if not have:
                continue
            lines.append(row(f'{label}, µs median (p95 {fmt(median([r["paint"][k]["p95_us"] for r in have]))})',
                             spread([med(r, k) for r in have]),
                             f"one solid fill of 1280x400 ({ref.split('@')[1]}): {spread([med(r, ref) for r in have])}",
                             spread(per_round_ratio(have, lambda r: med(r, k), lambda r: med(r, ref)))))
    # making layouts (xkb: compiled from xkb-data, the emoji panel)
    lo = ok_rounds(rounds, 'layouts')
    if lo:
        def ms(r, k):
            return r['layouts'][k]['median_us'] / 1000
        names = [('catalog:qwerty', 'load qwerty with its emoji panel (start-up)'),
                 ('catalog:emoji', 'make the emoji panel'), ('xkb:de', 'make xkb:de (compile, Compose, build, emoji panel)'),
                 ('xkb-compile:de', 'compile xkb:de with libxkbcommon'), ('xkb-build:de', 'build xkb:de from its symbols'),
                 ('xkb:ara', 'make xkb:ara'), ('xkb-every', 'make any xkb: layout (every layout and variant)')]
        for k, label in names:
            have = [r for r in lo if k in r['layouts'] and 'file:qwerty' in r['layouts']]
            if not have:
                continue
            lines.append(row(f'{label}, ms median (p95 {fmt(median([r["layouts"][k]["p95_us"] / 1000 for r in have]))})',
                             spread([ms(r, k) for r in have]),
                             f"parse and check qwerty.json: {spread([ms(r, 'file:qwerty') for r in have])}",
                             spread(per_round_ratio(have, lambda r: ms(r, k), lambda r: ms(r, 'file:qwerty')))))
    # typing
    ty = ok_rounds(rounds, 'type')
    if ty:
        for kind in ('mixed', 'ascii'):
            ref = f'{kind}: xdotool type'
            for name in ('stackboard type', 'xdotool type', 'xdotool type --delay 0'):
                key = f'{kind}: {name}'
                have = [r for r in ty if key in r['type']]
                if not have:
                    continue
                t = [r['type'][key] for r in have]
                exact = sum(1 for x in t if x['exact'])
                times = [x['to_last_key_s'] for x in t if x['to_last_key_s'] is not None]
                wrong = [x['chars'] - x['matched'] for x in t]
                label = (f"`{name}`, {t[0]['chars']} {kind} characters: s to the last key ({exact}/{len(t)} exact; "
                         f"wrong or missing: {', '.join(map(str, wrong))}; keymap changes "
                         f"{spread([x['mapping_notify'] for x in t])}; openbox CPU {spread([x['wm_cpu_ms'] for x in t])} ms"
                         + (f", still busy 15 s after the last key in {sum(1 for x in t if x.get('wm_still_busy'))} runs"
                            if any(x.get('wm_still_busy') for x in t) else '') + ')')
                lines.append(row(label, spread(times),
                                 'xdotool type (12 ms delay, its default)' if key != ref else '–',
                                 spread(per_round_ratio(have, lambda r: r['type'][key]['to_last_key_s'],
                                                        lambda r: r['type'][ref]['to_last_key_s'])) if key != ref else '–'))
        st_exit = [r['type']['mixed: stackboard type']['to_exit_s'] for r in ty if 'mixed: stackboard type' in r['type']]
        lines.append(row('`stackboard type`, mixed: s to exit (it restores the keymap once the target has answered '
                         'a _NET_WM_PING sent after the last key)', spread(st_exit), '–', '–'))
    sh = ok_rounds(rounds, 'type_shared')
    pairs = [r for r in sh if 'mixed: alone' in r['type_shared'] and 'mixed: two at once' in r['type_shared']]
    if pairs:
        alone = [r['type_shared']['mixed: alone'] for r in pairs]
        two = [r['type_shared']['mixed: two at once'] for r in pairs]
        lines.append(row(f"`stackboard type`, mixed text, alone: s to the last key ({sum(x['exact'] for x in alone)}/"
                         f"{len(alone)} exact; keymap changes {spread([x['mapping_notify'] for x in alone])})",
                         spread([x['to_last_key_s'] for x in alone]), '–', '–'))
        lines.append(row(f"two `stackboard type` at once, two mixed texts: s to the last key of both "
                         f"({sum(x['exact'] for x in two)}/{len(two)} exact, every character of both; keymap changes "
                         f"{spread([x['mapping_notify'] for x in two])}; exits {[x['statuses'] for x in two]})",
                         spread([x['to_last_key_s'] for x in two]), 'one alone, same round (twice the text: 2.0 is no cost)',
                         spread(per_round_ratio(pairs, lambda r: r['type_shared']['mixed: two at once']['to_last_key_s'],
                                                lambda r: r['type_shared']['mixed: alone']['to_last_key_s']))))
    probes = [(r['type_shared']['lock: round trips, idle'], r['type_shared']['lock: round trips, typing'])
              for r in sh if 'lock: round trips, typing' in r['type_shared']]
    probes = [(a, b) for a, b in probes if 'max_us' in a and 'max_us' in b]
    if probes:
        lines.append(row('another client\'s round trips while `stackboard type` types, again and again for 5 s, 130 '
                         'characters of which 110 different ones are not in the keymap (about 70 keymap changes per run, '
                         'each under the keymap lock, a server grab; keys are sent under it too), µs median / p99 / max; '
                         f"over 1 ms {', '.join(str(b['over_1ms']) for _, b in probes)} of "
                         f"{', '.join(str(b['count']) for _, b in probes)} ({', '.join(str(b.get('runs')) for _, b in probes)} runs)",
                         f"{spread([b['median_us'] for _, b in probes])} / {spread([b['p99_us'] for _, b in probes])} / "
                         f"{spread([b['max_us'] for _, b in probes])}",
                         f"nothing typing: {spread([a['median_us'] for a, _ in probes])} / {spread([a['p99_us'] for a, _ in probes])} / "
                         f"{spread([a['max_us'] for a, _ in probes])}", '–'))
    for name in ('keysink -p -s 150', 'keysink -s 150', 'keysink, no ping'):
        have = [r['type_shared'][f'busy: {name}'] for r in sh if f'busy: {name}' in r['type_shared']]
        if not have:
            continue
        lines.append(row(f"`stackboard type`, {have[0]['chars']} mixed characters into {name}: s to the last key / to exit "
                         f"({sum(x['exact'] for x in have)}/{len(have)} exact; wrong or missing "
                         f"{', '.join(str(x['chars'] - x['matched']) for x in have)})",
                         f"{spread([x['to_last_key_s'] for x in have])} / {spread([x['to_exit_s'] for x in have])}", '–', '–'))
    # click
    ck = ok_rounds(rounds, 'click')
    clicks = [x for r in ck for x in r['click']['click_ms']]
    if clicks:
        missing = sum(r['click']['clicks_missing'] for r in ck)
        sc = [r['click']['sound_check_median_ms'] for r in ck if r['click']['sound_check_median_ms'] is not None]
        lines.append(row(f'tap→click ms: press → first samples handed to ALSA (null PCM), median (n={len(clicks)}, '
                         f'{missing} missing)', f'{fmt(median(clicks))} (p95 {fmt(p95(clicks))})',
                         f"tap→key, same keyboard: {fmt(median([x for r in ck for x in r['click']['tap_ms_with_sound']]))}",
                         spread(per_round_ratio(ck, lambda r: median(r['click']['click_ms']),
                                                lambda r: median(r['click']['tap_ms_with_sound'])))))
        lines.append(row('the click player alone (`stackboard sound-check`): play() → ALSA, ms', spread(sc), '–', '–'))
        with_sound = [x for r in ck for x in r['click']['tap_ms_with_sound']]
        lines.append(row('tap→key ms with the click sound on, median', fmt(median(with_sound)),
                         f'sound off (above): {fmt(median(taps)) if taps else "–"}',
                         spread(per_round_ratio([r for r in ck if 'latency' in r],
                                                lambda r: median(r['click']['tap_ms_with_sound']),
                                                lambda r: median(r['latency']['tap_ms'])))))
    lines += split_table(rounds)
    lines += memory_table(rounds)
    focus = [r.get('focus_lost') for r in rounds if 'focus_lost' in r]
    if focus:
        lines += ['', f"Focus: keysink lost the focus in {sum(1 for f in focus if f)} of {len(focus)} rounds. "
                  f"Keyboard exit status on SIGTERM: {[r.get('keyboard_exit') for r in rounds if 'focus_lost' in r]}."]
    return '\n'.join(lines + peer_lines(peer))


def peer_lines(peer):
    """The peers part's section (bench.peers), or nothing."""
    if not peer:
        return []
    return ['', '## Peers and Stackboard side by side (peers.py)', '', f"`{peer['command']}`", '',
            peer['summary'].strip()]
