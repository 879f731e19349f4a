#!/usr/bin/env python3
"""Delay and loss for real packets, in user space: netem's job where the kernel has no netem.

This machine's kernel is built without sch_netem (`tc qdisc add ... netem` says "Specified
qdisc kind is unknown") but with NFQUEUE. The test puts an iptables rule in a network
namespace that queues the packets arriving on an interface to queue --queue (on arrival:
held at the sender, they would count against its TCP Small Queues budget); this program
takes each one from the kernel (nfnetlink_queue, metadata only), drops it with
probability --loss, or gives the kernel its ACCEPT verdict --delay-ms after it arrived.
Order is kept (verdicts go out in arrival order, in batches), as netem's delay without
jitter keeps it. TCP above sees a real longer round trip and real losses, and recovers
with real retransmissions.

It writes "ready" to --ready once bound, and its counts (packets, dropped, accepted) as
JSON to --stats when it ends: on SIGTERM, or after --lifetime seconds. The drop decisions
come from a seeded generator (--seed), so a run with the same traffic drops the same packets.

Usage: userspace_netem.py --queue N --delay-ms D --loss P --ready F --stats F [--lifetime S]
"""

import argparse
import collections
import json
import random
import select
import signal
import socket
import struct
import time

NETLINK_NETFILTER = 12
SOL_NETLINK = 270
NETLINK_NO_ENOBUFS = 5
SO_RCVBUFFORCE = 33
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET = 0
NFQNL_MSG_VERDICT = 1
NFQNL_MSG_CONFIG = 2
NFQNL_MSG_VERDICT_BATCH = 3
NFQA_CFG_CMD = 1
NFQA_CFG_PARAMS = 2
NFQA_CFG_QUEUE_MAXLEN = 3
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NFQA_PACKET_HDR = 1
NFQA_VERDICT_HDR = 2
NF_DROP = 0
NF_ACCEPT = 1
NLM_F_REQUEST = 1
NLM_F_ACK = 4
NLMSG_ERROR = 2


def attribute(kind, payload):
    length = 4 + len(payload)
    return struct.pack("=HH", length, kind) + payload + b"\0" * (-length % 4)


class Queue:
    """One bound nfnetlink queue."""

    def __init__(self, number):
        self.number = number
        self.sequence = 0
        self.socket = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
        self.socket.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 16 << 20)
        self.socket.setsockopt(SOL_NETLINK, NETLINK_NO_ENOBUFS, 1)
        self.socket.bind((0, 0))
        self.configure(attribute(NFQA_CFG_CMD, struct.pack("!BBH", NFQNL_CFG_CMD_BIND, 0, 0)))
        self.configure(attribute(NFQA_CFG_PARAMS, struct.pack("!IB", 0, NFQNL_COPY_META)))
        self.configure(attribute(NFQA_CFG_QUEUE_MAXLEN, struct.pack("!I", 65536)))

    def send(self, kind, attributes, flags=NLM_F_REQUEST):
        self.sequence += 1
        body = struct.pack("!BBH", socket.AF_UNSPEC, 0, self.number) + attributes
        header = struct.pack("=IHHII", 16 + len(body), (NFNL_SUBSYS_QUEUE << 8) | kind, flags, self.sequence, 0)
        self.socket.send(header + body)

    def configure(self, attributes):
        self.send(NFQNL_MSG_CONFIG, attributes, NLM_F_REQUEST | NLM_F_ACK)
        reply = self.socket.recv(65536)
        _, kind, _, _, _ = struct.unpack_from("=IHHII", reply)
        if kind == NLMSG_ERROR:
            (error,) = struct.unpack_from("=i", reply, 16)
            if error != 0:
                raise OSError(-error, "nfnetlink_queue configuration refused")

    def verdict(self, packet_id, verdict, batch=False):
        kind = NFQNL_MSG_VERDICT_BATCH if batch else NFQNL_MSG_VERDICT
        self.send(kind, attribute(NFQA_VERDICT_HDR, struct.pack("!II", verdict, packet_id)))

    def packets(self):
        """The ids of the packets in what one recv returns."""
        data = self.socket.recv(1 << 20)
        offset = 0
        while offset + 16 <= len(data):
            length, kind, _, _, _ = struct.unpack_from("=IHHII", data, offset)
            if length < 16:
                break
            if kind == (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET:
                position = offset + 20
                end = offset + length
                while position + 4 <= end:
                    size, attr = struct.unpack_from("=HH", data, position)
                    if size < 4:
                        break
                    if attr & 0x7FFF == NFQA_PACKET_HDR:
                        yield struct.unpack_from("!I", data, position + 4)[0]
                        break
                    position += (size + 3) & ~3
            offset += (length + 3) & ~3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queue", type=int, default=0)
    parser.add_argument("--delay-ms", type=float, required=True)
    parser.add_argument("--loss", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ready", required=True)
    parser.add_argument("--stats", required=True)
    parser.add_argument("--lifetime", type=float, default=300)
    arguments = parser.parse_args()

    queue = Queue(arguments.queue)
    generator = random.Random(arguments.seed)
    delay = arguments.delay_ms / 1000
    held = collections.deque()  # (due, id), in arrival order
    counts = {"packets": 0, "dropped": 0, "accepted": 0}
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    with open(arguments.ready, "w") as handle:
        handle.write("ready\n")
    ends = time.monotonic() + arguments.lifetime

    while not stopping and time.monotonic() < ends:
        now = time.monotonic()
        timeout = max(0.0, held[0][0] - now) if held else 0.2
        readable, _, _ = select.select([queue.socket], [], [], timeout)
        now = time.monotonic()
        if readable:
            for packet_id in queue.packets():
                counts["packets"] += 1
                if generator.random() < arguments.loss:
                    queue.verdict(packet_id, NF_DROP)
                    counts["dropped"] += 1
                else:
                    held.append((now + delay, packet_id))
        last = None
        while held and held[0][0] <= now:
            last = held.popleft()[1]
            counts["accepted"] += 1
        if last is not None:
            # Every packet still queued up to `last` (the dropped ones have their verdict).
            queue.verdict(last, NF_ACCEPT, batch=True)

    if held:
        queue.verdict(held[-1][1], NF_ACCEPT, batch=True)
        counts["accepted"] += len(held)
    with open(arguments.stats, "w") as handle:
        json.dump(counts, handle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
