#!/usr/bin/env python3
"""wakesched.py: where the kernel runs each keyboard when the X server wakes it, and what it costs.

  Benchmarks/wakesched.py BINARY [--rounds N] [--taps N] [--keep FILE]

Runs peersplit.py (Stackboard and matchbox-keyboard tapped side by side in private X sessions)
under `perf sched record -a`, then reads the scheduler's trace: for every wake-up of a
keyboard's main thread by the X server (a sched_waking event from Xvfb), the CPU the keyboard
slept on, the CPU the X server was on, the CPU the keyboard then ran on and whether that CPU
was idle at the wake-up, and the time from the wake-up to the keyboard running. Every wake-up
is counted (the press's and the repaints' too, not only the release's).

The classes:
  - on the X server's CPU: the keyboard ran where the server was, once the server slept;
  - on an idle CPU: another CPU, idle when the server woke the keyboard, had to wake up first
    (on a virtual machine an idle virtual CPU is halted, and waking it is slow);
  - on a busy CPU: another CPU, busy at the wake-up: the keyboard waited its turn.

The tracing itself slows every program a little, so compare the keyboards of one run, not its
times with peersplit.py's. Needs perf (Debian's linux-perf) and root, or perf_event_paranoid
low enough to trace the scheduler.
"""
import argparse, collections, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import benchlib as B  # noqa: E402
LINE = re.compile(r'\s*(.+?)\s+(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+(\S+):\s+(.*)')
SWITCH = re.compile(r'prev_comm=(.*?) prev_pid=(\d+) .*==> next_comm=(.*?) next_pid=(\d+)')
WAKING = re.compile(r'comm=(.*?) pid=(\d+) prio')
KEYBOARDS = {'stackboard': 'Stackboard', 'matchbox-keyboa': 'matchbox-keyboard'}  # comm is 15 bytes


def classify(lines):
    """{keyboard: {class: [wake → run µs]}} from `perf script` lines."""
    running = {}   # cpu → tid running there
    slept_on = {}  # tid → the CPU it last left
    mains = set()  # main threads of the keyboards (pid == tid)
    pending = {}   # tid → (keyboard, waker cpu, idle cpus at the wake-up, time)
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        comm, pid, tid, cpu, t, event, trace = m.groups()
        cpu, t = int(cpu), float(t)
        if pid == tid and any(comm.startswith(k) for k in KEYBOARDS):
            mains.add(int(tid))
        if event == 'sched:sched_switch':
            s = SWITCH.search(trace)
            if not s:
                continue
            slept_on[int(s.group(2))] = cpu
            nxt = int(s.group(4))
            running[cpu] = nxt
            if nxt in pending:
                keyboard, waker_cpu, idle, t0 = pending.pop(nxt)
                if cpu == waker_cpu:
                    kind = "on the X server's CPU"
                elif cpu in idle:
                    kind = 'on an idle CPU'
                else:
                    kind = 'on a busy CPU'
                out[keyboard][kind].append((t - t0) * 1e6)
        elif event == 'sched:sched_waking' and comm.startswith('Xvfb'):
            w = WAKING.search(trace)
            if not w:
                continue
            woken = int(w.group(2))
            keyboard = next((v for k, v in KEYBOARDS.items() if w.group(1).startswith(k)), None)
            if keyboard and woken in mains and woken not in pending:
                idle = {c for c, r in running.items() if r == 0}
                pending[woken] = (keyboard, cpu, idle, t)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('binary')
    ap.add_argument('--rounds', type=int, default=2)
    ap.add_argument('--taps', type=int, default=50)
    ap.add_argument('--keep', help='keep the perf data in this file')
    o = ap.parse_args()
    if not shutil.which('perf'):
        sys.exit('wakesched: perf is not installed (apt-get install linux-perf)')
    with tempfile.TemporaryDirectory() as tmp:
        data = o.keep or os.path.join(tmp, 'perf.data')
        run = subprocess.run(['perf', 'sched', 'record', '-a', '-o', data, '--',
                              sys.executable, os.path.join(HERE, 'peersplit.py'), os.path.abspath(o.binary),
                              '--rounds', str(o.rounds), '--taps', str(o.taps)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print('\n'.join(l for l in run.stdout.splitlines() if not l.startswith('[ perf')))
        if run.returncode != 0:
            sys.exit(f'wakesched: the traced run failed (exit status {run.returncode})')
        script = subprocess.run(['perf', 'script', '-i', data, '-F', 'comm,pid,tid,cpu,time,event,trace'],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True)
    table = classify(script.stdout.splitlines())
    print('\nthe X server woke the keyboard; the keyboard then ran:')
    print(f"{'keyboard':<18} {'where':<22} {'share':>6} {'n':>5} {'median µs':>10} {'p90 µs':>8}")
    for keyboard in KEYBOARDS.values():
        kinds = table.get(keyboard, {})
        total = sum(len(v) for v in kinds.values())
        for kind in ("on the X server's CPU", 'on an idle CPU', 'on a busy CPU'):
            v = kinds.get(kind, [])
            if v:
                print(f'{keyboard:<18} {kind:<22} {len(v) / total:>6.0%} {len(v):>5} {B.median(v):>10.0f} {B.percentile(v, 90):>8.0f}')


if __name__ == '__main__':
    main()
