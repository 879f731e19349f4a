#!/usr/bin/python3
"""Another X client's window for Spool's embedding test (`spool play --wid ID`).

Usage: embed_host.py ID_FILE [--seconds N]

Creates and maps an 800x450 black top-level window at (100, 80), writes its id (0x… hex) to
ID_FILE, and exits when a child window it held is destroyed (the embedded player quit), or
after N seconds (default 60) in any case, so it never outlives a test by much.
"""
import argparse
import time

from Xlib import X, display


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("id_file")
    parser.add_argument("--seconds", type=float, default=60)
    arguments = parser.parse_args()
    connection = display.Display()
    screen = connection.screen()
    window = screen.root.create_window(
        100, 80, 800, 450, 0, screen.root_depth, X.InputOutput, X.CopyFromParent,
        background_pixel=screen.black_pixel, event_mask=X.StructureNotifyMask | X.SubstructureNotifyMask)
    window.set_wm_name("spool embedding host")
    window.map()
    connection.sync()
    with open(arguments.id_file, "w") as handle:
        handle.write(hex(window.id))
    deadline = time.monotonic() + arguments.seconds
    had_child = False
    while time.monotonic() < deadline:
        while connection.pending_events():
            event = connection.next_event()
            if event.type in (X.CreateNotify, X.ReparentNotify):
                had_child = True
            if event.type == X.DestroyNotify and had_child and event.window != window:
                return
        time.sleep(0.05)


main()
