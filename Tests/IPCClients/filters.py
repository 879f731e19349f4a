# The af and vf of issue 34 item 2, run with the same client (python-mpv-jsonipc, PyPI) against
# `spool play --idle --input-ipc-server=SOCKET` and against
# `mpv --idle --input-ipc-server=SOCKET --ao=null --vo=null`, checking the same things on both:
# the lists are empty by default; `af|vf add|set|remove|clr` change them (remove by @label);
# each entry reads back as a lavfi filter with its label and graph; a list naming a filter
# libavfilter does not have is refused and changes nothing.
# Prints what it read and OK (exit 0), or FAIL naming the first check that failed (exit 1).
# Usage: filters.py SOCKET CLIP
import os
import sys

from ipc_checks import Checks
from python_mpv_jsonipc import MPV, MPVError

socket_path, clip = sys.argv[1:3]
checks = Checks(socket_path, timeout=20, interval=0.01)
fail, check, wait_until = checks.fail, checks.check, checks.wait_until


def get(name):
    return mpv.command("get_property", name)


def summary(name):
    """The list as (label, graph) pairs: what mpv and spool both report for lavfi entries."""
    return [(entry.get("label"), entry.get("params", {}).get("graph")) for entry in get(name)]


def refused(*command):
    try:
        mpv.command(*command)
    except MPVError:
        return True
    return False


wait_until(lambda: os.path.exists(socket_path), "the socket")
mpv = MPV(start_mpv=False, ipc_socket=socket_path)
mpv.command("set_property", "pause", True)
mpv.command("loadfile", clip)
wait_until(lambda: get("duration") is not None, "the clip to load")
# mpv checks a list against libavfilter only once its audio chain is up (before, it keeps the
# list unchecked): wait for the paused first frame, when both players have built their chains.
wait_until(lambda: get("time-pos") is not None, "the first frame")

check(get("af") == [] and get("vf") == [], "af %r, vf %r by default, not empty" % (get("af"), get("vf")))
mpv.command("af", "add", "@norm:lavfi=[loudnorm=I=-16]")
mpv.command("af", "add", "lavfi=[volume=0.5]")
check(summary("af") == [("norm", "loudnorm=I=-16"), (None, "volume=0.5")], "af after two adds: %r" % get("af"))
check(all(entry["name"] == "lavfi" and entry["enabled"] for entry in get("af")), "af entries: %r" % get("af"))
mpv.command("vf", "set", "lavfi=[hflip]")
check(summary("vf") == [(None, "hflip")], "vf after set: %r" % get("vf"))
mpv.command("af", "remove", "@norm")
check(summary("af") == [(None, "volume=0.5")], "af after remove @norm: %r" % get("af"))
check(refused("af", "add", "lavfi=[nosuchfilter]"), "af add of an unknown filter was not refused")
check(summary("af") == [(None, "volume=0.5")], "af after a refused add: %r" % get("af"))
mpv.command("set_property", "vf", "lavfi=[vflip]")
check(summary("vf") == [(None, "vflip")], "vf after set_property: %r" % get("vf"))
mpv.command("af", "clr", "")
mpv.command("vf", "clr", "")
check(get("af") == [] and get("vf") == [], "af %r, vf %r after clr" % (get("af"), get("vf")))
print("read: af and vf as lavfi entries with labels and graphs", flush=True)

mpv.command("quit")
print("OK", flush=True)
