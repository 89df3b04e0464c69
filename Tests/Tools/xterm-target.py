#!/usr/bin/python3
"""xterm for the real-application tests, with the line protocol of focus-target.py: it starts
`xterm` (UTF-8) running this script again inside it (`--inner FIFO`), which puts the terminal in
raw mode and reports, through a FIFO, every byte the terminal sends as the text so far. This
side prints `ready xid=N text=X,Y,W,H` once the xterm window is viewable (`text` is the whole
window: clicking anywhere in it is clicking the terminal), then relays `changed text LENGTH
TEXT` lines. xterm is not on the accessibility bus (no AT-SPI) and does not answer _NET_WM_PING.
It exits when xterm does.

`--geometry G` is xterm's -geometry (60x12 by default). With `--mouse` it is the dwell-click
tests' xterm instead: the program inside turns on button-event mouse tracking (DECSET 1002) with SGR reports
(1006) in pixels (SGR-Pixels, 1016: xterm 359 and later) and asks whether xterm took the pixels
(DECRQM 1016). The ready line then ends in ` units=pixels` (or ` units=cells` if xterm ignored
1016), and each report xterm sends is printed twice: as xterm sent it, `xterm press|release|motion
CODE X Y` (CODE 0 left, 1 middle, 2 right, plus 32 for a motion; X, Y as reported), then, for a
press or a release in pixels, as click-target.py prints it: `press|release BUTTON X Y` with the X
button and root coordinates. xterm 379 counts pixels from 1 at the text area's corner, which is the
window's corner plus the internal border (-b, given as 2, xterm's default): window pixel 2,2 is
reported as 1,1, so root X = window X + 2 - 1 + reported X (measured under openbox with -b 0, 2
and 5)."""
import codecs
import os
import re
import signal
import subprocess
import sys
import tempfile
import time


def inner(fifo):
    """Inside xterm: raw mode, then each read's text so far on the FIFO."""
    import termios
    import tty
    out = open(fifo, "w", encoding="utf-8")
    out.write("xid %s\n" % os.environ.get("WINDOWID", "0"))
    out.flush()
    tty.setraw(0, termios.TCSANOW)
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    text = ""
    while True:
        data = os.read(0, 4096)
        if not data:
            return
        text += decoder.decode(data)
        out.write("changed text %d %s\n" % (len(text), text))
        out.flush()


BORDER = 2  # xterm's internal border (-b) in mouse mode: reported pixels start inside it
REPORT = re.compile(rb"\x1b\[<(\d+);(-?\d+);(-?\d+)([Mm])")
MODE = re.compile(rb"\x1b\[\?1016;(\d)\$y")


def inner_mouse(fifo):
    """Inside xterm: raw mode, mouse tracking in SGR pixels, and each report on the FIFO as
    `units pixels|cells` (once, from xterm's answer to DECRQM 1016) and `mouse KIND CODE X Y`."""
    import termios
    import tty
    out = open(fifo, "w", encoding="utf-8")
    out.write("xid %s\n" % os.environ.get("WINDOWID", "0"))
    out.flush()
    tty.setraw(0, termios.TCSANOW)
    os.write(1, b"\x1b[?1002h\x1b[?1006h\x1b[?1016h\x1b[?1016$p")
    pending = b""
    while True:
        data = os.read(0, 4096)
        if not data:
            return
        pending += data
        while True:
            report, mode = REPORT.search(pending), MODE.search(pending)
            first = min((m for m in (report, mode) if m), key=lambda m: m.start(), default=None)
            if first is None:
                break
            if first is mode:
                out.write("units %s\n" % ("pixels" if mode.group(1) in (b"1", b"3") else "cells"))
            else:
                code = int(report.group(1))
                kind = "motion" if code & 32 else ("press" if report.group(4) == b"M" else "release")
                out.write("mouse %s %d %s %s\n" % (kind, code, report.group(2).decode(), report.group(3).decode()))
            out.flush()
            pending = pending[first.end():]


def window_rect(xid):
    """The root rectangle of window `xid` if xwininfo says it is viewable, else None."""
    out = subprocess.run(["xwininfo", "-id", str(xid)], capture_output=True, text=True).stdout
    values = {}
    for line in out.splitlines():
        key, _, value = line.strip().partition(":")
        values[key] = value.strip()
    if values.get("Map State") != "IsViewable":
        return None
    return tuple(int(values[k]) for k in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"))


def outer(mouse, geometry):
    folder = tempfile.mkdtemp(prefix="xterm-target-")
    fifo = os.path.join(folder, "fifo")
    os.mkfifo(fifo)
    env = dict(os.environ, LC_ALL="C.UTF-8")
    inside = "--inner-mouse" if mouse else "--inner"
    xterm = subprocess.Popen(["xterm", "-u8", "-title", "stackboard xterm target", "-geometry", geometry]
                             + (["-b", str(BORDER)] if mouse else [])
                             + ["-e", sys.executable, os.path.abspath(__file__), inside, fifo], env=env)
    try:
        with open(fifo, encoding="utf-8") as lines:  # blocks until the inner side opens it
            first = lines.readline().split()
            xid = int(first[1]) if len(first) == 2 and first[0] == "xid" else 0
            rect = None
            for _ in range(1000):  # the window manager maps it soon after the terminal runs
                rect = window_rect(xid)
                if rect:
                    break
                time.sleep(0.01)
            if rect is None:
                print("xterm window %d never became viewable" % xid, file=sys.stderr, flush=True)
                return 1
            units = ""
            if mouse:  # xterm's answer to DECRQM comes first
                first = lines.readline().split()
                units = " units=%s" % (first[1] if len(first) == 2 and first[0] == "units" else "unknown")
            print("ready xid=%d text=%d,%d,%d,%d%s" % ((xid,) + rect + (units,)), flush=True)
            for line in lines:
                sys.stdout.write(relay(line, rect, units == " units=pixels") if mouse else line)
                sys.stdout.flush()
    finally:
        xterm.terminate()
        try:
            xterm.wait(timeout=5)
        except subprocess.TimeoutExpired:
            xterm.kill()
        os.unlink(fifo)
        os.rmdir(folder)
    return 0


def relay(line, rect, pixels):
    """A `mouse KIND CODE X Y` line of the inner side as this side prints it (see the top)."""
    parts = line.split()
    if len(parts) != 5 or parts[0] != "mouse":
        return line
    kind, code, x, y = parts[1], int(parts[2]), int(parts[3]), int(parts[4])
    said = "xterm %s %d %d %d\n" % (kind, code, x, y)
    if kind == "motion" or not pixels or code & 3 == 3 or code >= 64:
        return said
    return said + "%s %d %d %d\n" % (kind, (code & 3) + 1, rect[0] + BORDER - 1 + x, rect[1] + BORDER - 1 + y)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--inner":
        inner(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "--inner-mouse":
        inner_mouse(sys.argv[2])
    else:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # through outer's finally: xterm ends too
        flags = sys.argv[1:]
        size = flags[flags.index("--geometry") + 1] if "--geometry" in flags[:-1] else "60x12"
        sys.exit(outer("--mouse" in flags, size))
