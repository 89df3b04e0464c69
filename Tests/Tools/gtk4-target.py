#!/usr/bin/python3
"""A GTK 4 window for the real-application tests: a Gtk.Entry (text), a Gtk.PasswordEntry, a
Gtk.SpinButton for numbers and a Gtk.Button. The same line protocol as focus-target.py: once
the window is viewable it prints `ready xid=N text=X,Y,W,H password=... number=...
button=...` (the toplevel's X window id in decimal, each widget's root-window rectangle), then
`changed NAME LENGTH TEXT` on each change of a field (the password's text too: a test window).

GTK 4 has no root origin for a widget: a widget's place in its surface (its bounds in the window
plus the window's surface transform) is added to the surface's root position, read with
xwininfo once the window manager has mapped it."""
import subprocess
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("GdkX11", "4.0")
from gi.repository import Gtk, GLib, GdkX11  # noqa: F401 (GdkX11 gives X11Surface.get_xid)


def changed(name):
    """The handler that prints a field's change."""
    def handler(editable, *_):
        text = editable.get_text()
        print("changed %s %d %s" % (name, len(text), text), flush=True)
    return handler


def root_position(xid):
    """The root position of window `xid` if xwininfo says it is viewable, else None."""
    out = subprocess.run(["xwininfo", "-id", str(xid)], capture_output=True, text=True).stdout
    values = {}
    for line in out.splitlines():
        key, _, value = line.strip().partition(":")
        values[key] = value.strip()
    if values.get("Map State") != "IsViewable":
        return None
    return int(values["Absolute upper-left X"]), int(values["Absolute upper-left Y"])


def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="stackboard gtk4 target")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=12)
    for side in ("top", "bottom", "start", "end"):
        getattr(box, "set_margin_" + side)(12)
    text = Gtk.Entry()
    text.connect("changed", changed("text"))
    password = Gtk.PasswordEntry()
    password.connect("changed", changed("password"))
    number = Gtk.SpinButton.new_with_range(0, 999999999, 1)
    number.connect("changed", changed("number"))
    button = Gtk.Button(label="OK")
    widgets = [("text", text), ("password", password), ("number", number), ("button", button)]
    for _, w in widgets:
        box.append(w)
    window.set_child(box)
    window.set_default_size(320, 260)

    def report():
        surface = window.get_surface()
        if surface is None:
            return True
        xid = surface.get_xid()
        origin = root_position(xid)
        if origin is None:
            return True
        sx, sy = window.get_surface_transform()
        parts = ["xid=%d" % xid]
        for name, w in widgets:
            ok, bounds = w.compute_bounds(window)
            if not ok:
                return True
            parts.append("%s=%d,%d,%d,%d" % (name, origin[0] + sx + bounds.origin.x, origin[1] + sy + bounds.origin.y,
                                             bounds.size.width, bounds.size.height))
        print("ready " + " ".join(parts), flush=True)
        return False

    window.connect("map", lambda *_: GLib.timeout_add(20, report))
    window.present()


app = Gtk.Application(application_id=None)
app.connect("activate", activate)
app.run([])
