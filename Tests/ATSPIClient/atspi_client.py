#!/usr/bin/python3
"""A screen reader's view of an application, through pyatspi (libatspi), for Spool's tests.

Usage: atspi_client.py APP [--press NAME --expect NAME] [--set SLIDER=VALUE --expect-text TEXT]
                           [--timeout SECONDS]
       atspi_client.py APP --absent [--timeout SECONDS]

Finds the application named APP on the AT-SPI desktop (waiting for it to appear), prints its
tree, one line per object ("node <depth> <role> | <name> | <description> | <value text>"),
then optionally:
  --press NAME    presses (Action 0) the push button named NAME and waits until the same
                  object is renamed to the --expect name, both by reading it again and by the
                  object:property-change:accessible-name event (printing how long DoAction's
                  round trip and the event took);
  --set S=V       sets the slider named S to V (Value.CurrentValue) and waits until its value
                  text is the --expect-text text.
With --absent, waits until no application named APP is on the desktop ("absent APP").
Exits 0 when everything asked for happened, 1 with a message on stderr otherwise. Every wait
is bounded by --timeout (default 20 s).
"""
import argparse
import sys
import time

import pyatspi
from gi.repository import Atspi, GLib


def fail(message):
    print("error: " + message, file=sys.stderr, flush=True)
    sys.exit(1)


def listed_application(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        try:
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == name:
                return app
        except Exception:  # an application that just left answers nothing
            continue
    return None


def find_application(name, deadline):
    while time.monotonic() < deadline:
        app = listed_application(name)
        if app is not None:
            return app
        time.sleep(0.1)
    fail("no application named %r on the desktop" % name)


def walk(node, depth=0):
    yield depth, node
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child, depth + 1)


def text_of(node):
    """Value.Text (pyatspi 2.46 wraps no getter for it; libatspi has one)."""
    return Atspi.Value.get_text(node.get_value_iface())


def value_text(node):
    try:
        value = node.queryValue()
    except NotImplementedError:
        return ""
    return "%s (%g in %g..%g)" % (text_of(node), value.currentValue, value.minimumValue, value.maximumValue)


def print_tree(app):
    for depth, node in walk(app):
        print("node %d %s | %s | %s | %s" % (depth, node.getRoleName(), node.name, node.description,
                                             value_text(node)), flush=True)


def find(app, role, name):
    for _, node in walk(app):
        if node.getRole() == role and node.name == name:
            return node
    return None


def wait_for(condition, deadline):
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def press(app, name, expected, deadline):
    button = find(app, pyatspi.ROLE_PUSH_BUTTON, name)
    if button is None:
        fail("no push button named %r" % name)
    action = button.queryAction()
    print("action %s %s" % (name, action.getName(0)), flush=True)
    events = []

    def on_name_change(event):
        if event.source == button:
            events.append(event.any_data)
            if event.any_data == expected:
                pyatspi.Registry.stop()

    pyatspi.Registry.registerEventListener(on_name_change, "object:property-change:accessible-name")
    started = time.monotonic()
    if not action.doAction(0):
        fail("DoAction(0) on %r answered false" % name)
    print("pressed %s in %.1f ms" % (name, (time.monotonic() - started) * 1000), flush=True)
    GLib.timeout_add(int(max(deadline - time.monotonic(), 0) * 1000), pyatspi.Registry.stop)
    if expected not in events:
        pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(on_name_change, "object:property-change:accessible-name")
    if expected not in events:
        fail("no accessible-name event renaming %r to %r (events: %r)" % (name, expected, events))
    print("event accessible-name %s after %.1f ms" % (expected, (time.monotonic() - started) * 1000), flush=True)

    def renamed():
        button.clearCache()
        return button.name == expected

    if not wait_for(renamed, deadline):
        fail("%r was not renamed %r (it reads %r)" % (name, expected, button.name))
    print("renamed %s" % button.name, flush=True)


def set_slider(app, assignment, expected_text, deadline):
    name, _, number = assignment.partition("=")
    slider = find(app, pyatspi.ROLE_SLIDER, name)
    if slider is None:
        fail("no slider named %r" % name)
    value = slider.queryValue()
    value.currentValue = float(number)

    def reads_expected():
        slider.clearCache()
        return text_of(slider) == expected_text

    if not wait_for(reads_expected, deadline):
        fail("slider %r reads %r, not %r" % (name, text_of(slider), expected_text))
    print("set %s %s" % (name, text_of(slider)), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("app")
    parser.add_argument("--press")
    parser.add_argument("--expect")
    parser.add_argument("--set")
    parser.add_argument("--expect-text")
    parser.add_argument("--absent", action="store_true")
    parser.add_argument("--timeout", type=float, default=20)
    arguments = parser.parse_args()
    deadline = time.monotonic() + arguments.timeout
    if arguments.absent:
        if not wait_for(lambda: listed_application(arguments.app) is None, deadline):
            fail("%r is still on the desktop" % arguments.app)
        print("absent %s" % arguments.app, flush=True)
        return
    app = find_application(arguments.app, deadline)
    print("app %s %s" % (app.name, app.getRoleName()), flush=True)
    print_tree(app)
    if arguments.press:
        press(app, arguments.press, arguments.expect, deadline)
    if arguments.set:
        set_slider(app, arguments.set, arguments.expect_text, deadline)


if __name__ == "__main__":
    main()
