#!/usr/bin/env python3
"""Time to render a changed subtitle frame: spool's libass renderer against ffmpeg's
`subtitles` filter (libass too), in one run.

Usage: bench/subtitles.py [--size 1920x1080] [--cues 300] [--rounds 3] [--spool PATH]
       [--out bench/RESULTS.md | --no-write]
(or `make bench-subtitles`, which builds the release binary first)

spool: `spool bench-subtitles --size WxH --cues N` renders N frames, each showing a new
two-line cue, and prints the median and p95 of one render (libass + composing the RGBA
overlay the window uploads). ffmpeg: the same N cues as SRT burnt into a WxH lavfi colour
source at 1 frame per cue (`-vf subtitles=`, libass rendering and blending into each frame),
whole-process wall time divided by frames, minus the same run without the filter (decoding
nothing, the source and the null muxer), so what is left is the subtitle work per frame.
The figures are medians over rounds; the report gives the machine.
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "RESULTS.md")
BEGIN = "<!-- subtitles: written by `bench/subtitles.py` -->"
END = "<!-- subtitles: end -->"


def log(message):
    print(f"bench-subtitles: {message}", file=sys.stderr, flush=True)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def srt_time(ms):
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02},{ms % 1000:03}"


def write_srt(path, cues):
    # The same texts spool's bench renders.
    with open(path, "w") as out:
        for index in range(1, cues + 1):
            out.write(f"{index}\n{srt_time(index * 1000)} --> {srt_time(index * 1000 + 1000)}\n")
            out.write(f"Cue {index}: the quick brown fox jumps\nover the <i>lazy</i> dog, {index * 7919 % 1000} times\n\n")


def spool_round(spool, size, cues):
    output = subprocess.run([spool, "bench-subtitles", "--size", size, "--cues", str(cues)],
                            check=True, capture_output=True, text=True).stdout
    # "subtitle frames: N at WxH, median X ms, p95 Y ms"
    parts = output.replace(",", "").split()
    return float(parts[parts.index("median") + 1]), float(parts[parts.index("p95") + 1])


def ffmpeg_run(size, cues, srt):
    # Frame k (k = 1…N) is at k s, when cue k starts (frame 0 shows none).
    source = f"color=c=black:s={size}:r=1:d={cues + 1}"
    args = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", source]
    if srt:
        args += ["-vf", f"subtitles={srt}"]
    args += ["-f", "null", "-"]
    start = time.perf_counter()
    subprocess.run(args, check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--cues", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spool", default=os.path.join(ROOT, ".build", "release", "spool"))
    parser.add_argument("--out", default=RESULTS)
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    options = parser.parse_args()
    if not os.access(options.spool, os.X_OK):
        sys.exit(f"bench-subtitles: no spool at {options.spool} (make release)")

    medians, p95s, peer = [], [], []
    with tempfile.TemporaryDirectory() as directory:
        srt = os.path.join(directory, "cues.srt")
        write_srt(srt, options.cues)
        for round_number in range(options.rounds):
            log(f"round {round_number + 1}/{options.rounds}")
            median, p95 = spool_round(options.spool, options.size, options.cues)
            medians.append(median)
            p95s.append(p95)
            frames = options.cues + 1
            burnt = ffmpeg_run(options.size, options.cues, srt)
            plain = ffmpeg_run(options.size, options.cues, None)
            peer.append((burnt, plain, (burnt - plain) / frames * 1000))

    machine = f"{os.cpu_count()} × {cpu_model()} (nproc {len(os.sched_getaffinity(0))}), {platform.platform()}"
    burnt = statistics.median(p[0] for p in peer)
    plain = statistics.median(p[1] for p in peer)
    per_frame = statistics.median(p[2] for p in peer)
    lines = [
        "## Subtitle rendering (libass)",
        "",
        f"**Machine:** {machine}. `bench/subtitles.py --size {options.size} --cues {options.cues} "
        f"--rounds {options.rounds}`; goal ≤ 2 ms median for spool at 1080p.",
        "",
        "| renderer | per changed frame | how measured |",
        "|---|---|---|",
        f"| spool `SubtitleRenderer` | median {statistics.median(medians):.3f} ms, p95 {statistics.median(p95s):.3f} ms "
        f"| in process, one `render(at:)` per new cue (libass + RGBA overlay), median of {options.rounds} runs |",
        f"| ffmpeg `-vf subtitles=` | {per_frame:.3f} ms | whole process {burnt:.2f} s − {plain:.2f} s without the "
        f"filter, over {options.cues + 1} frames (libass + blending into the frame) |",
    ]
    section = "\n".join(lines)
    print(section)
    if not options.no_write:
        write_section(options.out, section)
        log(f"wrote {options.out}")


def write_section(path, section):
    block = f"{BEGIN}\n\n{section}\n\n{END}\n"
    try:
        with open(path) as existing:
            text = existing.read()
    except FileNotFoundError:
        text = ""
    if BEGIN in text and END in text:
        before, rest = text.split(BEGIN, 1)
        after = rest.split(END, 1)[1].lstrip("\n")
        text = before + block + ("\n" + after if after else "")
    else:
        text = text.rstrip("\n") + ("\n\n" if text else "") + block
    with open(path, "w") as out:
        out.write(text)


if __name__ == "__main__":
    main()
