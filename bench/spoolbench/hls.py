"""HLS benchmarks for bench/run (`bench/run hls`): start-up over loopback against ffmpeg (and
mpv), and adaptive bitrate under shaped bandwidth traces against GStreamer's adaptive demuxer
(`gst-play-1.0`, playbin3 + hlsdemux2).

Everything is served by a private nginx on 127.0.0.1 whose access log (request URI, status,
body bytes, Range, completion time) is what both measurements read: which requests a player
made before its first frame, and the variant of every segment it fetched.
"""

import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The shaping proxy stays a script of its own beside bench/run (it runs as a separate process).
SHAPER = os.path.join(os.path.dirname(HERE), "shaper.py")

# Bench-only Debian packages for this part: GStreamer's player and its HLS demuxers and decoders.
GST_PACKAGES = ["gstreamer1.0-tools", "gstreamer1.0-plugins-base-apps", "gstreamer1.0-plugins-base",
                "gstreamer1.0-plugins-good", "gstreamer1.0-plugins-bad", "gstreamer1.0-libav"]

LADDER_NAME = "ladder4"
LADDER_SECONDS = 120
SEGMENT_SECONDS = 2
# (width, height, video kb/s): CBR (x264 nal-hrd=cbr), so a variant's rate is its rate all along.
RUNGS = [(416, 234, 400), (640, 360, 800), (960, 540, 1600), (1280, 720, 3200)]
AUDIO_KBPS = 64

# Bandwidth traces: (name, description, [(second, bits per second)], length in seconds).
TRACES = [
    ("steady", "steady 3 Mb/s", [(0, 3_000_000)], 60),
    ("step", "6 → 1.5 → 6 Mb/s, 25 s each", [(0, 6_000_000), (25, 1_500_000), (50, 6_000_000)], 75),
    ("outage", "3 Mb/s with a 2 s outage at 30 s", [(0, 3_000_000), (30, 0), (32, 3_000_000)], 60),
]

# The near-link ladder (issue 13): BANDWIDTH only, the peak segment rate, as the ffmpeg CLI
# writes a master playlist (no AVERAGE-BANDWIDTH); x264 with a VBV cap (not CBR), so a segment's
# rate varies and the peak is above the average. Its trace's link is set from the ladder so the
# rungs' BANDWIDTH sits at about 60, 70, 80 and 95 % of it.
NEAR_LADDER_NAME = "near4"
NEAR_RUNGS = [(640, 360, 2000), (854, 480, 2350), (960, 540, 2700), (1280, 720, 3250)]
NEAR_TOP_FRACTION = 0.95
NEAR_SECONDS = 60

SEGMENT_PATTERN = re.compile(r"/(?:%s|%s)/v(\d+)/seg(\d+)\.ts$" % (LADDER_NAME, NEAR_LADDER_NAME))


def log(message):
    print(f"[bench hls] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# The ladder


def prepare_ladder(cache, ffmpeg_base):
    """A 4-variant H.264/AAC MPEG-TS ladder with 2 s segments (keyframe-aligned), made once into
    cache/hls/ladder4. The master's BANDWIDTH / AVERAGE-BANDWIDTH are measured from the segment
    files (peak and mean segment bit rate), as a packager would write them."""
    root = os.path.join(cache, "hls")
    directory = os.path.join(root, LADDER_NAME)
    master = os.path.join(directory, "master.m3u8")
    if os.path.exists(master):
        return root, read_variants(directory)
    log("generating the 4-variant HLS ladder (once; cached in .cache/bench/hls)")
    staging = directory + ".tmp"
    subprocess.run(["rm", "-rf", staging], check=True)
    os.makedirs(staging)
    split = f"[0:v]split={len(RUNGS)}" + "".join(f"[s{i}]" for i in range(len(RUNGS))) + ";"
    split += ";".join(f"[s{i}]scale={w}:{h}[v{i}]" for i, (w, h, _) in enumerate(RUNGS))
    arguments = ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25",
                 "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                 "-t", str(LADDER_SECONDS), "-filter_complex", split]
    for i in range(len(RUNGS)):
        arguments += ["-map", f"[v{i}]"]
    for i in range(len(RUNGS)):
        arguments += ["-map", "1:a"]
    arguments += ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50",
                  "-keyint_min", "50", "-sc_threshold", "0", "-x264-params", "nal-hrd=cbr"]
    for i, (_, _, kbps) in enumerate(RUNGS):
        arguments += [f"-b:v:{i}", f"{kbps}k", f"-maxrate:v:{i}", f"{kbps}k", f"-bufsize:v:{i}", f"{kbps}k"]
    arguments += ["-c:a", "aac", "-b:a", f"{AUDIO_KBPS}k", "-ac", "1",
                  "-f", "hls", "-hls_time", str(SEGMENT_SECONDS), "-hls_playlist_type", "vod",
                  "-master_pl_name", "master.m3u8",
                  "-var_stream_map", " ".join(f"v:{i},a:{i}" for i in range(len(RUNGS))),
                  "-hls_segment_filename", os.path.join(staging, "v%v", "seg%03d.ts"),
                  os.path.join(staging, "v%v", "index.m3u8")]
    subprocess.run(ffmpeg_base + ["-y"] + arguments, check=True)
    rewrite_master(staging)
    subprocess.run(["rm", "-rf", directory], check=True)
    os.replace(staging, directory)
    return root, read_variants(directory)


