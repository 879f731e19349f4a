"""The test media, generated with the ffmpeg CLI into .cache/bench/ (cached there, never
committed): the clips every benchmark plays, their stream-copy cuts, and the A/V sync clip."""

import os
import subprocess

from .common import CACHE, FFMPEG_BASE, log


def media_path(name):
    return os.path.join(CACHE, name)


def generate(name, arguments):
    """Runs `ffmpeg ARGS OUT` once; the file is cached in .cache/bench/."""
    path = media_path(name)
    if os.path.exists(path):
        return path
    log(f"generating {name}")
    temporary = path + ".tmp" + os.path.splitext(name)[1]
    subprocess.run(FFMPEG_BASE + ["-y"] + arguments + [temporary], check=True)
    os.replace(temporary, path)
    return path


def x264(preset="veryfast"):
    # A 2 s GOP (keyframes at 0, 2, 4 … s, no scene-cut keyframes), like streaming encodes.
    return ["-c:v", "libx264", "-preset", preset, "-g", "60", "-sc_threshold", "0", "-pix_fmt", "yuv420p"]


AAC = ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"]
TONE = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"]


def testsrc(size, rate=30):
    return ["-f", "lavfi", "-i", f"testsrc2=size={size}:rate={rate}"]


SEEK_TARGET = 31.9  # 1.9 s after the keyframe at 30 s: 57 frames to decode and discard
SYNC_SECONDS = 30
REALTIME_SECONDS = 20


def prepare_media():
    os.makedirs(CACHE, exist_ok=True)
    m = {}
    m["v1080"] = generate("h264-aac-1080p30-60s.mp4",
                          testsrc("1920x1080") + TONE + ["-t", "60"] + x264() + AAC + ["-movflags", "+faststart"])
    m["v720"] = generate("h264-aac-720p30-60s.mp4",
                         testsrc("1280x720") + TONE + ["-t", "60"] + x264() + AAC + ["-movflags", "+faststart"])
    m["audio"] = generate("aac-60s.m4a", TONE + ["-t", "60"] + AAC + ["-movflags", "+faststart"])
    m["v480_10min"] = generate("h264-aac-480p30-10min.mp4",
                               testsrc("854x480") + TONE + ["-t", "600"] + x264("ultrafast") + AAC
                               + ["-movflags", "+faststart"])
    # Cuts by stream copy: the same packets, shorter.
    m["v480_1min"] = generate("h264-aac-480p30-1min.mp4",
                              ["-i", m["v480_10min"], "-t", "60", "-c", "copy", "-movflags", "+faststart"])
    m["audio_rt"] = generate(f"aac-{REALTIME_SECONDS}s.m4a",
                             ["-i", m["audio"], "-t", str(REALTIME_SECONDS), "-c", "copy", "-movflags", "+faststart"])
    m["v1080_rt"] = generate(f"h264-aac-1080p30-{REALTIME_SECONDS}s.mp4",
                             ["-i", m["v1080"], "-t", str(REALTIME_SECONDS), "-c", "copy", "-movflags", "+faststart"])
    # For players that cannot stop after N frames: the file's first frames only, and the file up
    # to just past the seek target (the target frame and two more).
    m["v1080_head"] = generate("h264-aac-1080p30-head.mp4",
                               ["-i", m["v1080"], "-t", "0.1", "-c", "copy", "-movflags", "+faststart"])
    m["v1080_to_seek"] = generate("h264-aac-1080p30-to-seek.mp4",
                                  ["-i", m["v1080"], "-t", f"{SEEK_TARGET + 0.1:.3f}", "-c", "copy",
                                   "-movflags", "+faststart"])
    # A/V sync clip: black, a white frame at 0.5, 1.5, 2.5 … s, and a 50 ms 1 kHz beep starting at
    # the same instants.
    m["sync"] = generate("sync-flash-beep-30s.mp4", [
        "-f", "lavfi", "-i",
        "color=c=black:size=640x360:rate=30,"
        "drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='eq(mod(n\\,30)\\,15)'",
        "-f", "lavfi", "-i",
        "aevalsrc='0.5*sin(2*PI*1000*t)*lt(mod(t+0.5\\,1)\\,0.05)':s=48000",
        "-t", str(SYNC_SECONDS)] + x264() + ["-c:a", "aac", "-b:a", "128k", "-ac", "1", "-ar", "48000",
                                             "-movflags", "+faststart"])
    m["sync_rt"] = generate(f"sync-flash-beep-{REALTIME_SECONDS}s.mp4",
                            ["-i", m["sync"], "-t", str(REALTIME_SECONDS), "-c", "copy", "-movflags", "+faststart"])
    return m


def probe_frames(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
         "stream=nb_read_packets", "-of", "csv=p=0", path], capture_output=True, text=True, check=True,
    ).stdout.strip()
    return int(out)
