#!/usr/bin/env python3
"""CPU cost of the on-screen controls: 1080p at 1x in a window, spool with its controls shown
and hidden, against mpv with its OSC shown, in one run.

Usage: bench/osc.py [--seconds 20] [--rounds 3] [--spool PATH] [--out bench/RESULTS.md]
(or `make bench-osc`, which builds the release binary first)

A 1920x1080 30 fps clip (testsrc2 + sine, x264, made once by the ffmpeg CLI under .cache/bench)
plays in a window on a private Xvfb screen of 1920x1080 (so the window is 1080p, no scaling
for either player), null audio, for the same wall time per run; the process is then stopped
and its CPU time (user + system, the reaped child's rusage) read. Per round, in alternating
order: spool with `--osc-always` (controls drawn the whole time), spool by default (the
controls hide 3 s in, the frame path then has no overlay), mpv with
`--script-opts=osc-visibility=always`. Reported: CPU seconds per media second (medians),
shown/hidden and spool shown/mpv shown ratios, with the machine.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import cpu_seconds, machine_line, write_section  # noqa: E402  (the live bench's measuring)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "RESULTS.md")
BEGIN = "<!-- osc: written by `bench/osc.py` -->"
END = "<!-- osc: end -->"


def log(message):
    print(f"bench-osc: {message}", file=sys.stderr, flush=True)


def clip():
    path = os.path.join(ROOT, ".cache", "bench", "osc-1080p30.mp4")
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        log("making the 1080p clip")
        subprocess.run([
            "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-f", "lavfi", "-i", "sine=frequency=440",
            "-t", "60", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac",
            path + ".tmp.mp4"], check=True)
        os.replace(path + ".tmp.mp4", path)
    return path


def start_xvfb():
    """A private 1920x1080 Xvfb; returns (process, display)."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            raise SystemExit("bench-osc: Xvfb did not start")
        number += chunk
    os.close(read)
    return process, ":" + number.decode().strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spool", default=os.path.join(ROOT, ".build", "release", "spool"))
    parser.add_argument("--out", default=RESULTS)
    args = parser.parse_args()
    if not os.access(args.spool, os.X_OK):
        raise SystemExit(f"bench-osc: no spool binary at {args.spool} (make release)")
    if not shutil.which("mpv"):
        raise SystemExit("bench-osc: mpv is not installed (apt-get install mpv)")
    media = clip()
    xvfb, display = start_xvfb()
    os.environ["DISPLAY"] = display
    state = tempfile.mkdtemp(prefix="spool-osc.")
    os.environ["XDG_CONFIG_HOME"] = state  # no user spool.conf/input.conf
    spool = [args.spool, "play", "--no-mpris", "--no-resume", "--ao", "null", "--geometry", "1920x1080"]
    players = {
        "spool, controls shown": spool + ["--osc-always", media],
        "spool, controls hidden": spool + [media],
        "mpv, OSC shown": ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--ao=null",
                           "--geometry=1920x1080", "--script-opts=osc-visibility=always", media],
    }
    samples = {name: [] for name in players}
    try:
        for round_index in range(args.rounds):
            order = list(players)
            if round_index % 2:
                order.reverse()
            for name in order:
                cpu, _ = cpu_seconds(players[name], args.seconds)
                samples[name].append(cpu / args.seconds)
                log(f"round {round_index + 1}: {name}: {cpu:.2f} CPU s in {args.seconds:.0f} s")
    finally:
        xvfb.terminate()
        xvfb.wait()
    medians = {name: statistics.median(values) for name, values in samples.items()}
    shown, hidden, mpv = (medians[name] for name in players)
    lines = [
        "## On-screen controls: CPU at 1080p (`make bench-osc`)",
        "",
        f"Machine: {machine_line()}. {args.rounds} rounds of {args.seconds:.0f} s, medians, CPU seconds "
        "per media second (user + system), a 1920x1080 window on Xvfb, null audio.",
        "",
        "| player | CPU s per media s |",
        "|---|---|",
    ]
    lines += [f"| {name} | {value:.3f} |" for name, value in medians.items()]
    lines += [
        "",
        f"spool shown / hidden: **{shown / hidden:.2f}x** (goal <= 1.05). "
        f"spool shown / mpv shown: **{shown / mpv:.2f}x** (goal <= 1.0).",
    ]
    section = "\n".join(lines)
    print(section)
    write_section(args.out, section, BEGIN, END)


if __name__ == "__main__":
    main()