def media_segments(playlist):
    """[(duration, uri)] of a media playlist."""
    segments = []
    duration = None
    with open(playlist) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#EXTINF:"):
                duration = float(line[len("#EXTINF:"):].split(",")[0])
            elif line and not line.startswith("#") and duration is not None:
                segments.append((duration, line))
                duration = None
    return segments


def rewrite_master(directory):
    lines = open(os.path.join(directory, "master.m3u8")).read().splitlines()
    out = []
    for index, line in enumerate(lines):
        if line.startswith("#EXT-X-STREAM-INF:"):
            uri = lines[index + 1].strip()
            variant_dir = os.path.join(directory, os.path.dirname(uri))
            segments = media_segments(os.path.join(directory, uri))
            sizes = [(d, os.path.getsize(os.path.join(variant_dir, name))) for d, name in segments]
            peak = max(int(size * 8 / d) for d, size in sizes)
            average = int(sum(size for _, size in sizes) * 8 / sum(d for d, _ in sizes))
            line = re.sub(r"BANDWIDTH=\d+", f"BANDWIDTH={peak},AVERAGE-BANDWIDTH={average}", line)
            line = re.sub(r"AVERAGE-BANDWIDTH=\d+,AVERAGE-BANDWIDTH", "AVERAGE-BANDWIDTH", line)
            if "FRAME-RATE" not in line:
                line += ",FRAME-RATE=25.000"
        out.append(line)
    with open(os.path.join(directory, "master.m3u8"), "w") as f:
        f.write("\n".join(out) + "\n")


def read_variants(directory):
    """[{index, bandwidth, average, resolution}] from the master, in its order."""
    variants = []
    lines = open(os.path.join(directory, "master.m3u8")).read().splitlines()
    for line in lines:
        if line.startswith("#EXT-X-STREAM-INF:"):
            bandwidth = int(re.search(r"(?<!-)BANDWIDTH=(\d+)", line).group(1))
            average = int(re.search(r"AVERAGE-BANDWIDTH=(\d+)", line).group(1))
            resolution = re.search(r"RESOLUTION=(\d+x\d+)", line).group(1)
            variants.append({"index": len(variants), "bandwidth": bandwidth, "average": average,
                             "resolution": resolution})
    return variants


