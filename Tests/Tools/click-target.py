#!/usr/bin/python3
"""A GTK 3 window for the dwell-click tests that records the pointer buttons it receives. With
`--at X,Y` and `--size WxH` it asks to be put there with that size. Once mapped it prints
`ready xid=N`, then one line per button event: `press BUTTON X Y` (a double click's second press
also prints `double BUTTON X Y`) and `release BUTTON X Y`, X and Y in root coordinates."""
import argparse
import gi
gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
gi.require_version("GdkX11", "3.0")
from gi.repository import Gtk, Gdk, GdkX11  # noqa: F401 (GdkX11 gives GdkWindow.get_xid)

parser = argparse.ArgumentParser()
parser.add_argument("--at", metavar="X,Y", default="0,0")
parser.add_argument("--size", metavar="WxH", default="800x480")
args = parser.parse_args()
x, y = (int(v) for v in args.at.split(","))
w, h = (int(v) for v in args.size.split("x"))

window = Gtk.Window(title="stackboard click target")
window.set_default_size(w, h)
window.move(x, y)
area = Gtk.EventBox()
area.set_size_request(w, h)
window.add(area)


def pressed(_widget, event):
    kind = {Gdk.EventType.BUTTON_PRESS: "press", Gdk.EventType._2BUTTON_PRESS: "double"}.get(event.type)
    if kind:
        print("%s %d %d %d" % (kind, event.button, round(event.x_root), round(event.y_root)), flush=True)
    return True


def released(_widget, event):
    print("release %d %d %d" % (event.button, round(event.x_root), round(event.y_root)), flush=True)
    return True


area.connect("button-press-event", pressed)
area.connect("button-release-event", released)


def mapped(*_):
    print("ready xid=%d" % window.get_window().get_xid(), flush=True)
    return False


window.connect("map-event", mapped)
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
