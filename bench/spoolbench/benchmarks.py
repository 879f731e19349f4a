"""The benchmarks of §1–§5 of bench/RESULTS.md (plus what they depend on): what the spool under
test can do, untimed throughput, CPU at 1×, time to first frame (local and over loopback HTTP),
accurate-seek latency, flat memory and the tools' baseline memory. Each returns its runs; the
report (report.py) turns them into tables."""

import os
import shutil
import socket
import subprocess
import tempfile
import time

from .common import CACHE, FFMPEG_BASE, MPV_BASE, SYNC_SINK, fail
from .measure import interleave, measure
from .media import REALTIME_SECONDS, SEEK_TARGET, probe_frames
from .stats import median


# ---------------------------------------------------------------------------------------------
# Capabilities of the spool under test (parts of the CLI are still being built)


def detect_capabilities(spool, media):
    caps = {}
    run = measure([spool, "play", "--untimed", "--vo", "null", "--ao", "null", "--stats", media["v1080_head"]],
                  timeout=60)
    caps["vo_null_decodes"] = run.returncode == 0 and (run.stats().get("framesDecoded") or 0) > 0
    caps["vo"] = ["--vo", "null"] if caps["vo_null_decodes"] else ["--vo", "framemd5:/dev/null"]
    caps["vo_name"] = "null" if caps["vo_null_decodes"] else "framemd5:/dev/null"
    run = measure([spool, "play", "--untimed", "--frames", "1"] + caps["vo"]
                  + ["--ao", "null", "--stats", media["v1080_rt"]], timeout=120)
    presented = run.stats().get("framesPresented")
    caps["frames_works"] = run.returncode == 0 and presented is not None and presented <= 10
    caps["frames_presented_with_frames_1"] = presented
    version = measure([spool, "--version"])
    caps["version"] = version.stdout.strip().splitlines()[0] if version.stdout.strip() else "?"
    return caps


# ---------------------------------------------------------------------------------------------
# 1. Untimed decode + present throughput


def bench_throughput(spool, media, caps, reps):
    results = []
    frames_1080 = probe_frames(media["v1080"])
    frames_720 = probe_frames(media["v720"])
    # Warm the page cache so the first tool does not pay for reading the file.
    for key in ("v1080", "v720"):
        with open(media[key], "rb") as f:
            while f.read(1 << 20):
                pass

    def group(path, frames, threads, label, with_mpv):
        tools = [
            ("spool", [spool, "play", "--untimed", "--decoder-threads", str(threads)] + caps["vo"]
             + ["--ao", "null", "--stats", path]),
            ("ffmpeg -f null", FFMPEG_BASE + ["-threads", str(threads), "-i", path, "-f", "null", "-"]),
        ]
        if with_mpv:
            tools.append(("mpv", MPV_BASE + ["--untimed", "--vo=null", "--ao=null", "--ao-null-untimed",
                                             f"--vd-lavc-threads={threads}", path]))
        if not caps["vo_null_decodes"]:
            # spool's only decoding output hashes every frame: compare like with like too.
            tools.append(("ffmpeg -f framemd5", FFMPEG_BASE + ["-threads", str(threads), "-i", path,
                                                               "-f", "framemd5", "-y", "/dev/null"]))
        runs = interleave(tools, reps, label)
        results.append({"label": label, "path": path, "frames": frames, "threads": threads, "runs": runs})

    group(media["v1080"], frames_1080, 0, "1080p30 60 s, decoder threads auto (0)", True)
    group(media["v720"], frames_720, 1, "720p30 60 s, one decoder thread", False)
    return results


# ---------------------------------------------------------------------------------------------
# 2. CPU per media second at 1x to the PulseAudio null sink


def bench_realtime_cpu(spool, media, caps, reps):
    path = media["audio_rt"]
    sink = os.environ.get("SPOOL_TEST_PULSE_SINK", SYNC_SINK)
    ffplay_env = dict(os.environ, SDL_AUDIODRIVER="pulseaudio")
    tools = [
        ("spool", [spool, "play", "--no-video", "--ao", f"pulse:{sink}", path]),
        ("mpv", MPV_BASE + ["--no-video", "--ao=pulse", path]),
        ("ffplay", lambda: measure(["ffplay", "-nodisp", "-autoexit", "-loglevel", "error", path],
                                   env=ffplay_env)),
    ]
    groups = [{"label": f"audio only (AAC 48 kHz stereo, {REALTIME_SECONDS} s)",
               "runs": interleave(tools, reps, "1x CPU, audio")}]
    if caps["vo_null_decodes"]:
        video = media["v1080_rt"]
        tools = [
            ("spool", [spool, "play", "--vo", "null", "--ao", f"pulse:{sink}", video]),
            ("mpv", MPV_BASE + ["--vo=null", "--ao=pulse", video]),
        ]
        groups.append({"label": f"1080p30 H.264 + AAC, video decoded to a null output ({REALTIME_SECONDS} s)",
                       "runs": interleave(tools, reps, "1x CPU, video")})
    return groups