def prepare_near_ladder(cache, ffmpeg_base):
    """The near-link ladder, made once into cache/hls/near4: its master declares BANDWIDTH (the
    peak segment rate) only; the mean rates, which the best-sustainable figure needs, are kept
    beside it in rates.txt (index average), not in the playlist."""
    root = os.path.join(cache, "hls")
    directory = os.path.join(root, NEAR_LADDER_NAME)
    master = os.path.join(directory, "master.m3u8")
    if not os.path.exists(master):
        log("generating the near-link HLS ladder (once; cached in .cache/bench/hls)")
        staging = directory + ".tmp"
        subprocess.run(["rm", "-rf", staging], check=True)
        os.makedirs(staging)
        split = f"[0:v]split={len(NEAR_RUNGS)}" + "".join(f"[s{i}]" for i in range(len(NEAR_RUNGS))) + ";"
        split += ";".join(f"[s{i}]scale={w}:{h}[v{i}]" for i, (w, h, _) in enumerate(NEAR_RUNGS))
        arguments = ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25",
                     "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                     "-t", str(LADDER_SECONDS), "-filter_complex", split]
        for i in range(len(NEAR_RUNGS)):
            arguments += ["-map", f"[v{i}]"]
        for i in range(len(NEAR_RUNGS)):
            arguments += ["-map", "1:a"]
        arguments += ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50",
                      "-keyint_min", "50", "-sc_threshold", "0"]
        for i, (_, _, kbps) in enumerate(NEAR_RUNGS):
            arguments += [f"-b:v:{i}", f"{kbps}k", f"-maxrate:v:{i}", f"{kbps * 5 // 4}k",
                          f"-bufsize:v:{i}", f"{kbps * 2}k"]
        arguments += ["-c:a", "aac", "-b:a", f"{AUDIO_KBPS}k", "-ac", "1",
                      "-f", "hls", "-hls_time", str(SEGMENT_SECONDS), "-hls_playlist_type", "vod",
                      "-master_pl_name", "master.m3u8",
                      "-var_stream_map", " ".join(f"v:{i},a:{i}" for i in range(len(NEAR_RUNGS))),
                      "-hls_segment_filename", os.path.join(staging, "v%v", "seg%03d.ts"),
                      os.path.join(staging, "v%v", "index.m3u8")]
        subprocess.run(ffmpeg_base + ["-y"] + arguments, check=True)
        lines = open(os.path.join(staging, "master.m3u8")).read().splitlines()
        out, rates = [], []
        for index, line in enumerate(lines):
            if line.startswith("#EXT-X-STREAM-INF:"):
                uri = lines[index + 1].strip()
                variant_dir = os.path.join(staging, os.path.dirname(uri))
                segments = media_segments(os.path.join(staging, uri))
                sizes = [(d, os.path.getsize(os.path.join(variant_dir, name))) for d, name in segments]
                peak = max(int(size * 8 / d) for d, size in sizes)
                rates.append(int(sum(size for _, size in sizes) * 8 / sum(d for d, _ in sizes)))
                line = re.sub(r",AVERAGE-BANDWIDTH=\d+", "", line)
                line = re.sub(r"(?<!-)BANDWIDTH=\d+", f"BANDWIDTH={peak}", line)
            out.append(line)
        with open(os.path.join(staging, "master.m3u8"), "w") as f:
            f.write("\n".join(out) + "\n")
        with open(os.path.join(staging, "rates.txt"), "w") as f:
            f.write("".join(f"{i} {rate}\n" for i, rate in enumerate(rates)))
        subprocess.run(["rm", "-rf", directory], check=True)
        os.replace(staging, directory)
    averages = {}
    for line in open(os.path.join(directory, "rates.txt")):
        index, rate = line.split()
        averages[int(index)] = int(rate)
    variants = []
    for line in open(master).read().splitlines():
        if line.startswith("#EXT-X-STREAM-INF:"):
            bandwidth = int(re.search(r"(?<!-)BANDWIDTH=(\d+)", line).group(1))
            resolution = re.search(r"RESOLUTION=(\d+x\d+)", line).group(1)
            index = len(variants)
            variants.append({"index": index, "bandwidth": bandwidth, "average": averages[index],
                             "resolution": resolution})
    return variants


def near_trace(variants):
    """The near-link trace: a steady link at which the top rung's BANDWIDTH is 95 %."""
    link = int(max(v["bandwidth"] for v in variants) / NEAR_TOP_FRACTION)
    rungs = ", ".join(f"{v['bandwidth'] / link * 100:.0f}" for v in variants)
    return ("near", f"steady {link / 1e6:.2f} Mb/s, BANDWIDTH-only rungs at {rungs} % of it",
            [(0, link)], NEAR_SECONDS)


# ---------------------------------------------------------------------------------------------
# nginx with an access log, and the shaping proxy


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            if process.poll() is not None:
                return False
            time.sleep(0.02)
    return False


class Request:
    def __init__(self, logged_at, uri, status, body_bytes, range_header, request_time):
        self.logged_at = logged_at
        self.uri = uri
        self.status = status
        self.body_bytes = body_bytes
        self.range = range_header
        self.request_time = request_time

    @property
    def segment(self):
        """(variant, sequence number) for a ladder segment, else None."""
        match = SEGMENT_PATTERN.search(self.uri.split("?")[0])
        return (int(match.group(1)), int(match.group(2))) if match else None


