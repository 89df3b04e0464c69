#!/usr/bin/python3
"""A small StatusNotifierWatcher, and the host behind it, for the tray tests: it owns
org.kde.StatusNotifierWatcher on the session bus, takes RegisterStatusNotifierItem calls, and for
each item it reads what a panel reads to draw the icon and its menu (the item's properties and
the menu's layout). Prints `ready` once it owns the name, then for each registration
`registered SERVICE SENDER`, `item Id=... Title=... Status=... Menu=... pixmaps=WxH,...` and
`menu LABEL|LABEL|...` (the dbusmenu root's children; a separator is `-`)."""
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

XML = """
<node>
 <interface name="org.kde.StatusNotifierWatcher">
  <method name="RegisterStatusNotifierItem"><arg name="service" type="s" direction="in"/></method>
  <method name="RegisterStatusNotifierHost"><arg name="service" type="s" direction="in"/></method>
  <property name="RegisteredStatusNotifierItems" type="as" access="read"/>
  <property name="IsStatusNotifierHostRegistered" type="b" access="read"/>
  <property name="ProtocolVersion" type="i" access="read"/>
  <signal name="StatusNotifierItemRegistered"><arg type="s"/></signal>
 </interface>
</node>
"""

items = []


def say(line):
    print(line, flush=True)


def inspect(connection, service):
    """Reads the item as a host does: its properties, then its menu."""
    props = connection.call_sync(service, "/StatusNotifierItem", "org.freedesktop.DBus.Properties", "GetAll",
                                 GLib.Variant("(s)", ("org.kde.StatusNotifierItem",)), None,
                                 Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    pixmaps = ",".join("%dx%d:%d" % (w, h, len(data)) for (w, h, data) in props.get("IconPixmap", []))
    say("item Id=%s Title=%s Status=%s Category=%s IconName=%s Menu=%s pixmaps=%s" % (
        props.get("Id"), props.get("Title"), props.get("Status"), props.get("Category"), props.get("IconName"),
        props.get("Menu"), pixmaps))
    menu = props.get("Menu", "/MenuBar")
    revision, layout = connection.call_sync(service, menu, "com.canonical.dbusmenu", "GetLayout",
                                            GLib.Variant("(iias)", (0, -1, [])), None,
                                            Gio.DBusCallFlags.NONE, 5000, None).unpack()
    labels = []
    for child in layout[2]:
        child_props = child[1]
        labels.append("-" if child_props.get("type") == "separator" else "%d:%s" % (child[0], child_props.get("label")))
    say("menu " + "|".join(labels))


def on_call(connection, sender, path, interface, method, params, invocation):
    if method == "RegisterStatusNotifierItem":
        service = params.unpack()[0]
        if not service.startswith(":") and not service.startswith("org."):
            service = sender
        items.append(service)
        invocation.return_value(None)
        say("registered %s %s" % (service, sender))
        connection.emit_signal(None, "/StatusNotifierWatcher", "org.kde.StatusNotifierWatcher",
                               "StatusNotifierItemRegistered", GLib.Variant("(s)", (service,)))
        GLib.idle_add(lambda: inspect(connection, service) and False)
    else:
        invocation.return_value(None)


def on_get(connection, sender, path, interface, name):
    if name == "RegisteredStatusNotifierItems":
        return GLib.Variant("as", items)
    if name == "IsStatusNotifierHostRegistered":
        return GLib.Variant("b", True)
    return GLib.Variant("i", 0)


def on_bus(connection, name):
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    connection.register_object("/StatusNotifierWatcher", node.interfaces[0], on_call, on_get, None)


loop = GLib.MainLoop()
Gio.bus_own_name(Gio.BusType.SESSION, "org.kde.StatusNotifierWatcher", Gio.BusNameOwnerFlags.NONE,
                 on_bus, lambda *_: say("ready"), lambda *_: (say("lost the name"), loop.quit()))
loop.run()
sys.exit(1)
