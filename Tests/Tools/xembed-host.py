#!/usr/bin/python3
"""A GTK 3 host for the `stackboard --xid` tests, as a greeter embeds its on-screen keyboard: a
password entry above a Gtk.Socket, into which it puts the plug whose window id is its argument. Prints `ready
entry=X,Y,W,H socket=X,Y,W,H` once the plug is in (root-window rectangles), `changed LENGTH
TEXT` on every change of the entry, `focus yes|no` when the entry gains or loses the focus, and
`socket=X,Y,W,H` after SIGUSR1, which makes the socket 600x240."""
import signal
import sys

import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk

window = Gtk.Window(title="stackboard xembed host")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=8)
entry = Gtk.Entry()
entry.set_visibility(False)
socket = Gtk.Socket()
socket.set_size_request(800, 300)
box.pack_start(entry, False, False, 0)
box.pack_start(socket, False, False, 0)
window.add(box)
window.connect("destroy", Gtk.main_quit)
entry.connect("changed", lambda e: print("changed %d %s" % (len(e.get_text()), e.get_text()), flush=True))
entry.connect("focus-in-event", lambda *_: print("focus yes", flush=True) and False)
entry.connect("focus-out-event", lambda *_: print("focus no", flush=True) and False)


def rect(widget):
    """The widget's root-window rectangle (a socket has a window of its own; an entry draws on
    its parent's, at its allocation)."""
    origin = widget.get_window().get_origin()
    a = widget.get_allocation()
    if widget.get_has_window():
        return "%d,%d,%d,%d" % (origin[1], origin[2], a.width, a.height)
    return "%d,%d,%d,%d" % (origin[1] + a.x, origin[2] + a.y, a.width, a.height)


def report_socket():
    print("socket=" + rect(socket), flush=True)
    return False


def plugged(*_):
    GLib.timeout_add(200, lambda: print("ready entry=%s socket=%s" % (rect(entry), rect(socket)), flush=True) and False)


socket.connect("plug-added", plugged)
window.show_all()
entry.grab_focus()

socket.add_id(int(sys.argv[1]))


def shrink():
    socket.set_size_request(600, 240)
    window.resize(1, 1)
    GLib.timeout_add(500, report_socket)
    # Kept: once its source is gone, GLib gives SIGUSR1 its default action back, and a second
    # SIGUSR1 would kill the host without a word.
    return GLib.SOURCE_CONTINUE


GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, shrink)
Gtk.main()
