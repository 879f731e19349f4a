#!/usr/bin/env python3
"""A low-latency HLS origin on 127.0.0.1, for tests and the bench.

ffmpeg encodes a lavfi test source in real time into 1-s fMP4 fragments (a keyframe at
each). Every PARTS consecutive fragments make one media segment: each fragment is one
partial segment (EXT-X-PART, INDEPENDENT=YES), and the segment's URI serves their
concatenation once all are written. The media playlist is built on each request:

  - EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES with PART-HOLD-BACK (RFC 8216bis 6.2.5.2):
    `?_HLS_msn=M&_HLS_part=P` is held until part P of segment M exists, at most three
    target durations (then 503); `_HLS_msn=M` alone until segment M is complete.
  - parts listed for the last three segments and the segment in production, and an
    EXT-X-PRELOAD-HINT for the next part: a request for a part not yet written is held
    until it is (at most three target durations), like a blocking reload;
  - delta updates (CAN-SKIP-UNTIL, six target durations): `_HLS_skip=YES` answers with
    EXT-X-SKIP in place of the segments older than that;
  - a sliding window of WINDOW whole segments (12 by default: 48 s, so a delta update
    skips about half of it).

URIs: /live.m3u8, /init.mp4, /seg-M.m4s, /part-M-P.m4s. Every request is logged as one
JSON line (arrival time, path, query, status, milliseconds held) in --log; the arrival
and completion times of every fragment in --parts-log (for latency against the origin's
newest part). The origin stops after --lifetime seconds, or on SIGTERM.

Usage: ll_hls_origin.py --dir D --port-file F --log L --parts-log P [--lifetime S]
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

PARTS_PER_SEGMENT = 4
PART_SECONDS = 1
PARTS_LISTED_FOR_SEGMENTS = 3


class Fragments:
    """The fragments ffmpeg has finished, in order, with their durations."""

    def __init__(self, directory, parts_log):
        self.directory = directory
        self.durations = []
        self.condition = threading.Condition()
        self.parts_log = parts_log
        self.started = time.monotonic()

    def poll(self, stop):
        playlist = os.path.join(self.directory, "ffmpeg.m3u8")
        while not stop.is_set():
            try:
                with open(playlist) as handle:
                    text = handle.read()
            except OSError:
                text = ""
            durations = [float(m) for m in re.findall(r"#EXTINF:([0-9.]+),", text)]
            with self.condition:
                if len(durations) > len(self.durations):
                    for index in range(len(self.durations), len(durations)):
                        end = sum(durations[: index + 1])
                        line = {"part": index, "end": round(end, 6), "t": round(time.monotonic() - self.started, 6)}
                        self.parts_log.write(json.dumps(line) + "\n")
                    self.parts_log.flush()
                    self.durations = durations
                    self.condition.notify_all()
            stop.wait(0.01)

    def count(self):
        with self.condition:
            return len(self.durations)

    def wait_for(self, count, timeout):
        deadline = time.monotonic() + timeout
        with self.condition:
            while len(self.durations) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.condition.wait(left)
            return True

    def path(self, index):
        return os.path.join(self.directory, "p%d.m4s" % index)


def segment_duration(durations, segment):
    return sum(durations[segment * PARTS_PER_SEGMENT:(segment + 1) * PARTS_PER_SEGMENT])


def media_playlist(durations, window, skip=False):
    complete = len(durations) // PARTS_PER_SEGMENT
    first = max(0, complete - window)
    longest = max(durations) if durations else PART_SECONDS
    segment_target = max([segment_duration(durations, s) for s in range(complete)] + [1])
    target = int(segment_target + 0.999)
    skip_until = 6 * target
    lines = [
        "#EXTM3U",
        "#EXT-X-VERSION:9",
        "#EXT-X-TARGETDURATION:%d" % target,
        "#EXT-X-PART-INF:PART-TARGET=%.3f" % max(longest, PART_SECONDS),
        "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=%.3f,CAN-SKIP-UNTIL=%d"
        % (2 * max(longest, PART_SECONDS), skip_until),
        "#EXT-X-MEDIA-SEQUENCE:%d" % first,
        "#EXT-X-INDEPENDENT-SEGMENTS",
        '#EXT-X-MAP:URI="init.mp4"',
    ]
    skipped = 0
    if skip:
        # Segments that start more than the skip boundary before the playlist's end.
        end = sum(segment_duration(durations, s) for s in range(first, complete))
        start = 0.0
        for segment in range(first, complete):
            if end - start <= skip_until:
                break
            skipped += 1
            start += segment_duration(durations, segment)
        lines.append("#EXT-X-SKIP:SKIPPED-SEGMENTS=%d" % skipped)

    def parts(segment, count):
        for index in range(count):
            duration = durations[segment * PARTS_PER_SEGMENT + index]
            lines.append('#EXT-X-PART:DURATION=%.6f,URI="part-%d-%d.m4s",INDEPENDENT=YES' % (duration, segment, index))

    for segment in range(first + skipped, complete):
        if segment >= complete - PARTS_LISTED_FOR_SEGMENTS:
            parts(segment, PARTS_PER_SEGMENT)
        lines.append("#EXTINF:%.6f," % segment_duration(durations, segment))
        lines.append("seg-%d.m4s" % segment)
    in_production = len(durations) % PARTS_PER_SEGMENT
    parts(complete, in_production)
    lines.append('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-%d-%d.m4s"' % (complete, in_production))
    return "\n".join(lines) + "\n", segment_target


def make_handler(fragments, directory, log, window):
    log_lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def record(self, status, arrived, query):
            line = {
                "t": round(arrived - fragments.started, 6),
                "path": urlparse(self.path).path,
                "query": query,
                "status": status,
                "held_ms": round((time.monotonic() - arrived) * 1000),
            }
            with log_lock:
                log.write(json.dumps(line) + "\n")
                log.flush()

        def answer(self, status, body, content_type, arrived, query):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self.wfile.write(body)
            self.record(status, arrived, query)

        def do_GET(self):
            arrived = time.monotonic()
            url = urlparse(self.path)
            query = {key: values[0] for key, values in parse_qs(url.query).items()}
            if url.path == "/live.m3u8":
                return self.playlist(query, arrived)
            if url.path == "/init.mp4":
                return self.file(os.path.join(directory, "init.mp4"), arrived, query)
            match = re.fullmatch(r"/part-(\d+)-(\d+)\.m4s", url.path)
            if match:
                segment, part = int(match.group(1)), int(match.group(2))
                index = segment * PARTS_PER_SEGMENT + part
                if part >= PARTS_PER_SEGMENT or index > fragments.count():
                    return self.answer(404, b"", "text/plain", arrived, query)
                # The hinted part (the next one): held until written.
                if index == fragments.count() and not fragments.wait_for(
                        index + 1, 3 * PARTS_PER_SEGMENT * PART_SECONDS):
                    return self.answer(503, b"", "text/plain", arrived, query)
                return self.file(fragments.path(index), arrived, query)
            match = re.fullmatch(r"/seg-(\d+)\.m4s", url.path)
            if match:
                segment = int(match.group(1))
                if (segment + 1) * PARTS_PER_SEGMENT > fragments.count():
                    return self.answer(404, b"", "text/plain", arrived, query)
                body = b"".join(
                    open(fragments.path(segment * PARTS_PER_SEGMENT + p), "rb").read()
                    for p in range(PARTS_PER_SEGMENT))
                return self.answer(200, body, "video/iso.segment", arrived, query)
            self.answer(404, b"", "text/plain", arrived, query)

        def playlist(self, query, arrived):
            if "_HLS_msn" in query:
                try:
                    msn = int(query["_HLS_msn"])
                    part = int(query.get("_HLS_part", PARTS_PER_SEGMENT - 1))
                except ValueError:
                    return self.answer(400, b"", "text/plain", arrived, query)
                needed = msn * PARTS_PER_SEGMENT + part + 1
                # More than two segments ahead of the newest: a bad request (6.2.5.2).
                if needed > fragments.count() + 2 * PARTS_PER_SEGMENT + PARTS_PER_SEGMENT:
                    return self.answer(400, b"", "text/plain", arrived, query)
                _, target = media_playlist(list(fragments.durations), window)
                if not fragments.wait_for(needed, 3 * max(target, PARTS_PER_SEGMENT * PART_SECONDS)):
                    return self.answer(503, b"", "text/plain", arrived, query)
            elif fragments.count() == 0 and not fragments.wait_for(1, 10):
                return self.answer(503, b"", "text/plain", arrived, query)
            text, _ = media_playlist(list(fragments.durations), window, skip=query.get("_HLS_skip") == "YES")
            self.answer(200, text.encode(), "application/vnd.apple.mpegurl", arrived, query)

        def file(self, path, arrived, query):
            try:
                with open(path, "rb") as handle:
                    body = handle.read()
            except OSError:
                return self.answer(404, b"", "text/plain", arrived, query)
            self.answer(200, body, "video/mp4", arrived, query)

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--parts-log", required=True)
    parser.add_argument("--lifetime", type=float, default=120)
    parser.add_argument("--window", type=int, default=12)
    arguments = parser.parse_args()
    os.makedirs(arguments.dir, exist_ok=True)

    ffmpeg = subprocess.Popen(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-re",
         "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30",
         "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
         "-t", str(arguments.lifetime),
         "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p",
         "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
         "-c:a", "aac", "-b:a", "64k",
         "-f", "hls", "-hls_time", str(PART_SECONDS), "-hls_list_size", "0",
         "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4",
         "-hls_flags", "temp_file+independent_segments",
         "-hls_segment_filename", os.path.join(arguments.dir, "p%d.m4s"),
         os.path.join(arguments.dir, "ffmpeg.m3u8")],
        stdin=subprocess.DEVNULL)

    log = open(arguments.log, "a")
    parts_log = open(arguments.parts_log, "a")
    fragments = Fragments(arguments.dir, parts_log)
    stop = threading.Event()
    poller = threading.Thread(target=fragments.poll, args=(stop,), daemon=True)
    poller.start()

    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(fragments, arguments.dir, log, arguments.window))
    server.daemon_threads = True
    temporary = arguments.port_file + ".tmp"
    with open(temporary, "w") as handle:
        handle.write(str(server.server_address[1]))
    os.rename(temporary, arguments.port_file)

    def finish(*_):
        stop.set()
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, finish)
    signal.signal(signal.SIGINT, finish)
    timer = threading.Timer(arguments.lifetime + 5, finish)
    timer.daemon = True
    timer.start()
    server.serve_forever(poll_interval=0.1)
    if ffmpeg.poll() is None:
        ffmpeg.terminate()
    ffmpeg.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
