# Frame stepping and the A-B loop of issue 34, run with the same client (python-mpv-jsonipc,
# PyPI) against `spool play --idle --input-ipc-server=SOCKET` and against
# `mpv --idle --input-ipc-server=SOCKET --ao=null --vo=null`, checking the same things on both:
# an A-B loop between 2 s and 5 s (ab-loop-count 2) keeps time-pos there and jumps back exactly
# twice, then plays on past B; frame-step x5 then frame-back-step x3 move estimated-frame-number
# by exactly one each, across a keyframe (the clip has one every 10 frames), staying paused.
# Prints what it measured and OK (exit 0), or FAIL naming the first check that failed (exit 1).
# Usage: framestep.py SOCKET CLIP (the clip: 25 fps, 8 s, keyframes every 10 frames).
import os
import sys
import threading
import time

from ipc_checks import Checks
from python_mpv_jsonipc import MPV

socket_path, clip = sys.argv[1:3]
checks = Checks(socket_path, timeout=20, interval=0.01)
fail, check, wait_until = checks.fail, checks.check, checks.wait_until


wait_until(lambda: os.path.exists(socket_path), "the socket")
mpv = MPV(start_mpv=False, ipc_socket=socket_path)
restarted = threading.Event()
mpv.bind_event("playback-restart", lambda data: restarted.set())


def seek_and_settle(seconds):
    """An exact seek, waited out: playback-restart says the frame there is shown."""
    restarted.clear()
    mpv.command("seek", seconds, "absolute+exact")
    wait_until(restarted.is_set, "playback-restart after the seek to %.3f" % seconds)


def get(name):
    return mpv.command("get_property", name)


# Unset A-B loop properties read as mpv's strings.
check(get("ab-loop-a") == "no", "ab-loop-a is %r before it is set, not 'no'" % get("ab-loop-a"))
check(get("ab-loop-b") == "no", "ab-loop-b is %r before it is set, not 'no'" % get("ab-loop-b"))
check(get("ab-loop-count") == "inf", "ab-loop-count is %r by default, not 'inf'" % get("ab-loop-count"))

mpv.command("set_property", "pause", True)
mpv.command("loadfile", clip)
wait_until(lambda: get("duration") is not None and get("estimated-frame-count") is not None, "the clip to load")
frame_count = get("estimated-frame-count")
check(frame_count == 200, "estimated-frame-count is %r, not 200 (8 s at 25 fps)" % frame_count)

# A-B loop: 2 s to 5 s, twice, then on past B.
mpv.command("set_property", "ab-loop-a", 2)
mpv.command("set_property", "ab-loop-b", 5)
mpv.command("set_property", "ab-loop-count", 2)
check(get("ab-loop-a") == 2 and get("ab-loop-b") == 5, "the A-B points read back as set")
seek_and_settle(2)
mpv.command("set_property", "pause", False)
positions = []
looping = []
jumps = 0
deadline = time.monotonic() + 20
while time.monotonic() < deadline:
    now = get("time-pos")
    if now is not None:
        if positions and now < positions[-1] - 1:
            jumps += 1
        positions.append(now)
        if jumps == 2 and now > 5.5:
            break
        # B plus one frame and the checking interval: the loop's overshoot.
        if jumps < 2:
            looping.append(now)
            check(1.95 <= now <= 5.1, "time-pos %.3f left [2, 5] before the loops were used up" % now)
    time.sleep(0.02)
check(jumps == 2, "the A-B loop jumped back %d times, not 2 (ab-loop-count 2)" % jumps)
check(positions[-1] > 5.5, "playback did not go on past B after the loops were used up")
check(get("ab-loop-count") == 0, "ab-loop-count is %r after two loops, not 0" % get("ab-loop-count"))
print("ab-loop: %d jumps, time-pos in [%.3f, %.3f] over %d samples before the second jump"
      % (jumps, min(looping), max(looping), len(looping)), flush=True)
mpv.command("set_property", "ab-loop-a", "no")
mpv.command("set_property", "ab-loop-b", "no")
check(get("ab-loop-a") == "no", "ab-loop-a did not clear")

# Frame stepping from frame 77: keyframes at 70 and 80, so +5 crosses 80 and -3 crosses it back.
mpv.command("set_property", "pause", True)
seek_and_settle(77 / 25)
frames = [get("estimated-frame-number")]
for command, step, count in [("frame-step", 1, 5), ("frame-back-step", -1, 3)]:
    for _ in range(count):
        expected = frames[-1] + step
        check(mpv.command(command) is None, "%s reply" % command)
        wait_until(
            lambda: get("estimated-frame-number") == expected and get("pause") is True,
            "%s to frame %d, paused" % (command, expected))
        frames.append(expected)
    time.sleep(0.3)  # settled: no further frame, still paused
    check(get("estimated-frame-number") == frames[-1], "%s went past frame %d" % (command, frames[-1]))
    check(get("pause") is True, "not paused after %s" % command)
print("frames: %s" % frames, flush=True)
check(frames == [77, 78, 79, 80, 81, 82, 81, 80, 79], "the frames stepped through")

mpv.command("quit")
print("OK", flush=True)
