#!/usr/bin/env python3
"""Writes H.264 test video carrying CEA-608 closed captions in ATSC A/53 SEI.

Debian's ffmpeg 5.1 cannot author A/53 captions from text, and remuxing a raw Annex-B
stream with B-frames loses its presentation times (the raw h264 demuxer gives pts == dts,
and mpegts refuses the packets). So this script:

1. reads an Annex-B stream (ffmpeg's h264_mp4toannexb output of an MP4 made with
   `-x264-params aud=1`, so every access unit starts with an access unit delimiter) and
   the MP4's packet times (ffprobe, decode order: one line "pts,dts" in ms per packet);
2. inserts before each access unit's first slice a SEI NAL (type 6, payload type 4:
   user_data_registered_itu_t_t35, country 0xB5, provider 0x0031, "GA94", type code 3)
   carrying one CEA-608 field-1 byte pair (odd parity) and a field-2 padding pair; the
   pairs follow presentation order, because a caption decoder reads frames in that order;
3. writes an FLV (the simplest container that keeps a composition-time offset per
   packet) that `ffmpeg -i out.flv -c copy out.ts|out.mp4` remuxes with exact times.

Usage: cea608_sei.py IN.h264 TIMES.csv OUT.flv CAPTIONS.json
CAPTIONS.json: [{"text": "HELLO", "load": FRAME, "show": FRAME}, ..., {"clear": FRAME}]
(frames counted in presentation order; "load" is where the caption starts being written
into the hidden buffer, "show" is its end-of-caption command).
"""

import json
import struct
import sys


def odd_parity(byte):
    return byte | (0 if bin(byte).count("1") % 2 else 0x80)


def caption_pairs(captions, frame_count):
    """The field-1 byte pair of each presentation frame."""
    pairs = [(0x80, 0x80)] * frame_count
    for caption in captions:
        if "clear" in caption:
            commands = [(0x14, 0x2C), (0x14, 0x2C)]  # EDM twice
            start = caption["clear"]
        else:
            text = caption["text"].encode("ascii")
            if len(text) % 2:
                text += b"\x00"
            commands = [(0x14, 0x20), (0x14, 0x20), (0x14, 0x2E), (0x14, 0x2E), (0x14, 0x60), (0x14, 0x60)]
            commands += [(text[i], text[i + 1]) for i in range(0, len(text), 2)]
            show = caption["show"]
            start = caption["load"]
            if start + len(commands) > show:
                raise SystemExit("caption %r does not fit before frame %d" % (caption["text"], show))
            for frame, pair in enumerate([(0x14, 0x2F), (0x14, 0x2F)]):
                pairs[show + frame] = (odd_parity(pair[0]), odd_parity(pair[1]))
        for frame, pair in enumerate(commands):
            pairs[start + frame] = (odd_parity(pair[0]), odd_parity(pair[1]))
    return pairs


def escape(payload):
    """Inserts emulation-prevention bytes (00 00 0x -> 00 00 03 0x for x <= 3)."""
    out = bytearray()
    zeros = 0
    for byte in payload:
        if zeros >= 2 and byte <= 3:
            out.append(3)
            zeros = 0
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def caption_sei(pair):
    cc = bytes([0xFC, pair[0], pair[1], 0xFD, 0x80, 0x80])
    t35 = bytes([0xB5, 0x00, 0x31]) + b"GA94" + bytes([0x03, 0x40 | 2, 0xFF]) + cc + bytes([0xFF])
    message = bytes([4, len(t35)]) + t35
    return bytes([0x06]) + escape(message + bytes([0x80]))


def split_nals(stream):
    """The NAL units of an Annex-B stream, without start codes."""
    starts = []
    i = 0
    while True:
        i = stream.find(b"\x00\x00\x01", i)
        if i < 0:
            break
        starts.append(i + 3)
        i += 3
    nals = []
    for index, start in enumerate(starts):
        end = starts[index + 1] - 3 if index + 1 < len(starts) else len(stream)
        nal = stream[start:end]
        while nal.endswith(b"\x00"):
            nal = nal[:-1]
        nals.append(nal)
    return nals


def access_units(nals):
    """The access units: each starts at a delimiter (x264's own SEI may precede the first)."""
    units = []
    for nal in nals:
        if not units or (nal[0] & 0x1F == 9 and any(n[0] & 0x1F in (1, 5) for n in units[-1])):
            units.append([])
        units[-1].append(nal)
    return units


def flv_tag(timestamp, body):
    header = bytes([9]) + struct.pack(">I", len(body))[1:] + struct.pack(">I", timestamp & 0xFFFFFF)[1:]
    header += bytes([(timestamp >> 24) & 0xFF, 0, 0, 0])
    return header + body + struct.pack(">I", 11 + len(body))


def main():
    stream_path, times_path, out_path, captions_path = sys.argv[1:5]
    with open(stream_path, "rb") as handle:
        units = access_units(split_nals(handle.read()))
    with open(times_path) as handle:
        times = [tuple(int(round(float(v) * 1000)) for v in line.split(",")[:2]) for line in handle if line.strip()]
    if len(times) != len(units):
        raise SystemExit("%d access units, %d packet times" % (len(units), len(times)))
    with open(captions_path) as handle:
        captions = json.load(handle)
    order = sorted(range(len(units)), key=lambda index: times[index][0])
    rank = {unit: position for position, unit in enumerate(order)}
    pairs = caption_pairs(captions, len(units))
    shift = -min(dts for _, dts in times)
    sps = next(nal for unit in units for nal in unit if nal[0] & 0x1F == 7)
    pps = next(nal for unit in units for nal in unit if nal[0] & 0x1F == 8)
    avcc = bytes([1, sps[1], sps[2], sps[3], 0xFF, 0xE1]) + struct.pack(">H", len(sps)) + sps
    avcc += bytes([1]) + struct.pack(">H", len(pps)) + pps
    out = bytearray(b"FLV\x01\x01\x00\x00\x00\x09" + bytes(4))
    out += flv_tag(0, bytes([0x17, 0, 0, 0, 0]) + avcc)
    for index, unit in enumerate(units):
        pts, dts = times[index]
        nals = [nal for nal in unit if nal[0] & 0x1F != 9]
        first_slice = next(i for i, nal in enumerate(nals) if nal[0] & 0x1F in (1, 5))
        nals.insert(first_slice, caption_sei(pairs[rank[index]]))
        key = any(nal[0] & 0x1F == 5 for nal in nals)
        payload = b"".join(struct.pack(">I", len(nal)) + nal for nal in nals)
        composition = struct.pack(">i", pts - dts)[1:]
        body = bytes([0x17 if key else 0x27, 1]) + composition + payload
        out += flv_tag(dts + shift, body)
    with open(out_path, "wb") as handle:
        handle.write(out)


if __name__ == "__main__":
    main()
