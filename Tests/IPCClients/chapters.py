# Drives `spool play --input-ipc-server=SOCKET FILE` over a file with chapters, with
# python-mpv-jsonipc: chapter-list as expected, then PgUp/PgDn's commands (`add chapter ±1`)
# and `set chapter N` land exactly on the chapters' starts (time-pos, paused), and a step past
# the last chapter ends the file as mpv does. Exits 1 naming the first failed check; prints OK.
import json
import os
import sys

from ipc_checks import Checks
from python_mpv_jsonipc import MPV, MPVError

socket_path, expected_json = sys.argv[1:3]
expected = json.loads(expected_json)
checks = Checks(socket_path, timeout=30, ignoring=(MPVError,))
fail, check, wait_until = checks.fail, checks.check, checks.wait_until


wait_until(lambda: os.path.exists(socket_path), "the socket")
mpv = MPV(start_mpv=False, ipc_socket=socket_path)
wait_until(lambda: len(mpv.command("get_property", "chapter-list")) == len(expected), "the chapter list")
# Paused once the file plays, so each landing position stays put to be read.
mpv.command("set_property", "pause", True)
wait_until(lambda: mpv.command("get_property", "pause") is True, "pause")
chapters = mpv.command("get_property", "chapter-list")
check(chapters == [{"title": t, "time": s} for t, s in expected], "chapter-list is %r" % chapters)
check(mpv.command("get_property", "chapters") == len(expected), "chapters count")

landed = []


def land(command, target, what):
    mpv.command(*command)
    # An exact seek: the position is the chapter's start, to the millisecond.
    wait_until(
        lambda: abs(mpv.command("get_property", "time-pos") - target) < 0.0015,
        lambda: "%s at %g (time-pos %r, pause %r)"
        % (what, target, mpv.command("get_property", "time-pos"), mpv.command("get_property", "pause")))
    landed.append(mpv.command("get_property", "time-pos"))


starts = [s for _, s in expected]
land(["add", "chapter", 1], starts[1], "next chapter")
chapter_now = mpv.command("get_property", "chapter")
check(
    chapter_now == 1,
    "chapter is %r, not 1, at the second chapter's start (time-pos %r)"
    % (chapter_now, mpv.command("get_property", "time-pos")))
land(["add", "chapter", 1], starts[2], "next chapter again")
land(["add", "chapter", -1], starts[1], "previous chapter")
land(["add", "chapter", -1], starts[0], "previous chapter again")
land(["set_property", "chapter", 2], starts[2], "set chapter 2")
land(["add", "chapter", -1], starts[1], "previous chapter from the last")
print("landed " + " ".join("%.6f" % p for p in landed), flush=True)
# Past the last chapter: the file ends and, without --idle, spool exits.
mpv.command("set_property", "chapter", len(expected) - 1)
try:
    mpv.command("add", "chapter", 1)
except (MPVError, OSError, BrokenPipeError):
    pass
wait_until(lambda: not os.path.exists(socket_path), "spool to end the file and exit")
print("OK", flush=True)
os._exit(0)
