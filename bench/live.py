#!/usr/bin/env python3
"""CPU cost of playing a live HLS stream: spool against mpv, in one run.

Usage: bench/live.py [--seconds 20] [--rounds 3] [--spool PATH] [--out bench/RESULTS.md]
(or `make bench-live`, which builds the release binary first)

The ffmpeg CLI produces a live stream in real time (testsrc2 + sine, 640x360, 2 s segments,
a 5-segment sliding window) into a temporary directory served by a loopback HTTP server on
127.0.0.1. Each round plays it with spool and with mpv — the order alternating between
rounds — both with null outputs, for the same wall time; then the process is stopped and its
CPU time (user + system, from the kernel's rusage of the reaped child) is read. The report
section gives the medians and the ratio spool / mpv, with the machine.
"""

import argparse
import functools
import http.server
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "RESULTS.md")
BEGIN = "<!-- live: written by `bench/live.py` -->"
END = "<!-- live: end -->"


def log(message):
    print(f"bench-live: {message}", file=sys.stderr, flush=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def start_server(directory):
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def start_producer(directory):
    """ffmpeg writing a live sliding-window playlist in real time; returns the process."""
    command = [
        "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-re",
        "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30",
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
        "-c:v", "libx264", "-preset", "veryfast", "-g", "60", "-keyint_min", "60", "-sc_threshold", "0",
        "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k",
        "-f", "hls", "-hls_time", "2", "-hls_list_size", "5", "-hls_flags", "delete_segments",
        os.path.join(directory, "live.m3u8"),
    ]
    return subprocess.Popen(command)


def wait_for_segments(directory, count, producer, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if producer.poll() is not None:
            raise SystemExit("bench-live: the ffmpeg producer exited")
        segments = [name for name in os.listdir(directory) if name.endswith(".ts")]
        if len(segments) >= count and os.path.exists(os.path.join(directory, "live.m3u8")):
            return
        time.sleep(0.2)
    raise SystemExit("bench-live: the producer wrote no segments in time")


def cpu_seconds(command, seconds):
    """Runs `command` for `seconds` of wall time, stops it (SIGINT, then SIGKILL) and returns
    (cpu seconds, exit status) from the reaped child's rusage."""
    return cpu_seconds_together([(command, None)], seconds)[0]


def cpu_seconds_together(runs, seconds):
    """Runs each (command, environment or None for this one's) of `runs` at the same time for
    `seconds` of wall time, stops them all (SIGINT, then SIGKILL 5 s later) and returns each
    one's (cpu seconds, exit status) from the reaped child's rusage (user + system)."""
    processes = [subprocess.Popen(command, env=environment, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for command, environment in runs]
    time.sleep(seconds)
    for process in processes:
        process.send_signal(signal.SIGINT)
    deadline = time.monotonic() + 5
    results = []
    for process in processes:
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                _, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.1)
        results.append((usage.ru_utime + usage.ru_stime, status))
    return results


def stop_process(process, signal_number, timeout=10):
    """Sends `signal_number` to `process` (one this script started), waits up to `timeout`
    seconds for it to exit, then kills it; always reaps it."""
    process.send_signal(signal_number)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def machine_line():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.node()}, {os.cpu_count()} cores ({cpu}), {platform.platform()}"


def write_section(path, section, begin=BEGIN, end=END):
    """Replaces the block between `begin` and `end` in `path` (appends it when absent)."""
    text = open(path).read() if os.path.exists(path) else "# Spool benchmarks\n"
    block = f"{begin}\n\n{section.rstrip()}\n\n{end}\n"
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end):].lstrip("\n")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    with open(path, "w") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--spool", default=os.path.join(ROOT, ".build", "release", "spool"))
    parser.add_argument("--out", default=RESULTS)
    args = parser.parse_args()
    if not os.access(args.spool, os.X_OK):
        raise SystemExit(f"bench-live: no spool binary at {args.spool} (make release)")
    if not shutil.which("mpv"):
        raise SystemExit("bench-live: mpv is not installed (apt-get install mpv)")
    directory = tempfile.mkdtemp(prefix="spool-live.")
    producer = start_producer(directory)
    server = start_server(directory)
    url = f"http://127.0.0.1:{server.server_address[1]}/live.m3u8"
    players = {
        "spool": [args.spool, "play", "--no-mpris", "--no-resume", "--vo", "null", "--ao", "null", url],
        "mpv": ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--ytdl=no", "--vo=null",
                "--ao=null", url],
    }
    results = {name: [] for name in players}
    try:
        wait_for_segments(directory, 3, producer)
        for round_index in range(args.rounds):
            order = list(players) if round_index % 2 == 0 else list(reversed(players))
            for name in order:
                cpu, status = cpu_seconds(players[name], args.seconds)
                results[name].append(cpu)
                log(f"round {round_index + 1}: {name} {cpu:.2f} CPU s (status {status})")
    finally:
        server.shutdown()
        stop_process(producer, signal.SIGINT)
        shutil.rmtree(directory, ignore_errors=True)
    spool = statistics.median(results["spool"])
    mpv = statistics.median(results["mpv"])
    ratios = [s / m for s, m in zip(results["spool"], results["mpv"]) if m > 0]
    runs = ", ".join(f"{s:.2f}/{m:.2f}" for s, m in zip(results["spool"], results["mpv"]))
    section = f"""## 8. Live HLS: CPU for {args.seconds:.0f} s of a live stream (`bench/live.py`)

**Machine:** {machine_line()}. {args.rounds} rounds, alternating order; `--vo null --ao null` for both
(mpv: `--vo=null --ao=null`); stream: ffmpeg in real time, 640x360 H.264 + AAC, 2 s segments,
5-segment sliding window, served on 127.0.0.1. CPU = user + system of the whole process.

| Player | CPU seconds (median) | Per round (spool/mpv) |
|---|---|---|
| spool | {spool:.2f} | {runs} |
| mpv | {mpv:.2f} | |

Ratio spool / mpv (median of per-round ratios): **{statistics.median(ratios):.2f}×**
(target ≤ 1.0×: {"met" if statistics.median(ratios) <= 1.0 else "missed"}).
"""
    write_section(args.out, section)
    print(section)


if __name__ == "__main__":
    main()
