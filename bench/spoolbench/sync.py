"""§6 of bench/RESULTS.md: A/V sync, measured on spool's outputs. In media time, untimed (the WAV's
beeps against the framemd5 listing's flashes), and in real time on an outside clock (a parec
recording of the PulseAudio null sink's monitor against the instants bench/present-probe.c saw
each frame taken)."""

import os
import re
import struct
import subprocess
import tempfile
import threading
import time

from .common import FFMPEG_BASE, SYNC_SINK, fail
from .measure import measure
from .media import REALTIME_SECONDS

# parec's fragment on the sink monitor. 5 ms would be finer, but spool's PulseAudio output then
# never finishes (seen with spool 0.1.0: killed after 60 s); 20 ms works.
RECORD_FRAGMENT_MS = 20


def read_framemd5(path):
    """[(pts_seconds, md5)] from a framemd5 listing (first video stream)."""
    frames = []
    time_base = None
    with open(path) as f:
        for line in f:
            if line.startswith("#tb 0:"):
                num, den = line.split(":", 1)[1].strip().split("/")
                time_base = int(num) / int(den)
            if line.startswith("#") or not line.strip():
                continue
            fields = [x.strip() for x in line.split(",")]
            if fields[0] != "0":
                continue
            frames.append((int(fields[2]) * time_base, fields[5]))
    return frames


def flash_hashes(path):
    """MD5s (native yuv420p, as framemd5 hashes them) of the white frames of the sync clip,
    found by ffmpeg's own decode, and their presentation times."""
    with tempfile.NamedTemporaryFile(suffix=".framemd5") as listing:
        subprocess.run(FFMPEG_BASE + ["-y", "-i", path, "-map", "0:v:0", "-f", "framemd5", listing.name], check=True)
        frames = read_framemd5(listing.name)
    gray = subprocess.run(FFMPEG_BASE + ["-i", path, "-map", "0:v:0", "-vf", "scale=16:16,format=gray",
                                         "-f", "rawvideo", "-"], capture_output=True, check=True).stdout
    means = [sum(gray[i:i + 256]) / 256 for i in range(0, len(gray), 256)]
    if len(means) != len(frames):
        fail(f"sync clip: {len(frames)} framemd5 lines but {len(means)} gray frames")
    flashes = {md5 for (pts, md5), mean in zip(frames, means) if mean > 128}
    times = [pts for (pts, md5), mean in zip(frames, means) if mean > 128]
    return flashes, times


def beep_onsets(samples, rate, threshold=0.15, quiet_gap=0.5):
    """Sample indices where a beep starts: |x| above `threshold` after `quiet_gap` s below it."""
    onsets = []
    last_loud = -10 ** 12
    gap = int(quiet_gap * rate)
    for i, value in enumerate(samples):
        if value > threshold or value < -threshold:
            if i - last_loud > gap:
                onsets.append(i)
            last_loud = i
    return onsets


