# The audio and subtitle delays of issue 34, run with the same client (python-mpv-jsonipc, PyPI)
# against `spool play --idle --input-ipc-server=SOCKET` and against
# `mpv --idle --input-ipc-server=SOCKET --ao=null --vo=null`, checking the same things on both:
# audio-delay and sub-delay read 0 by default, read back what is set, and move by `add`, with
# and without a file loaded.
# Prints what it read and OK (exit 0), or FAIL naming the first check that failed (exit 1).
# Usage: delays.py SOCKET CLIP
import os
import sys

from ipc_checks import Checks
from python_mpv_jsonipc import MPV

socket_path, clip = sys.argv[1:3]
checks = Checks(socket_path, timeout=20, interval=0.01)
fail, check, wait_until = checks.fail, checks.check, checks.wait_until


def get(name):
    return mpv.command("get_property", name)


def near(value, expected):
    return isinstance(value, (int, float)) and abs(value - expected) < 1e-6


wait_until(lambda: os.path.exists(socket_path), "the socket")
mpv = MPV(start_mpv=False, ipc_socket=socket_path)

read = []
for loaded in (False, True):
    if loaded:
        mpv.command("set_property", "pause", True)
        mpv.command("loadfile", clip)
        wait_until(lambda: get("duration") is not None, "the clip to load")
    for name, value, step in (("audio-delay", 0.5, 0.1), ("sub-delay", 1, -0.1)):
        if not loaded:
            check(near(get(name), 0), "%s is %r by default, not 0" % (name, get(name)))
        mpv.command("set_property", name, value)
        check(near(get(name), value), "%s reads %r after setting %r" % (name, get(name), value))
        mpv.command("add", name, step)
        check(near(get(name), value + step), "%s reads %r after add %r" % (name, get(name), step))
        read.append(get(name))
        mpv.command("set_property", name, 0)
print("read after add: %s" % read, flush=True)

mpv.command("quit")
print("OK", flush=True)
