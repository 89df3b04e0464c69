#!/usr/bin/env python3
"""Start-up of Stackboard (cached frame) and matchbox-keyboard in one session, by startprobe and
by osk-bench's xprobe launch, alternately, 6 each (2026-12-05 evening: the two probes agree there).
Usage: Benchmarks/probecompare.py [BINARY] from the repository root, after make build and one
osk-bench run (which builds xprobe); not in make bench."""
import sys, os, subprocess, time, signal
sys.path.insert(0, 'Benchmarks')
import benchlib as B, measures as M
binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else '.build/release/stackboard')
xprobe = os.path.join(B.ROOT, '..', 'shared', 'bench', 'build', 'xprobe')  # built by osk-bench
# a cache for this binary on this screen
s = B.Session()
pc, home = os.path.join(s.dir, 'pc-cache'), os.path.join(s.dir, 'pc-home')
try:
    env = dict(s.env, XDG_CACHE_HOME=pc)
    kb, _ = M.start_keyboard(s, binary, env=env)
    time.sleep(2); s.stop(kb)
    res = {'startprobe': [], 'xprobe': [], 'xprobe-emptyhome': [], 'mb-startprobe': [], 'mb-xprobe': []}
    for i in range(6):
        r = M.startup(s, ['env', 'XDG_CACHE_HOME=' + pc, binary, '--no-sound'])
        res['startprobe'].append(r.get('map_ms'))
        r = M.startup(s, ['matchbox-keyboard'])
        res['mb-startprobe'].append(r.get('map_ms'))
        for name, cmd, e in (('xprobe', ['env', 'XDG_CACHE_HOME=' + pc, binary, '--no-sound'], s.env),
                             ('mb-xprobe', ['matchbox-keyboard'], s.env),
                             ('xprobe-emptyhome', ['env', 'XDG_CACHE_HOME=' + pc, binary, '--no-sound'],
                              dict(s.env, HOME=home, XDG_CONFIG_HOME='', XDG_DATA_HOME=''))):
            os.makedirs(home, exist_ok=True)
            p = subprocess.Popen([xprobe, 'launch', '--'] + cmd, env=e,
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