# ---------------------------------------------------------------------------------------------
# 3. Time to first frame, 4. accurate-seek latency


class LoopbackHTTP:
    """nginx on 127.0.0.1 serving .cache/bench (Range requests, like a real server)."""

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="spool-bench-nginx.")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        user = "user root root;\n" if os.geteuid() == 0 else ""
        config = os.path.join(self.dir, "nginx.conf")
        with open(config, "w") as f:
            f.write(f"""{user}worker_processes 1;
daemon off;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log;
events {{ worker_connections 64; }}
http {{
  access_log off;
  sendfile on;
  client_body_temp_path {self.dir}/body; proxy_temp_path {self.dir}/proxy;
  fastcgi_temp_path {self.dir}/fastcgi; uwsgi_temp_path {self.dir}/uwsgi; scgi_temp_path {self.dir}/scgi;
  types {{ video/mp4 mp4; audio/mp4 m4a; }}
  server {{ listen 127.0.0.1:{self.port}; root {CACHE}; }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-p", self.dir, "-c", config], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.05)
        self.__exit__(None, None, None)
        fail("nginx did not start on loopback")

    def url(self, path):
        return f"http://127.0.0.1:{self.port}/{os.path.basename(path)}"

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def spool_first_frame_command(spool, caps, source, start=None):
    command = [spool, "play"]
    if not caps["frames_works"]:
        command.append("--untimed")  # the input ends right after the wanted frame: no pacing
    if start is not None:
        command += ["--start", f"{start}"]
    return command + ["--frames", "1"] + caps["vo"] + ["--ao", "null", "--stats", source]


def bench_first_frame(spool, media, caps, reps, http):
    # With a working --frames, every tool opens the whole 60 s file and stops after one frame.
    # Without it, every tool opens the same head-only cut (so spool stops after its frames too).
    path = media["v1080"] if caps["frames_works"] else media["v1080_head"]
    groups = []
    for where, source in (("local file", path), ("HTTP from nginx on 127.0.0.1", http.url(path))):
        tools = [
            ("spool", spool_first_frame_command(spool, caps, source)),
            ("mpv", MPV_BASE + ["--frames=1", "--vo=null", "--ao=null", source]),
            ("ffmpeg -frames:v 1", FFMPEG_BASE + ["-i", source, "-frames:v", "1", "-f", "null", "-"]),
        ]
        groups.append({"label": where, "source": source,
                       "runs": interleave(tools, reps, f"first frame, {where}")})
    return groups


def bench_seek(spool, media, caps, reps):
    path = media["v1080"] if caps["frames_works"] else media["v1080_to_seek"]
    base = media["v1080"] if caps["frames_works"] else media["v1080_head"]
    tools = [
        ("spool @0", spool_first_frame_command(spool, caps, base)),
        ("spool @T", spool_first_frame_command(spool, caps, path, start=SEEK_TARGET)),
        ("mpv @0", MPV_BASE + ["--frames=1", "--vo=null", "--ao=null", base]),
        ("mpv @T", MPV_BASE + [f"--start={SEEK_TARGET}", "--hr-seek=yes", "--frames=1", "--vo=null",
                               "--ao=null", path]),
    ]
    return {"path": path, "base": base, "runs": interleave(tools, reps, "accurate seek")}


# ---------------------------------------------------------------------------------------------
# 5. Flat memory


def bench_flat_memory(spool, media, caps, reps):
    tools = [
        ("1 min", [spool, "play", "--untimed"] + caps["vo"] + ["--ao", "null", "--stats", media["v480_1min"]]),
        ("10 min", [spool, "play", "--untimed"] + caps["vo"] + ["--ao", "null", "--stats", media["v480_10min"]]),
        # The audio path alone (cheap), to tell which path grows if the pair above does.
        ("1 min, --no-video", [spool, "play", "--untimed", "--no-video", "--ao", "null", media["v480_1min"]]),
        ("10 min, --no-video", [spool, "play", "--untimed", "--no-video", "--ao", "null", media["v480_10min"]]),
    ]
    return interleave(tools, reps, "flat memory")


def bench_baseline(spool, reps):
    """Peak RSS (KiB) and wall time (s), medians, of each tool doing nothing: `--version`, every
    library loaded and relocated, no media. What a figure's RSS and start-up cannot go below.
    Returns ({name: KiB}, {name: seconds})."""
    tools = [("spool --version", [spool, "--version"]), ("ffmpeg -version", FFMPEG_BASE + ["-version"])]
    if shutil.which("mpv"):
        tools.append(("mpv --version", MPV_BASE[:1] + ["--version"]))
    # Start-up is a few tens of ms, as noisy as the first frame: as many rounds as it has.
    runs = interleave(tools, reps * 4, "baseline")
    return ({name: median([r.max_rss_kb for r in tool_runs]) for name, tool_runs in runs.items()},
            {name: median([r.wall for r in tool_runs]) for name, tool_runs in runs.items()})