def read_float_wav(path):
    """(mono samples, rate) of a WAVE_FORMAT_IEEE_FLOAT or PCM16 file (first channel)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        fail(f"{path} is not a WAV file")
    offset = 12
    fmt = None
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        body = data[offset + 8:offset + 8 + size]
        if chunk == b"fmt ":
            tag, channels, rate = struct.unpack("<HHI", body[:8])
            bits = struct.unpack("<H", body[14:16])[0]
            fmt = (tag, channels, rate, bits)
        elif chunk == b"data":
            tag, channels, rate, bits = fmt
            if tag == 3 and bits == 32:
                values = struct.unpack(f"<{len(body) // 4}f", body[:len(body) // 4 * 4])
            elif tag == 1 and bits == 16:
                values = [v / 32768 for v in struct.unpack(f"<{len(body) // 2}h", body[:len(body) // 2 * 2])]
            else:
                fail(f"{path}: unsupported WAV format {fmt}")
            return values[::channels], rate
        offset += 8 + size + (size & 1)
    fail(f"{path}: no data chunk")


def pair_events(video_times, audio_times, window=0.4):
    """Pairs each flash with the beep nearest to it (within `window` s): [video - audio]."""
    errors = []
    for v in video_times:
        nearest = min(audio_times, key=lambda a: abs(a - v), default=None)
        if nearest is not None and abs(nearest - v) <= window:
            errors.append(v - nearest)
    return errors


def bench_sync(spool, media, caps, probe, work):
    result = {}
    path = media["sync"]
    flashes, reference_flash_times = flash_hashes(path)
    pcm = subprocess.run(FFMPEG_BASE + ["-i", path, "-map", "0:a:0", "-ac", "1", "-f", "f32le", "-"],
                         capture_output=True, check=True).stdout
    reference_audio = struct.unpack(f"<{len(pcm) // 4}f", pcm)
    reference_beeps = [i / 48000 for i in beep_onsets(reference_audio, 48000)]
    result["reference_errors"] = pair_events(reference_flash_times, reference_beeps)

    # (a) Media-time alignment of the two outputs, untimed: the WAV gives each beep's sample
    # position, the framemd5 listing each flash frame's timestamp.
    wav = os.path.join(work, "sync.wav")
    listing = os.path.join(work, "sync.framemd5")
    run = measure([spool, "play", "--untimed", "--ao", f"wav:{wav}", "--vo", f"framemd5:{listing}", path])
    if run.returncode == 0:
        samples, rate = read_float_wav(wav)
        beeps = [i / rate for i in beep_onsets(samples, rate)]
        flash_times = [pts for pts, md5 in read_framemd5(listing) if md5 in flashes]
        result["media_errors"] = pair_events(flash_times, beeps)
        result["media_counts"] = (len(flash_times), len(beeps))
    else:
        result["media_failure"] = run.stderr.strip()[-300:]

    # (b) Real time, on an outside clock: spool plays to the PulseAudio null sink while parec
    # records the sink's monitor; the probe timestamps each frame the video output presents.
    if probe is None:
        result["realtime_failure"] = "no C compiler to build bench/present-probe.c"
        return result
    path = media["sync_rt"]
    sink = os.environ.get("SPOOL_TEST_PULSE_SINK", SYNC_SINK)
    listing = os.path.join(work, "sync-rt.framemd5")
    present_log = os.path.join(work, "present.log")
    recorder = subprocess.Popen(["parec", f"--device={sink}.monitor", "--format=float32le", "--rate=48000",
                                 "--channels=1", f"--latency-msec={RECORD_FRAGMENT_MS}", "--raw"],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    reads = []  # (monotonic ns at read, samples received so far)
    chunks = []

    def record():
        total = 0
        fd = recorder.stdout.fileno()
        while True:
            chunk = os.read(fd, 4096)
            now = time.monotonic_ns()
            if not chunk:
                return
            chunks.append(chunk)
            total += len(chunk)
            reads.append((now, total // 4))

    reader = threading.Thread(target=record)
    reader.start()
    time.sleep(1.0)  # the recorder is running and the sink awake before playback starts
    latency = {}

    def sample_sink_latency():
        time.sleep(REALTIME_SECONDS / 2)
        text = subprocess.run(["pactl", "list", "sinks"], capture_output=True, text=True).stdout
        for block in text.split("\n\n"):
            if f"Name: {sink}\n" in block:
                found = re.search(r"Latency: (\d+) usec, configured (\d+) usec", block)
                if found:
                    latency["sink_us"] = int(found.group(1))
                    latency["configured_us"] = int(found.group(2))

    sampler = threading.Thread(target=sample_sink_latency)
    sampler.start()
    env = dict(os.environ, LD_PRELOAD=probe, BENCH_PRESENT_LOG=present_log)
    run = measure([spool, "play", "--ao", f"pulse:{sink}", "--vo", f"framemd5:{listing}", "--stats", path],
                  env=env, timeout=REALTIME_SECONDS * 3)
    sampler.join()
    time.sleep(1.0)
    recorder.terminate()
    recorder.wait()
    reader.join()
    result["own_stats"] = run.stats()
    if run.returncode != 0:
        result["realtime_failure"] = (f"spool failed (exit {run.returncode}"
                                      f"{', killed after ' + str(REALTIME_SECONDS * 3) + ' s' if run.timed_out else ''}): "
                                      f"{run.stderr.strip()[-300:]}")
        return result
    raw = b"".join(chunks)
    samples = struct.unpack(f"<{len(raw) // 4}f", raw[:len(raw) // 4 * 4])
    # When is recorded sample 0 heard? The null sink sleeps until what it rendered has played
    # out, then renders one block (its configured latency) at once and posts it to the monitor:
    # the last sample of a block reaches the recorder about one block before PulseAudio counts it
    # as heard. The lower envelope of (read time - samples so far / rate) — the read that waited
    # least, ending on a block's last sample — plus the block gives the heard time of sample 0.
    rendered_zero_ns = min(t - n * 1e9 / 48000 for t, n in reads)
    ahead_ns = latency.get("configured_us", 0) * 1000
    beeps_ns = [rendered_zero_ns + ahead_ns + i * 1e9 / 48000 for i in beep_onsets(samples, 48000)]
    with open(present_log) as f:
        presented_ns = [int(line) for line in f if line.strip()]
    frames = read_framemd5(listing)
    result["realtime_counts"] = (len(frames), len(presented_ns))
    if len(frames) != len(presented_ns):
        result["realtime_failure"] = (f"{len(frames)} framemd5 lines but {len(presented_ns)} probe timestamps: "
                                      "cannot pair frames with presentation times")
        return result
    flash_ns = [t for (pts, md5), t in zip(frames, presented_ns) if md5 in flashes]
    errors = pair_events([t / 1e9 for t in flash_ns], [t / 1e9 for t in beeps_ns])
    result["realtime_errors"] = errors
    result["realtime_events"] = (len(flash_ns), len(beeps_ns))
    result["sink_latency"] = latency
    return result
