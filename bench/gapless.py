#!/usr/bin/env python3
"""Gapless joins: silence at the join of a two-item queue and of a 3-pass loop, on PulseAudio,
and the largest frame interval across the join of a video clip queued twice and looped, spool
against mpv (`--gapless-audio=yes`, `--loop-file`), in one run.

Usage: scripts/with-test-services bench/gapless.py [--rounds 3] [--spool PATH] [--out bench/RESULTS.md]
(or `make bench-gapless`, which builds the release binary first)

Clips (made by the ffmpeg CLI in a temporary directory, 44.1 kHz stereo AAC, the null sink's
rate so nothing is resampled): a 1.3 s 440 Hz tone then a 1.3 s 880 Hz one (the queue); a clip
of 0.3 s at 880 Hz then 1 s at 440 Hz (the loop: every join is a 440 -> 880 step). Each run is
recorded from the default sink's monitor with parec; the silent frames between the last 440 Hz
10 ms window and the first 880 Hz one are the join's (the real-time test's measure,
PlayGaplessRealTimeIntegrationTests). Reported: the largest join silence per tool (median over
rounds, in frames and ms), with the machine.

Video joins: a 2 s 320x240 25 fps clip (40 ms frames) with a tone, played twice in real time on
PulseAudio. Each presented frame is timed from outside by bench/present-probe.c (LD_PRELOAD,
CLOCK_MONOTONIC): spool's framemd5 output starts each frame's hash with av_md5_init, mpv's
image output (`--vo=image`, PNG) encodes each frame with avcodec_send_frame. Reported: the
largest interval between consecutive presented frames (the join's, when playback is smooth),
median over rounds, and the frames presented.
"""

import argparse
import array
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import machine_line, write_section  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "RESULTS.md")
BEGIN = "<!-- gapless: written by `bench/gapless.py` -->"
END = "<!-- gapless: end -->"
RATE = 44100


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y", *arguments], check=True)


def make_clips(directory):
    tone = lambda f, d: ["-f", "lavfi", "-i", f"sine=frequency={f}:sample_rate={RATE}:duration={d}"]
    low, high, loop = (os.path.join(directory, n) for n in ("q440.m4a", "q880.m4a", "loop.m4a"))
    ffmpeg(*tone(440, 1.3), "-ac", "2", "-c:a", "aac", low)
    ffmpeg(*tone(880, 1.3), "-ac", "2", "-c:a", "aac", high)
    ffmpeg(*tone(880, 0.3), *tone(440, 1), "-filter_complex", "[0:a][1:a]concat=n=2:v=0:a=1", "-ac", "2",
           "-c:a", "aac", loop)
    return low, high, loop


def record(command, sink):
    """Runs `command` while parec records `sink`'s monitor; returns the left channel."""
    with tempfile.NamedTemporaryFile(suffix=".raw") as raw:
        recorder = subprocess.Popen(
            ["parec", "-d", f"{sink}.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=2",
             "--latency-msec=20"], stdout=raw)
        deadline = time.monotonic() + 10
        while os.path.getsize(raw.name) == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=True)
        time.sleep(0.3)
        recorder.send_signal(signal.SIGKILL)
        recorder.wait()
        samples = array.array("h")
        with open(raw.name, "rb") as file:
            samples.frombytes(file.read())
        return samples[0::2]


def make_video_clip(directory):
    path = os.path.join(directory, "clip25.mp4")
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
           f"sine=frequency=440:sample_rate={RATE}", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast",
           "-pix_fmt", "yuv420p", "-g", "25", "-ac", "2", "-c:a", "aac", path)
    return path


def build_probe(directory):
    target = os.path.join(directory, "present-probe.so")
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", target, os.path.join(ROOT, "bench", "present-probe.c"),
                    "-ldl", "-lpthread"], check=True)
    return target


def presented_intervals(command, probe, log):
    """Runs `command` with the presentation probe; returns the intervals (ms) between frames."""
    if os.path.exists(log):
        os.remove(log)
    environment = dict(os.environ, LD_PRELOAD=probe, BENCH_PRESENT_LOG=log)
    run = subprocess.run(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         timeout=60)
    if run.returncode != 0 or not os.path.exists(log):
        print(f"bench-gapless: {command[0]} failed (exit {run.returncode}): {run.stderr.strip()[-300:]}",
              file=sys.stderr, flush=True)
        return None
    with open(log) as file:
        times = [int(line) for line in file if line.strip()]
    return [(b - a) / 1e6 for a, b in zip(times, times[1:])]


