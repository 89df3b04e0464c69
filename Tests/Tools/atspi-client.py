#!/usr/bin/python3
"""atspi-client.py: a screen reader's view of the keyboard, for AccessibleKeyboardTests.

Turns the screen reader on (org.a11y.Status.ScreenReaderEnabled, as Orca does), waits for the
application named APP on the AT-SPI desktop, prints its window and buttons, listens for name
changes, presses the button named PRESS (Action.DoAction 0) and waits for a name change of one
of the application's buttons; with LAYER, presses the button of that name too and lists the
frame's children again (the keys of another layer). One line each on stdout:

  window X Y W H                      the frame's extents on the screen
  button ROLE X Y W H NAME            each child of the frame (screen extents)
  pressed NAME true|false             DoAction's answer
  renamed NAME                        a button's accessible-name changed to NAME
  then NAME                           a child of the frame after LAYER was pressed
  timeout WHAT                        it did not happen within the time
"""
import sys, time
import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, Gio, GLib

APP, PRESS = sys.argv[1], sys.argv[2]
LAYER = sys.argv[3] if len(sys.argv) > 3 else None


def say(line):
    print(line, flush=True)


def find_app(deadline):
    while time.monotonic() < deadline:
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_name() == APP:
                return app
        time.sleep(0.05)
    return None


def main():
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    session.call_sync('org.a11y.Bus', '/org/a11y/bus', 'org.freedesktop.DBus.Properties', 'Set',
                      GLib.Variant('(ssv)', ('org.a11y.Status', 'ScreenReaderEnabled', GLib.Variant('b', True))),
                      None, Gio.DBusCallFlags.NONE, 5000, None)
    app = find_app(time.monotonic() + 10)
    if app is None:
        return say('timeout the application %s on the desktop' % APP)
    frame = app.get_child_at_index(0)
    e = frame.get_extents(Atspi.CoordType.SCREEN)
    say('window %d %d %d %d' % (e.x, e.y, e.width, e.height))
    target = None
    for i in range(frame.get_child_count()):
        key = frame.get_child_at_index(i)
        e = key.get_extents(Atspi.CoordType.SCREEN)
        say('button %s %d %d %d %d %s' % (key.get_role_name().replace(' ', '-'), e.x, e.y, e.width, e.height, key.get_name()))
        if key.get_name() == PRESS:
            target = key
    if target is None:
        return say('timeout a button named %s' % PRESS)

    loop = GLib.MainLoop()
    renamed = []

    def on_name(event):
        source = event.source
        if source is not None and source.get_role() in (Atspi.Role.PUSH_BUTTON, Atspi.Role.TOGGLE_BUTTON):
            renamed.append(event.any_data if isinstance(event.any_data, str) else source.get_name())
            loop.quit()

    listener = Atspi.EventListener.new(on_name)
    listener.register('object:property-change:accessible-name')
    done = target.do_action(0)
    say('pressed %s %s' % (PRESS, 'true' if done else 'false'))
    GLib.timeout_add(8000, loop.quit)
    loop.run()
    for name in renamed:
        say('renamed %s' % name)
    if not renamed:
        say('timeout a name change')
    if LAYER is None:
        return
    layer = next((frame.get_child_at_index(i) for i in range(frame.get_child_count())
                  if frame.get_child_at_index(i).get_name() == LAYER), None)
    if layer is None:
        return say('timeout a button named %s' % LAYER)
    say('pressed %s %s' % (LAYER, 'true' if layer.do_action(0) else 'false'))
    deadline = time.monotonic() + 5
    names = []
    while time.monotonic() < deadline:  # the keys are replaced (ChildrenChanged) within a turn
        children = [frame.get_child_at_index(i) for i in range(frame.get_child_count())]
        # libatspi applies the events as they come, also between two of these calls.
        names = [child.get_name() for child in children if child is not None]
        if None not in children and PRESS not in names:
            break
        time.sleep(0.05)
    for name in names:
        say('then %s' % name)


if __name__ == '__main__':
    main()
