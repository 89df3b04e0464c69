#!/usr/bin/env python3
"""Start-up of Stackboard (cached frame) and matchbox-keyboard in one session, by startprobe and
by osk-bench's xprobe launch, alternately, 6 each (2026-12-05 evening: the two probes agree there).
Run from the repository root after make build; not in make bench."""
import sys, os, subprocess, time, signal
sys.path.insert(0, 'Benchmarks')
import benchlib as B, measures as M
binary = '/work/main/.build/release/stackboard'
cache = '/tmp/ob/osk-cache-join'
# a cache for this binary on this screen
s = B.Session()
try:
    env = dict(s.env, XDG_CACHE_HOME='/tmp/pc-cache')
    kb, _ = M.start_keyboard(s, binary, env=env)
    time.sleep(2); s.stop(kb)
    res = {'startprobe': [], 'xprobe': [], 'xprobe-emptyhome': [], 'mb-startprobe': [], 'mb-xprobe': []}
    for i in range(6):
        r = M.startup(s, ['env', 'XDG_CACHE_HOME=/tmp/pc-cache', binary, '--no-sound'])
        res['startprobe'].append(r.get('map_ms'))
        r = M.startup(s, ['matchbox-keyboard'])
        res['mb-startprobe'].append(r.get('map_ms'))
        for name, cmd, e in (('xprobe', ['env', 'XDG_CACHE_HOME=/tmp/pc-cache', binary, '--no-sound'], s.env),
                             ('mb-xprobe', ['matchbox-keyboard'], s.env),
                             ('xprobe-emptyhome', ['env', 'XDG_CACHE_HOME=/tmp/pc-cache', binary, '--no-sound'],
                              dict(s.env, HOME='/tmp/pc-home', XDG_CONFIG_HOME='', XDG_DATA_HOME=''))):
            os.makedirs('/tmp/pc-home', exist_ok=True)
            p = subprocess.Popen(['/work/shared/bench/build/xprobe', 'launch', '--'] + cmd, env=e,
                                 stdout=subprocess.PIPE, text=True, start_new_session=True)
            t = None
            deadline = time.time() + 10
            while time.time() < deadline:
                line = p.stdout.readline()
                if line.startswith('MAPPED'):
                    t = int(line.split()[2]) / 1000; break
            time.sleep(0.5)
            os.killpg(p.pid, signal.SIGTERM); p.wait()
            subprocess.run(['pkill', '-f', 'matchbox-keyboard'])
            time.sleep(0.3)
            res[name].append(t)
    for k, v in res.items():
        v2 = sorted(x for x in v if x is not None)
        print(k, 'median', v2[len(v2)//2] if v2 else None, v)
finally:
    s.close()
