#!/usr/bin/env python3
"""CPU cost of the on-screen controls: 1080p at 1x in a window, spool with its controls shown
and hidden, against mpv with its OSC shown, in one run.

Usage: bench/osc.py [--seconds 20] [--rounds 3] [--spool PATH] [--out bench/RESULTS.md]
(or `make bench-osc`, which builds the release binary first)

A 1920x1080 30 fps clip (testsrc2 + sine, x264, made once by the ffmpeg CLI under .cache/bench)
plays in a window on a private Xvfb screen of 1920x1080 (so the window is 1080p, no scaling
for either player), null audio, for the same wall time per run; the process is then stopped
and its CPU time (user + system, the reaped child's rusage) read.

Shown against hidden is a difference of a few per cent, smaller than what one spool run differs
from the next on a shared 2-core VM (about 7 %). So each round plays spool with `--osc-always`
(controls drawn the whole time) and spool by default (the controls hide 3 s in; the frame path
then has no overlay) at the same time, each on its own Xvfb screen (swapped every round): both
see the same machine, and their ratio is the round's figure (two default runs side by side
differ by at most 2 %). Then, one at a time in alternating order, spool with `--osc-always`
and mpv with `--script-opts=osc-visibility=always`. Reported: CPU seconds per media second
(medians), the median of the rounds' shown/hidden ratios, and spool shown/mpv shown from the
one-at-a-time runs, with the machine.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import cpu_seconds_together, machine_line, write_section  # noqa: E402  (the live bench's)

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
    screens = [start_xvfb(), start_xvfb()]
    state = tempfile.mkdtemp(prefix="spool-osc.")
    # No user spool.conf/input.conf.
    environments = [dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=state) for _, display in screens]
    spool = [args.spool, "play", "--no-mpris", "--no-resume", "--ao", "null", "--geometry", "1920x1080"]
    shown_command = spool + ["--osc-always", media]
    hidden_command = spool + [media]
    mpv_command = ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--ao=null",
                   "--geometry=1920x1080", "--script-opts=osc-visibility=always", media]
    players = ["spool, controls shown", "spool, controls hidden", "mpv, OSC shown"]
    samples = {name: [] for name in players}
    ratios = []
    alone = []
    try:
        for round_index in range(args.rounds):
            first, second = environments if round_index % 2 == 0 else environments[::-1]
            (shown, _), (hidden, _) = cpu_seconds_together(
                [(shown_command, first), (hidden_command, second)], args.seconds)
            samples["spool, controls shown"].append(shown / args.seconds)
            samples["spool, controls hidden"].append(hidden / args.seconds)
            ratios.append(shown / hidden)
            log(f"round {round_index + 1}: side by side: shown {shown:.2f}, hidden {hidden:.2f} CPU s "
                f"in {args.seconds:.0f} s ({shown / hidden:.3f})")
            order = [("spool", shown_command), ("mpv", mpv_command)]
            if round_index % 2:
                order.reverse()
            for name, command in order:
                cpu, _ = cpu_seconds_together([(command, environments[0])], args.seconds)[0]
                (alone if name == "spool" else samples["mpv, OSC shown"]).append(cpu / args.seconds)
                log(f"round {round_index + 1}: alone: {name}: {cpu:.2f} CPU s in {args.seconds:.0f} s")
    finally:
        for process, _ in screens:
            process.terminate()
            process.wait()
    medians = {name: statistics.median(values) for name, values in samples.items()}
    shown_over_hidden = statistics.median(ratios)
    shown_over_mpv = statistics.median(alone) / medians["mpv, OSC shown"]
    lines = [
        "## On-screen controls: CPU at 1080p (`make bench-osc`)",
        "",
        f"Machine: {machine_line()}. {args.rounds} rounds of {args.seconds:.0f} s, medians, CPU seconds "
        "per media second (user + system), a 1920x1080 window on Xvfb, null audio. Shown and hidden "
        "ran side by side (two screens) in each round; spool shown alone and mpv one at a time.",
        "",
        "| player | CPU s per media s |",
        "|---|---|",
    ]
    lines += [f"| {name} | {value:.3f} |" for name, value in medians.items()]
    lines += [f"| spool, controls shown, alone | {statistics.median(alone):.3f} |"]
    lines += [
        "",
        f"spool shown / hidden: **{shown_over_hidden:.2f}x** (goal <= 1.05; rounds: "
        + ", ".join(f"{ratio:.3f}" for ratio in ratios) + "). "
        f"spool shown / mpv shown: **{shown_over_mpv:.2f}x** (goal <= 1.0).",
    ]
    section = "\n".join(lines)
    print(section)
    write_section(args.out, section, BEGIN, END)


if __name__ == "__main__":
    main()
