#!/usr/bin/python3
"""xterm for the real-application tests, with the line protocol of focus-target.py: it starts
`xterm` (UTF-8) running this script again inside it (`--inner FIFO`), which puts the terminal in
raw mode and reports, through a FIFO, every byte the terminal sends as the text so far. This
side prints `ready xid=N text=X,Y,W,H` once the xterm window is viewable (`text` is the whole
window: clicking anywhere in it is clicking the terminal), then relays `changed text LENGTH
TEXT` lines. xterm is not on the accessibility bus (no AT-SPI) and does not answer _NET_WM_PING.
It exits when xterm does."""
import codecs
import os
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


def outer():
    folder = tempfile.mkdtemp(prefix="xterm-target-")
    fifo = os.path.join(folder, "fifo")
    os.mkfifo(fifo)
    env = dict(os.environ, LC_ALL="C.UTF-8")
    xterm = subprocess.Popen(["xterm", "-u8", "-title", "stackboard xterm target", "-geometry", "60x12",
                              "-e", sys.executable, os.path.abspath(__file__), "--inner", fifo], env=env)
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
            print("ready xid=%d text=%d,%d,%d,%d" % ((xid,) + rect), flush=True)
            for line in lines:
                sys.stdout.write(line)
                sys.stdout.flush()
    finally:
        xterm.terminate()
        os.unlink(fifo)
        os.rmdir(folder)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--inner":
        inner(sys.argv[2])
    else:
        sys.exit(outer())
