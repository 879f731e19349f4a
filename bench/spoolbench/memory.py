"""Where spool's peak memory goes (issue 14): peak RSS stage by stage beside ffmpeg's, and at the
peak of a whole-file run, RSS by kind of mapping and spool's own file by section.

Each stage is a command that stops there, for both tools:

  baseline      spool --version                    ffmpeg -version
  probe         spool probe F                      ffprobe F
  first frame   spool play --frames 1 … F          ffmpeg -i F -frames:v 1 -f null -
  whole file    spool play --untimed … F           ffmpeg -i F -f null -

plus spool's whole file with a 0.5-s forward buffer instead of a local file's 3 s. Peak RSS is
the reaped child's (measure.measure). For one whole-file run of each, /proc/PID/smaps is read
every 50 ms and the sample with the largest RSS is split by mapping: the program's own file
(spool links the Swift runtime and Foundation in statically), shared libraries, and anonymous
memory (heap, stacks, decoded frames, queues); for spool, /proc/PID/pagemap's present bits at
that sample split its own file by ELF section.
"""

import os
import re
import struct
import subprocess
import threading
import time

from .common import FFMPEG_BASE
from .measure import interleave

SPOOL_PLAY = ["play", "--no-mpris", "--no-resume", "--no-config", "--vo", "null", "--ao", "null"]
KINDS = ["program file", "shared libraries", "other files", "anonymous"]


def stage_commands(spool, media):
    """(stage, spool's command, ffmpeg's command), in the order a playback passes them."""
    return [
        ("baseline", [spool, "--version"], FFMPEG_BASE[:1] + ["-version"]),
        ("probe", [spool, "probe", media], ["ffprobe", "-v", "error", "-show_streams", media]),
        ("first frame", [spool] + SPOOL_PLAY + ["--frames", "1", media],
         FFMPEG_BASE + ["-i", media, "-frames:v", "1", "-f", "null", "-"]),
        ("whole file, untimed", [spool] + SPOOL_PLAY + ["--untimed", media],
         FFMPEG_BASE + ["-i", media, "-f", "null", "-"]),
    ]


def _mapping_kind(fields, program):
    path = fields[5] if len(fields) > 5 else ""
    if not path or path.startswith("["):
        return "anonymous"
    if path == program:
        return "program file"
    return "shared libraries" if ".so" in os.path.basename(path) else "other files"


def _rss_by_mapping(pid, program):
    """RSS in KiB by kind of mapping now; None once the process is gone."""
    totals, kind = {}, None
    try:
        with open(f"/proc/{pid}/smaps") as smaps:
            for line in smaps:
                fields = line.split()
                if fields and re.fullmatch(r"[0-9a-f]+-[0-9a-f]+", fields[0]):
                    kind = _mapping_kind(fields, program)
                elif fields and fields[0] == "Rss:" and kind:
                    totals[kind] = totals.get(kind, 0) + int(fields[1])
    except (OSError, ValueError):
        return None
    return totals


def _sections(program):
    """(name, address, size) of each loaded section of `program` (readelf -S)."""
    listing = subprocess.check_output(["readelf", "-SW", program], text=True)
    found = []
    for line in listing.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and int(match.group(2), 16):
            found.append((match.group(1), int(match.group(2), 16), int(match.group(3), 16)))
    return found


def _resident_sections(pid, program, sections):
    """KiB of each section of the program's file resident in `pid` now (pagemap's present bit,
    readable without privileges); None when the process is gone."""
    page = os.sysconf("SC_PAGE_SIZE")
    try:
        with open(f"/proc/{pid}/maps") as maps:
            base = next(int(f[0].split("-")[0], 16) for f in (line.split() for line in maps)
                        if len(f) > 5 and f[5] == program and int(f[2], 16) == 0)
        resident = {}
        with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            for name, address, size in sections:
                first, last = (base + address) // page, (base + address + size + page - 1) // page
                pagemap.seek(first * 8)
                entries = pagemap.read((last - first) * 8)
                resident[name] = page // 1024 * sum(1 for (entry,) in struct.iter_unpack("<Q", entries)
                                                    if entry >> 63)
        return resident
    except (OSError, StopIteration, ValueError):
        return None


def _peak_sample(command, with_sections):
    """Runs `command` (its first element a path), sampling every 50 ms: ({kind: KiB},
    {section: KiB} or None) at the sample with the largest RSS."""
    program = os.path.realpath(command[0])
    sections = _sections(program) if with_sections else None
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    best = {"mapping": {}, "sections": None}
    done = threading.Event()

    def watch():
        while not done.is_set():
            sample = _rss_by_mapping(process.pid, program)
            if sample and sum(sample.values()) > sum(best["mapping"].values()):
                best["mapping"] = sample
                if sections:
                    best["sections"] = _resident_sections(process.pid, program, sections)
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        process.wait(timeout=300)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    done.set()
    watcher.join()
    return best["mapping"], best["sections"]


def bench_memory_stages(spool, media, reps):
    """{"stages": [{"stage", "spool": [Run], "ffmpeg": [Run]}], "small_buffer": [Run],
    "mapping": {"spool": {kind: KiB}, "ffmpeg": {…}}, "sections": {section: KiB}}."""
    stages = []
    for stage, ours, theirs in stage_commands(spool, media):
        runs = interleave([("spool", ours), ("ffmpeg", theirs)], reps, f"memory: {stage}")
        stages.append({"stage": stage, "spool": runs["spool"], "ffmpeg": runs["ffmpeg"]})
    small = interleave([("spool", [spool] + SPOOL_PLAY + ["--untimed", "--buffer", "0.5", media])], reps,
                       "memory: 0.5-s buffer")["spool"]
    ours, sections = _peak_sample([spool] + SPOOL_PLAY + ["--untimed", media], True)
    ffmpeg = subprocess.check_output(["sh", "-c", "command -v ffmpeg"], text=True).strip()
    theirs, _ = _peak_sample([ffmpeg] + FFMPEG_BASE[1:] + ["-i", media, "-f", "null", "-"], False)
    return {"stages": stages, "small_buffer": small, "mapping": {"spool": ours, "ffmpeg": theirs},
            "sections": sections}
