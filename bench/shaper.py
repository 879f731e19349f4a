#!/usr/bin/env python3
"""A bandwidth-shaping TCP proxy on 127.0.0.1 that follows a trace: the bottleneck link of the
HLS adaptive-bitrate benchmarks.

Usage: bench/shaper.py --listen PORT --upstream PORT --trace "0:3000000,30:0,32:3000000"

Every connection accepted on 127.0.0.1:PORT is relayed to 127.0.0.1:UPSTREAM (nginx). The
server-to-client direction of *all* connections together draws from one token bucket whose
rate, in bits per second, follows the trace: `SECONDS:BPS` points, each rate holding from its
time until the next point, time counted from the first accepted connection (so the trace starts
when the player starts, whenever that is). A rate of 0 is an outage: connections stay open and
nothing flows, as on a dead link. The bucket holds at most 50 ms of the current rate (at least
16 kB), so bursts stay small. Client-to-server bytes (requests) pass unshaped.

`--request-latency SECONDS` holds every chunk the client sends (on keep-alive HTTP/1.1, each
request) that long before it goes on to the server: a fixed round trip per request, which a
rate limit alone does not give.

Backpressure, not buffering: the proxy reads from the server only as fast as it may send to
the client, so nginx's `$request_time` and the client's transfer time stay close to the shaped
rate (the kernel's socket buffers still hold some data in flight).

Python standard library only (asyncio). Binds 127.0.0.1 only. Prints "ready" when listening.
"""

import argparse
import asyncio
import sys
import time

CHUNK = 16 * 1024


class Trace:
    def __init__(self, text):
        points = []
        for item in text.split(","):
            seconds, bps = item.split(":")
            points.append((float(seconds), float(bps)))
        points.sort()
        if not points or points[0][0] != 0:
            raise ValueError("the trace must start at 0")
        self.points = points

    def rate(self, t):
        """Bits per second at `t` seconds into the trace."""
        current = self.points[0][1]
        for start, bps in self.points:
            if start <= t:
                current = bps
            else:
                break
        return current


class Bucket:
    """One token bucket shared by every connection: the link's capacity."""

    def __init__(self, trace):
        self.trace = trace
        self.started = None
        self.tokens = 0.0
        self.updated = None

    def start(self):
        if self.started is None:
            self.started = time.monotonic()
            self.updated = self.started

    def _refill(self, now):
        bytes_per_second = self.trace.rate(now - self.started) / 8
        self.tokens += (now - self.updated) * bytes_per_second
        self.tokens = min(self.tokens, max(16 * 1024, bytes_per_second * 0.05))
        self.updated = now
        return bytes_per_second

    async def take(self, count):
        """Waits until `count` bytes may be sent (`count` at most one chunk)."""
        while True:
            now = time.monotonic()
            bytes_per_second = self._refill(now)
            if self.tokens >= count:
                self.tokens -= count
                return
            if bytes_per_second <= 0:
                await asyncio.sleep(0.01)  # outage: poll until the trace says the link is back
            else:
                await asyncio.sleep(min(0.05, max(0.001, (count - self.tokens) / bytes_per_second)))


async def pump(reader, writer, bucket=None, latency=0.0):
    try:
        while True:
            data = await reader.read(CHUNK)
            if not data:
                break
            if latency > 0:
                await asyncio.sleep(latency)
            if bucket is not None:
                await bucket.take(len(data))
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--upstream", type=int, required=True)
    parser.add_argument("--trace", required=True)
    parser.add_argument("--request-latency", type=float, default=0.0,
                        help="seconds every client-to-server chunk (a request) is held")
    args = parser.parse_args()
    bucket = Bucket(Trace(args.trace))

    async def handle(client_reader, client_writer):
        bucket.start()
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", args.upstream)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pump(client_reader, server_writer, latency=args.request_latency), pump(server_reader, client_writer, bucket))

    server = await asyncio.start_server(handle, "127.0.0.1", args.listen)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
