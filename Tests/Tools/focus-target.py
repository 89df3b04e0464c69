#!/usr/bin/python3
"""A GTK 3 window for the auto-show tests: a text entry, a password entry, a digits entry (input
purpose DIGITS, which GTK 3 does not expose over AT-SPI) and a button. Once mapped it prints one
line, `ready`, the toplevel's X window id (`xid=N`, decimal) and then each widget's name and
root-window rectangle: `text=X,Y,W,H ...`. Each
change of an entry prints `changed NAME LENGTH TEXT` (the password's text too: a test window).
With `--at X,Y` the window asks to be put there (a user-specified position: on that monitor).
With `--stamp-focus` (first), each widget that gets the focus also prints `focus NAME T`, T its
focus-in-event's CLOCK_MONOTONIC time in microseconds (Benchmarks/autoshow.py's origin).
With `--spin`, a GtkSpinButton named `number` (role spin button over AT-SPI) comes before the
button. With `--initial TEXT`, the text entry holds TEXT at the start with the caret at its end, and a
focused entry keeps its caret (no select-all on focus)."""
import argparse
import time
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gtk, GLib, GdkX11  # noqa: F401 (GdkX11 gives GdkWindow.get_xid)

parser = argparse.ArgumentParser()
parser.add_argument("--stamp-focus", action="store_true")
parser.add_argument("--at", metavar="X,Y")
parser.add_argument("--spin", action="store_true")
parser.add_argument("--initial")
args = parser.parse_args()
stamp_focus = args.stamp_focus


def stamp(name):
    """The focus-in handler of `name` with --stamp-focus: the time first, then the print."""
    def handler(*_):
        t = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        print("focus %s %d" % (name, t), flush=True)
        return False
    return handler


if args.initial is not None:
    Gtk.Settings.get_default().set_property("gtk-entry-select-on-focus", False)
window = Gtk.Window(title="stackboard focus target")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12, margin=12)
widgets = []
for name in ("text", "password", "digits"):
    entry = Gtk.Entry()
    if name == "password":
        entry.set_visibility(False)
    if name == "digits":
        entry.set_input_purpose(Gtk.InputPurpose.DIGITS)
    if name == "text" and args.initial is not None:
        entry.set_text(args.initial)
        entry.set_position(-1)
    entry.connect("changed", lambda e, n=name: print("changed %s %d %s" % (n, len(e.get_text()), e.get_text()), flush=True))
    widgets.append((name, entry))
if args.spin:
    spin = Gtk.SpinButton.new_with_range(0, 999999999, 1)
    spin.connect("changed", lambda e: print("changed number %d %s" % (len(e.get_text()), e.get_text()), flush=True))
    widgets.append(("number", spin))
button = Gtk.Button(label="OK")
widgets.append(("button", button))
for name, w in widgets:
    box.pack_start(w, False, False, 0)
    if stamp_focus:
        w.connect("focus-in-event", stamp(name))
window.add(box)
window.set_default_size(320, 260)
if args.at:
    x, y = (int(n) for n in args.at.split(","))
    window.move(x, y)
window.connect("destroy", Gtk.main_quit)


def report():
    parts = ["xid=%d" % window.get_window().get_xid()]
    for name, w in widgets:
        gdk_window = w.get_window()
        if gdk_window is None:
            return True
        _, ox, oy = gdk_window.get_origin()
        a = w.get_allocation()
        parts.append("%s=%d,%d,%d,%d" % (name, ox + a.x, oy + a.y, a.width, a.height))
    print("ready " + " ".join(parts), flush=True)
    return False


window.connect("map-event", lambda *_: GLib.idle_add(report) and False)
window.show_all()
Gtk.main()