class Nginx:
    """nginx on 127.0.0.1 serving `root`, logging every request to an access log we read."""

    LINE = re.compile(r'^(\S+) "([^"]*)" (\d+) (\d+) "([^"]*)" (\S+)$')

    def __init__(self, root):
        self.root = root

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="spool-bench-hls-nginx.")
        self.port = free_port()
        self.log_path = os.path.join(self.dir, "access.log")
        user = "user root root;\n" if os.geteuid() == 0 else ""
        config = os.path.join(self.dir, "nginx.conf")
        with open(config, "w") as f:
            f.write(f"""{user}worker_processes 1;
daemon off;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log;
events {{ worker_connections 256; }}
http {{
  log_format bench '$msec "$request_uri" $status $body_bytes_sent "$http_range" $request_time';
  access_log {self.log_path} bench;
  sendfile on;
  keepalive_timeout 60s;
  client_body_temp_path {self.dir}/body; proxy_temp_path {self.dir}/proxy;
  fastcgi_temp_path {self.dir}/fastcgi; uwsgi_temp_path {self.dir}/uwsgi; scgi_temp_path {self.dir}/scgi;
  types {{ application/vnd.apple.mpegurl m3u8; video/mp2t ts; video/mp4 mp4; }}
  server {{ listen 127.0.0.1:{self.port}; root {self.root}; }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-p", self.dir, "-c", config], stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_for_port(self.port, self.process):
            self.__exit__(None, None, None)
            raise RuntimeError("nginx did not start on loopback")
        return self

    def mark(self):
        """A position in the access log: requests after it are `requests_since(mark)`."""
        return os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0

    def requests_since(self, mark, settle=0.3):
        time.sleep(settle)  # nginx writes a line when the response is done (or the client left)
        with open(self.log_path) as f:
            f.seek(mark)
            text = f.read()
        requests = []
        for line in text.splitlines():
            match = self.LINE.match(line.strip())
            if match:
                requests.append(Request(float(match.group(1)), match.group(2), int(match.group(3)),
                                        int(match.group(4)), match.group(5) if match.group(5) != "-" else None,
                                        float(match.group(6))))
        return requests

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        subprocess.run(["rm", "-rf", self.dir])


class Shaper:
    """bench/shaper.py in front of nginx, following one trace."""

    def __init__(self, upstream_port, trace):
        self.upstream = upstream_port
        self.trace = ",".join(f"{t}:{bps}" for t, bps in trace)

    def __enter__(self):
        self.port = free_port()
        self.process = subprocess.Popen([sys.executable, SHAPER, "--listen", str(self.port), "--upstream",
                                         str(self.upstream), "--trace", self.trace],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if self.process.stdout.readline().strip() != b"ready":
            self.__exit__(None, None, None)
            raise RuntimeError("the shaping proxy did not start")
        return self

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# ---------------------------------------------------------------------------------------------
# Start-up: time to first frame, and what was fetched before it


def bench_startup(spool, measure, interleave, mpv_base, ffmpeg_base, root, reps):
    """Per tool: [(Run, requests)], interleaved rounds. Unshaped nginx on loopback."""
    results = {}
    with Nginx(root) as nginx:
        url = f"http://127.0.0.1:{nginx.port}/{LADDER_NAME}/master.m3u8"
        tools = [
            ("spool", [spool, "play", "--no-mpris", "--vo", "null", "--ao", "null", "--frames", "1", "--stats", url]),
            ("ffmpeg -frames:v 1", ffmpeg_base + ["-i", url, "-frames:v", "1", "-f", "null", "-"]),
        ]
        if mpv_base:
            tools.append(("mpv", mpv_base + ["--frames=1", "--vo=null", "--ao=null", url]))

        def with_requests(name, command):
            def run():
                mark = nginx.mark()
                outcome = measure(command, timeout=60)
                outcome.requests = nginx.requests_since(mark)
                return outcome
            return run

        runs = interleave([(name, with_requests(name, command)) for name, command in tools], reps,
                          "HLS first frame")
        results = {"url_path": f"/{LADDER_NAME}/master.m3u8", "runs": runs}
    return results


# ---------------------------------------------------------------------------------------------
# Adaptive bitrate under a bandwidth trace


class PlayerRun:
    """One player run through the shaper: its output lines with arrival times, and the requests."""

    def __init__(self):
        self.lines = []  # (seconds since start, text)
        self.requests = []
        self.returncode = None
        self.stats = {}
        self.started = None


def run_player(command, seconds, nginx, shaper_trace, env=None, ladder=LADDER_NAME):
    """Starts `command` (a function of the URL) through a fresh shaper, stops it with SIGINT after
    `seconds` (SIGKILL 5 s later), and returns a PlayerRun."""
    outcome = PlayerRun()
    with Shaper(nginx.port, shaper_trace) as shaper:
        url = f"http://127.0.0.1:{shaper.port}/{ladder}/master.m3u8"
        mark = nginx.mark()
        outcome.started = time.time()
        start = time.monotonic()
        process = subprocess.Popen(command(url), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, env=env, start_new_session=True)

        def read():
            buffer = b""
            while True:
                chunk = process.stdout.read1(4096) if hasattr(process.stdout, "read1") else process.stdout.read(1)
                if not chunk:
                    break
                buffer += chunk
                while True:
                    cut = min([i for i in (buffer.find(b"\n"), buffer.find(b"\r")) if i >= 0], default=-1)
                    if cut < 0:
                        break
                    line, buffer = buffer[:cut], buffer[cut + 1:]
                    if line.strip():
                        outcome.lines.append((time.monotonic() - start, line.decode(errors="replace").strip()))
            if buffer.strip():
                outcome.lines.append((time.monotonic() - start, buffer.decode(errors="replace").strip()))

        reader = threading.Thread(target=read)
        reader.start()
        try:
            process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        reader.join()
        outcome.returncode = process.returncode
        outcome.requests = nginx.requests_since(mark, settle=0.5)
    for _, line in reversed(outcome.lines):
        if line.startswith("{"):
            try:
                import json
                outcome.stats = json.loads(line)
            except ValueError:
                pass
            break
    return outcome


def gst_buffering(lines):
    """(rebuffers after start, seconds rebuffering, seconds to first 100%) from gst-play's
    `Buffering... N%` lines: a rebuffer is a drop below 100% after the first 100%."""
    first_full = None
    rebuffers = 0
    stall_time = 0.0
    stalled_since = None
    for t, line in lines:
        match = re.match(r"Buffering\.\.\.\s*(\d+)%", line)
        if not match:
            continue
        percent = int(match.group(1))
        if percent >= 100:
            if first_full is None:
                first_full = t
            if stalled_since is not None:
                stall_time += t - stalled_since
                stalled_since = None
        elif first_full is not None and stalled_since is None:
            rebuffers += 1
            stalled_since = t
    if stalled_since is not None:
        stall_time += lines[-1][0] - stalled_since if lines else 0
    return rebuffers, stall_time, first_full


def segment_choices(requests, trace_seconds):
    """{sequence: variant} for the segments of the first `trace_seconds` of media, from the last
    completed (200/206, non-empty) request for each; plus the list of every segment response in
    order of completion (abandoned or repeated downloads included)."""
    chosen = {}
    fetched = []
    last_sequence = int(trace_seconds / SEGMENT_SECONDS)
    for request in requests:
        segment = request.segment
        if segment is None:
            continue
        variant, sequence = segment
        fetched.append((request.logged_at, variant, sequence, request.status, request.body_bytes))
        if request.status in (200, 206) and request.body_bytes > 0 and sequence < last_sequence:
            chosen[sequence] = variant
    return chosen, fetched


def best_sustainable(variants, trace, seconds):
    """The time-weighted mean of the best sustainable variant's BANDWIDTH over the trace (the
    highest variant whose AVERAGE-BANDWIDTH fits the link), sampled every 0.1 s."""
    by_rate = sorted(variants, key=lambda v: v["average"])
    total = 0.0
    samples = int(seconds * 10)
    for i in range(samples):
        t = i / 10
        rate = [bps for start, bps in trace if start <= t][-1]
        fitting = [v for v in by_rate if v["average"] <= rate]
        total += (fitting[-1] if fitting else by_rate[0])["bandwidth"]
    return total / samples


def summarize(variants, chosen, trace_seconds):
    """Mean indicated bitrate (BANDWIDTH, each segment weighing its duration), switches, and
    the variant sequence."""
    sequence = [chosen[s] for s in sorted(chosen)]
    if not sequence:
        return None, 0, sequence
    bandwidth = {v["index"]: v["bandwidth"] for v in variants}
    mean = sum(bandwidth[v] for v in sequence) / len(sequence)
    switches = sum(1 for a, b in zip(sequence, sequence[1:]) if a != b)
    return mean, switches, sequence


def bench_abr(spool, root, variants, near_variants=None):
    """For each trace, spool and gst-play (playbin3, hlsdemux2), each through its own shaper; the
    order alternates from trace to trace (spool first, then gst-play first), so a change in the
    shared machine's load does not always fall on the same player."""
    results = []
    gst = shutil_which("gst-play-1.0")
    gst_env = dict(os.environ, GST_DEBUG="hlsdemux2:4,adaptivedemux2:3", GST_DEBUG_NO_COLOR="1",
                   GST_DEBUG_FILE="/dev/null")
    traces = [(name, description, trace, seconds, LADDER_NAME, variants)
              for name, description, trace, seconds in TRACES]
    if near_variants:
        traces.append(near_trace(near_variants) + (NEAR_LADDER_NAME, near_variants))
    with Nginx(root) as nginx:
        for number, (name, description, trace, seconds, ladder, ladder_variants) in enumerate(traces):
            entry = {"name": name, "description": description, "trace": trace, "seconds": seconds,
                     "ladder": ladder, "variants": ladder_variants,
                     "best": best_sustainable(ladder_variants, trace, seconds)}
            players = [("spool", lambda url: [spool, "play", "--no-mpris", "--vo", "null", "--ao", "null",
                                              "--stats", url], None)]
            if gst:
                players.append(("gst", lambda url: [gst, "--use-playbin3", "--no-interactive", "--videosink",
                                                    "fakesink sync=true", "--audiosink", "fakesink sync=true",
                                                    url], gst_env))
            if number % 2:
                players.reverse()
            for key, command, env in players:
                log(f"ABR trace {name}: {'spool' if key == 'spool' else 'gst-play-1.0'}")
                entry[key] = run_player(command, seconds, nginx, trace, env=env, ladder=ladder)
            results.append(entry)
    return results