def join_silences(samples, window=RATE // 100, threshold=8):
    joins, last_low, silent_since = [], None, 0
    for start in range(0, len(samples) - window, window):
        piece = samples[start:start + window]
        silent = sum(1 for x in piece if abs(x) <= threshold)
        crossings, previous = 0, None
        for x in piece:
            if abs(x) <= threshold:
                continue
            if previous is not None and (previous < 0) != (x < 0):
                crossings += 1
            previous = x
        sounding = window - silent
        rate = crossings / max(sounding, 1)
        tone = None if sounding < window // 4 else "low" if 0.012 <= rate < 0.03 else "high" if rate < 0.06 else None
        if tone == "low":
            last_low, silent_since = start, 0
        elif tone == "high":
            if last_low is not None:
                joins.append(silent_since + silent)
            last_low = None
        elif last_low is not None:
            silent_since += silent
    return joins


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spool", default=os.path.join(ROOT, ".build", "release", "spool"))
    parser.add_argument("--out", default=RESULTS)
    options = parser.parse_args()
    sink = os.environ.get("SPOOL_TEST_PULSE_SINK")
    if not sink:
        sys.exit("bench-gapless: run under scripts/with-test-services (a PulseAudio null sink)")
    spool = [options.spool, "play", "--no-config", "--no-resume", "--no-mpris", "--ao", "pulse", "--no-video"]
    mpv = ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--no-video", "--ao=pulse",
           "--gapless-audio=yes"]
    with tempfile.TemporaryDirectory() as directory:
        low, high, loop = make_clips(directory)
        video_rows = measure_video_joins(options, directory)
        cases = {
            ("spool", "queue"): spool + [low, high], ("mpv", "queue"): mpv + [low, high],
            ("spool", "loop"): spool + ["--loop", "3", loop], ("mpv", "loop"): mpv + ["--loop-file=2", loop],
        }
        worst = {key: [] for key in cases}
        for round_index in range(options.rounds):
            order = list(cases) if round_index % 2 == 0 else list(reversed(list(cases)))
            for key in order:
                joins = join_silences(record(cases[key], sink))
                expected = 1 if key[1] == "queue" else 2
                worst[key].append(max(joins) if len(joins) == expected else None)
                print(f"bench-gapless: {key[0]} {key[1]}: joins {joins}", file=sys.stderr, flush=True)
    build = "release" if "/release/" in os.path.abspath(options.spool) else "debug"
    lines = [machine_line(), f"spool: {build} build ({options.spool}); mpv: `--gapless-audio=yes`, `--loop-file=2`.", "",
             "| join (PulseAudio null sink, parec) | spool | mpv |", "|---|---|---|"]
    for case in ("queue", "loop"):
        cells = []
        for tool in ("spool", "mpv"):
            values = [v for v in worst[(tool, case)] if v is not None]
            missed = len(worst[(tool, case)]) - len(values)
            median = statistics.median(values) if values else None
            cell = "n/a" if median is None else f"{median:.0f} frames ({median * 1000 / RATE:.1f} ms)"
            cells.append(cell + (f", {missed} runs without the expected joins" if missed else ""))
        label = "two AAC tones queued" if case == "queue" else "--loop 3 / --loop-file=2 of one AAC clip"
        lines.append(f"| {label}: largest silence at a join, median of {options.rounds} | {cells[0]} | {cells[1]} |")
    lines += ["", "| join (video, 25 fps: 40 ms frames) | spool | mpv |", "|---|---|---|"] + video_rows
    print("\n".join(lines))
    write_section(options.out, "\n".join(lines), BEGIN, END)


def measure_video_joins(options, directory):
    """The largest frame interval of a clip queued twice and looped once more, spool and mpv."""
    clip = make_video_clip(directory)
    probe = build_probe(directory)
    log = os.path.join(directory, "present.log")
    listing = os.path.join(directory, "frames.framemd5")
    images = os.path.join(directory, "images")
    os.makedirs(images, exist_ok=True)
    spool = [options.spool, "play", "--no-config", "--no-resume", "--no-mpris", "--ao", "pulse", "--vo",
             f"framemd5:{listing}"]
    mpv = ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--ao=pulse", "--gapless-audio=yes",
           "--vo=image", "--vo-image-format=png", "--vo-image-png-compression=0", f"--vo-image-outdir={images}"]
    cases = {
        ("spool", "queue"): spool + [clip, clip], ("mpv", "queue"): mpv + [clip, clip],
        ("spool", "loop"): spool + ["--loop", "2", clip], ("mpv", "loop"): mpv + ["--loop-file=1", clip],
    }
    largest = {key: [] for key in cases}
    counts = {key: [] for key in cases}
    for round_index in range(options.rounds):
        order = list(cases) if round_index % 2 == 0 else list(reversed(list(cases)))
        for key in order:
            intervals = presented_intervals(cases[key], probe, log)
            if not intervals:
                largest[key].append(None)
                continue
            worst = max(range(len(intervals)), key=intervals.__getitem__)
            largest[key].append(intervals[worst])
            counts[key].append(len(intervals) + 1)
            print(f"bench-gapless: {key[0]} {key[1]} video: {len(intervals) + 1} frames, largest interval "
                  f"{intervals[worst]:.1f} ms after frame {worst}", file=sys.stderr, flush=True)
    decoded = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", clip, "-map", "0:a", "-f", "s16le", "-ac", "2",
                              "-"], capture_output=True, check=True).stdout
    padding_ms = (len(decoded) / 4 / RATE - 2.0) * 1000
    rows = []
    for case in ("queue", "loop"):
        cells = []
        for tool in ("spool", "mpv"):
            values = [v for v in largest[(tool, case)] if v is not None]
            missed = len(largest[(tool, case)]) - len(values)
            cell = "n/a" if not values else (
                f"{statistics.median(values):.1f} ms ({statistics.median(values) / 40:.2f}× nominal; "
                f"{statistics.median(counts[(tool, case)]):.0f} of 100 frames)")
            cells.append(cell + (f", {missed} runs failed" if missed else ""))
        label = "a clip queued twice" if case == "queue" else "--loop 2 / --loop-file=1 of the clip"
        rows.append(f"| {label}: largest frame interval, median of {options.rounds} | {cells[0]} | {cells[1]} |")
    rows += ["", f"The clip's decoded audio runs {padding_ms:.1f} ms past its 2.000 s of video (the AAC encoder's end "
             "padding, which FFmpeg 5.1 decodes although the MP4 edit list declares 2.000 s; both players play it). "
             "spool shows the next item's first frame when its audio, which follows the last sample gaplessly, "
             "reaches it, so the interval at the join is one frame plus that padding."]
    return rows


if __name__ == "__main__":
    main()
