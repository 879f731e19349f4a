#!/usr/bin/env python3
"""Live latency on a low-latency HLS stream: spool (LL-HLS) against mpv and ffmpeg (which
play it as plain HLS), in one run.

Usage: bench/ll_latency.py [--seconds 40] [--spool PATH] [--out bench/RESULTS.md]
(or `make bench-ll`, which builds the release binary first)

Each player gets a fresh origin (Tests/MediaTools/ll_hls_origin.py: ffmpeg in real time,
testsrc2 + sine, 1-s fMP4 parts, 4-s segments, PART-HOLD-BACK 2 s, blocking reloads) on
127.0.0.1, joins once nine parts exist, and plays for --seconds with null outputs. Every
250 ms the latency is sampled: the end of the origin's newest part minus the player's
position, both on the stream's timeline (seconds since the encoder started):
  - spool: `time-pos` over its mpv-style IPC socket (the item's time; the window has not
    slid at the join, so it is the stream's);
  - mpv: `time-pos` over its IPC socket with --rebase-start-time=no (the stream's timestamps);
  - ffmpeg: `-re -copyts` into the null muxer, `out_time` from -progress (the timestamps of
    what it has read at real-time pace: it has no playhead of its own).
The report gives each player's median and worst latency and the ratios to spool's.
"""

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import machine_line, stop_process, write_section  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "RESULTS.md")
ORIGIN = os.path.join(ROOT, "Tests", "MediaTools", "ll_hls_origin.py")
BEGIN = "<!-- ll-latency: written by `bench/ll_latency.py` -->"
END = "<!-- ll-latency: end -->"


def log(message):
    print(f"bench-ll: {message}", file=sys.stderr, flush=True)


class Origin:
    def __init__(self, directory, lifetime):
        self.directory = directory
        self.parts_log = os.path.join(directory, "parts.jsonl")
        port_file = os.path.join(directory, "port")
        self.process = subprocess.Popen(
            [sys.executable, ORIGIN, "--dir", os.path.join(directory, "media"), "--port-file", port_file,
             "--log", os.path.join(directory, "requests.jsonl"), "--parts-log", self.parts_log,
             "--lifetime", str(int(lifetime))],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while not os.path.exists(port_file):
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise SystemExit("bench-ll: the origin did not start")
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{open(port_file).read().strip()}/live.m3u8"

    def newest_end(self):
        try:
            lines = open(self.parts_log).read().splitlines()
        except OSError:
            return None
        return json.loads(lines[-1])["end"] if lines else None

    def wait_for_parts(self, count, timeout=40):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if len(open(self.parts_log).read().splitlines()) >= count:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise SystemExit("bench-ll: the origin produced no parts")

    def stop(self):
        stop_process(self.process, signal.SIGTERM)


def ipc_time_pos(path):
    """`time-pos` from an mpv-style JSON IPC socket, or None."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(1)
            client.connect(path)
            client.sendall(b'{"command": ["get_property", "time-pos"], "request_id": 1}\n')
            buffer = b""
            while True:
                chunk = client.recv(4096)
                if not chunk:
                    return None
                buffer += chunk
                while b"\n" in buffer:
                    line, buffer = buffer.split(b"\n", 1)
                    reply = json.loads(line)
                    if reply.get("request_id") == 1:
                        value = reply.get("data")
                        return value if isinstance(value, (int, float)) else None
    except (OSError, ValueError):
        return None


class ProgressReader:
    """ffmpeg's -progress output on stdout: the latest out_time_us, in seconds."""

    def __init__(self, process):
        self.position = None
        self.thread = threading.Thread(target=self.read, args=(process,), daemon=True)
        self.thread.start()

    def read(self, process):
        for line in process.stdout:
            if line.startswith(b"out_time_us="):
                try:
                    self.position = int(line.split(b"=", 1)[1]) / 1e6
                except ValueError:
                    pass


def measure(name, command_for, seconds, work):
    directory = tempfile.mkdtemp(prefix=f"spool-ll-{name}.", dir=work)
    origin = Origin(directory, seconds + 60)
    try:
        origin.wait_for_parts(9)
        socket_path = os.path.join(directory, "ipc.sock")
        command = command_for(origin.url, socket_path)
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
        progress = ProgressReader(process) if name == "ffmpeg" else None
        if progress is None:
            threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()
        latencies = []
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            time.sleep(0.25)
            position = progress.position if progress else ipc_time_pos(socket_path)
            newest = origin.newest_end()
            # Before the player's first frame there is no position to measure from.
            if position is None or newest is None or position <= 0:
                continue
            latencies.append(newest - position)
        stop_process(process, signal.SIGINT)
    finally:
        origin.stop()
        shutil.rmtree(directory, ignore_errors=True)
    if not latencies:
        raise SystemExit(f"bench-ll: no position from {name}")
    # The first 5 s are the join (each player's start-up), not the latency it holds.
    held = latencies[20:] or latencies
    log(f"{name}: median {statistics.median(held):.2f} s, worst {max(held):.2f} s over {len(held)} samples")
    return statistics.median(held), max(held)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--spool", default=os.path.join(ROOT, ".build", "release", "spool"))
    parser.add_argument("--out", default=RESULTS)
    args = parser.parse_args()
    if not os.access(args.spool, os.X_OK):
        raise SystemExit(f"bench-ll: no spool binary at {args.spool} (make release)")
    for tool in ("mpv", "ffmpeg"):
        if not shutil.which(tool):
            raise SystemExit(f"bench-ll: {tool} is not installed")
    players = {
        "spool": lambda url, sock: [args.spool, "play", "--no-mpris", "--no-resume", "--vo", "null", "--ao", "null",
                                    f"--input-ipc-server={sock}", url],
        "mpv": lambda url, sock: ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--ytdl=no",
                                  "--vo=null", "--ao=null", "--rebase-start-time=no",
                                  f"--input-ipc-server={sock}", url],
        "ffmpeg": lambda url, sock: ["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-copyts",
                                     "-i", url, "-f", "null", "-", "-progress", "pipe:1", "-stats_period", "0.25"],
    }
    work = tempfile.mkdtemp(prefix="spool-ll.")
    try:
        results = {name: measure(name, command, args.seconds, work) for name, command in players.items()}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    spool_median = results["spool"][0]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "?"
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows = "\n".join(
        f"| {name} | {'LL-HLS: parts, blocking reloads' if name == 'spool' else 'plain HLS (whole segments)'} "
        f"| {median:.2f} | {worst:.2f} | {median / spool_median:.1f}× |"
        for name, (median, worst) in results.items())
    section = f"""## LL-HLS: live latency (`bench/ll_latency.py`, issue 13)

{when}, spool release build of {commit}. **Machine:** {machine_line()}. One fresh origin per player (ffmpeg in real time, 320x180 H.264
+ AAC, 1-s fMP4 parts in 4-s segments, PART-HOLD-BACK 2 s, CAN-BLOCK-RELOAD), joined when nine
parts exist, {args.seconds:.0f} s with null outputs. Latency = the end of the origin's newest
part minus the player's position, sampled every 250 ms after the first 5 s (see the script for
how each position is read).

| Player | How it plays the stream | Median latency (s) | Worst (s) | vs spool |
|---|---|---|---|---|
{rows}

Target: spool within 3 s of the newest part (worst {results['spool'][1]:.2f} s:
{"met" if results['spool'][1] <= 3.0 else "missed"}).
"""
    write_section(args.out, section, BEGIN, END)
    print(section)


if __name__ == "__main__":
    main()