def shutil_which(name):
    import shutil
    return shutil.which(name)


# ---------------------------------------------------------------------------------------------
# The report section


def mbps(bps):
    return f"{bps / 1e6:.2f} Mb/s" if bps is not None else "—"


def report_section(startup, abr, variants, reps, command):
    lines = []
    add = lines.append
    add("## 7. HLS over loopback (`bench/run hls`)")
    add("")
    ladder = ", ".join(f"{v['resolution']} {v['average'] / 1e6:.2f} Mb/s" for v in variants)
    add(f"Ladder: {len(variants)} variants made by the ffmpeg CLI (testsrc2 + sine, x264 CBR via "
        f"`nal-hrd=cbr`, AAC {AUDIO_KBPS} kb/s, MPEG-TS, {SEGMENT_SECONDS} s segments, {LADDER_SECONDS} s): "
        f"{ladder} (AVERAGE-BANDWIDTH; BANDWIDTH is the peak segment rate). Served by nginx on 127.0.0.1; "
        "every request is read back from its access log. Command: `" + command + "`.")
    add("")
    if startup:
        add("### Time to first frame and what was fetched before it")
        add("")
        add("Wall time of the whole process for one frame of the master playlist (unshaped loopback): spool "
            "`play --vo null --ao null --frames 1 URL` (release build), `ffmpeg -i URL -frames:v 1 -f null -`"
            + (", `mpv --frames=1 --vo=null --ao=null URL`" if "mpv" in startup["runs"] else "")
            + f". {reps} interleaved rounds. Requests and body bytes are every request nginx logged during the "
            "process's life, which ends right after its first frame — not only those needed for it: ffmpeg and "
            "mpv open every variant (all media playlists, two segments of each) before their first frame, while "
            "spool needs the multivariant playlist, one media playlist and one segment "
            "(`HLSPlaybackIntegrationTests.startupRequests`) and its download thread keeps fetching ahead in "
            "parallel (unshaped loopback: about ten 2-s segments, and an up-switch, in ~100 ms). "
            "Ratio spool/peer, **lower is better**.")
        add("")
        add("| tool | time to first frame | requests in the run | playlists | segments | bytes | spool/tool time |")
        add("|---|---|---|---|---|---|---|")
        runs = startup["runs"]
        spool_walls = [r.wall for r in runs["spool"]]
        for name, tool_runs in runs.items():
            walls = [r.wall for r in tool_runs if r.wall is not None]
            requests = tool_runs[-1].requests if tool_runs else []
            playlists = sum(1 for q in requests if q.uri.endswith(".m3u8"))
            segments = sum(1 for q in requests if q.segment is not None)
            body = sum(q.body_bytes for q in requests)
            if name == "spool" or not walls:
                ratio = "—"
            else:
                ratios = [a / b for a, b in zip(spool_walls, [r.wall for r in tool_runs])
                          if a is not None and b not in (None, 0)]
                ratio = (f"**{statistics.median(ratios):.2f}×** ({min(ratios):.2f}–{max(ratios):.2f})"
                         if ratios else "—")
            failed = sum(1 for r in tool_runs if not r.ok)
            label = f"{name} ({failed} of {len(tool_runs)} failed)" if failed else name
            cell = (f"{statistics.median(walls) * 1000:.0f} ms ({min(walls) * 1000:.0f}–{max(walls) * 1000:.0f})"
                    if walls else "—")
            add(f"| {label} | {cell} | {len(requests)} | {playlists} | {segments} | {body / 1024:.0f} KiB | {ratio} |")
        add("")
        ffmpeg_ratios = [a / b for a, b in zip(spool_walls, [r.wall for r in runs.get("ffmpeg -frames:v 1", [])])
                         if a is not None and b not in (None, 0)]
        if ffmpeg_ratios:
            ratio = statistics.median(ffmpeg_ratios)
            add(f"Target (issue 4) time to first frame ≤ `ffmpeg -frames:v 1` on the same master: {ratio:.2f}× — "
                + ("**met**." if ratio <= 1 else "**missed** in this run."))
            add("")
        for name, tool_runs in runs.items():
            if tool_runs:
                uris = [q.uri for q in tool_runs[-1].requests]
                add(f"- {name}, last round's requests in order: " + ", ".join(f"`{u}`" for u in uris))
        add("")
    if abr:
        add("### Adaptive bitrate under bandwidth traces")
        add("")
        add("A shaping proxy (`bench/shaper.py`, stdlib asyncio) sits between the player and nginx: all of the "
            "player's connections share one token bucket whose rate follows the trace from the player's first "
            "connection; an outage passes nothing. Each player plays for the trace's length in real time and is "
            "then stopped (SIGINT). spool: `spool play --vo null --ao null --stats URL` (stalls and stall time "
            "from `--stats`). GStreamer: `gst-play-1.0 --use-playbin3 --videosink 'fakesink sync=true' "
            "--audiosink 'fakesink sync=true' URL` (hlsdemux2; a stall is its `Buffering… N%` dropping below "
            "100% after the first 100%, which pauses playback). For both, the variant of each segment and so "
            "the **mean indicated bitrate** (the chosen variant's BANDWIDTH, averaged over the segments of the "
            "trace's first N seconds of media, taking the last completed download of each) and the **switches** "
            "come from nginx's access log. *Best sustainable* is the time-weighted BANDWIDTH of the highest "
            "variant whose AVERAGE-BANDWIDTH fits the link at each instant (for the near-link ladder, whose "
            "playlist has none, the mean segment rate measured from its files). Start-up: spool's `startupTime` "
            "(engine start to first frame); gst-play's first `Buffering… 100%` after launch. One run per player "
            "and trace; the order alternates from trace to trace (spool first, then gst-play first).")
        add("")
        near = next((e for e in abr if e.get("ladder") == NEAR_LADDER_NAME), None)
        if near:
            rungs = ", ".join(f"{v['resolution']} {v['bandwidth'] / 1e6:.2f} Mb/s (mean {v['average'] / 1e6:.2f})"
                              for v in near["variants"])
            add(f"Near-link ladder (issue 13): {len(near['variants'])} variants by the ffmpeg CLI, x264 with a VBV "
                f"cap (maxrate 1.25× the bitrate, so not CBR), the master declaring BANDWIDTH only — the peak "
                f"segment rate, as ffmpeg writes it: {rungs}. Its trace's link is the top BANDWIDTH / "
                f"{NEAR_TOP_FRACTION}.")
            add("")
        add("| trace | player | stalls | stall time | mean indicated | of best sustainable | switches | per 20 s | start-up | variants played (segment by segment) |")
        add("|---|---|---|---|---|---|---|---|---|---|")
        for entry in abr:
            for player in ("spool", "gst"):
                run = entry.get(player)
                if run is None:
                    continue
                chosen, fetched = segment_choices(run.requests, entry["seconds"])
                mean, switches, sequence = summarize(entry.get("variants", variants), chosen, entry["seconds"])
                if player == "spool":
                    stalls = run.stats.get("stalls")
                    stall_time = run.stats.get("stallTime")
                    startup_time = run.stats.get("startupTime")
                    label = "spool"
                else:
                    stalls, stall_time, startup_time = gst_buffering(run.lines)
                    label = "gst-play-1.0"
                fraction = mean / entry["best"] if mean else None
                per20 = switches * 20 / entry["seconds"]
                run.summary = {"stalls": stalls, "stallTime": stall_time, "mean": mean, "fraction": fraction,
                               "switches": switches, "per20": per20, "startup": startup_time}
                add(f"| {entry['description']} | {label} | {stalls if stalls is not None else '—'} | "
                    f"{stall_time:.2f} s | {mbps(mean)} | "
                    f"{fraction * 100:.0f}% of {mbps(entry['best'])} | {switches} | {per20:.2f} | "
                    + (f"{startup_time:.2f} s" if startup_time is not None else "—")
                    + f" | {''.join(str(v) for v in sequence)} |"
                    if fraction is not None and stall_time is not None else
                    f"| {entry['description']} | {label} | failed (exit {run.returncode}) | | | | | | | |")
        add("")
        add("Targets (issue 4): start-up under 1 s on loopback; zero stalls; mean indicated bitrate ≥ 85% of the "
            "best sustainable variant; fewer than one switch per 20 s on steady bandwidth; spool at least matches "
            "gst-play-1.0 on stalls and bitrate. Issue 13 adds the near-link ladder, zero stalls on every trace "
            "and ≥ 90% of the best sustainable variant on the steady links.")
        add("")
        missed = []
        add("| target | trace | spool | gst-play-1.0 | verdict |")
        add("|---|---|---|---|---|")
        for entry in abr:
            s = getattr(entry.get("spool"), "summary", None)
            g = getattr(entry.get("gst"), "summary", None)
            if not s:
                continue
            rows = []
            rows.append(("zero stalls", f"{s['stalls']}", f"{g['stalls']}" if g else "—",
                         s["stalls"] == 0))
            if entry["name"] in ("steady", "near"):
                rows.append(("mean indicated ≥ 90% of best sustainable (issue 13)", f"{s['fraction'] * 100:.0f}%",
                             f"{g['fraction'] * 100:.0f}%" if g and g["fraction"] else "—",
                             s["fraction"] is not None and s["fraction"] >= 0.90))
            rows.append(("mean indicated ≥ 85% of best sustainable", f"{s['fraction'] * 100:.0f}%",
                         f"{g['fraction'] * 100:.0f}%" if g and g["fraction"] else "—",
                         s["fraction"] is not None and s["fraction"] >= 0.85))
            if entry["name"] == "steady":
                rows.append(("< 1 switch per 20 s", f"{s['per20']:.2f}", f"{g['per20']:.2f}" if g else "—",
                             s["per20"] < 1))
                rows.append(("start-up < 1 s", f"{s['startup']:.2f} s" if s["startup"] is not None else "—",
                             f"{g['startup']:.2f} s" if g and g["startup"] is not None else "—",
                             s["startup"] is not None and s["startup"] < 1))
            if g:
                rows.append(("stalls ≤ gst-play's", f"{s['stalls']}", f"{g['stalls']}", s["stalls"] <= g["stalls"]))
                rows.append(("mean indicated ≥ gst-play's", mbps(s["mean"]), mbps(g["mean"]),
                             (s["mean"] or 0) >= (g["mean"] or 0)))
            for target, sv, gv, met in rows:
                add(f"| {target} | {entry['description']} | {sv} | {gv} | {'**met**' if met else '**missed**'} |")
                if not met:
                    missed.append(target)
        add("")
        if "mean indicated ≥ gst-play's" in missed:
            add("**Why spool's mean bitrate can trail gst-play's.** Both start low (spool on the default 1.5 Mb/s "
                "estimate, 0.7 of it; gst-play on its lowest). hlsdemux2 switches up as soon as one segment's "
                "throughput allows; spool's `AdaptiveBitrateController` goes up with a whole segment buffered and "
                "the higher variant within 0.7 of the estimate, or, once the buffer reaches the variant's BOLA "
                "level, within 0.97 of it, so its first segments can stay on the start variant a little longer; "
                "over a 60 s trace each such segment is about 1.5% of the mean.")
            add("")
    return "\n".join(lines).rstrip() + "\n"
