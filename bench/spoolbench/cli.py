"""bench/run's command line and the order of a run: prepare outside the test services, re-execute
inside them, measure, save the results as JSON, write the report from them."""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import spoolbench

from . import hls, results
from .benchmarks import (LoopbackHTTP, bench_baseline, bench_first_frame, bench_flat_memory,
                         bench_realtime_cpu, bench_seek, bench_throughput, detect_capabilities)
from .common import CACHE, ENTRY, FFMPEG_BASE, MPV_BASE, RESULTS, RESULTS_JSON, ROOT, fail, log
from .machine import first_line, machine_line
from .measure import interleave, measure
from .media import prepare_media
from .memory import bench_memory_stages
from .prepare import build_probe, build_spool, ensure_packages
from .report import read_other_sections, write_hls_section, write_report
from .sync import bench_sync


def run_hls(spool, reps, out, json_path, started):
    """The HLS benchmarks: start-up (2 × reps rounds) and the ABR traces (one run per player each)."""
    root, variants = hls.prepare_ladder(CACHE, FFMPEG_BASE)
    mpv = MPV_BASE if shutil.which("mpv") else None
    startup = hls.bench_startup(spool, measure, interleave, mpv, FFMPEG_BASE, root, reps * 2)
    near = hls.prepare_near_ladder(CACHE, FFMPEG_BASE)
    abr = hls.bench_abr(spool, root, variants, near)
    results.save(json_path, "hls", {"startup": startup, "abr": abr, "variants": variants, "reps": reps * 2})
    # The section is written from the saved results, as the core report is.
    saved = results.load(json_path)["hls"]
    version = measure([spool, "--version"]).stdout.strip().splitlines()
    gst = first_line(["gst-play-1.0", "--version"]) if shutil.which("gst-play-1.0") else "gst-play-1.0 not installed"
    machine = machine_line({"version": version[0] if version else "?"})
    section = hls.report_section(saved["startup"], saved["abr"], saved["variants"], saved["reps"], "bench/run hls")
    section = section.replace("\n\n", f"\n\n**Machine:** {machine}; {gst}. HLS run: "
                              f"{(time.time() - started) / 60:.1f} min.\n\n", 1)
    write_hls_section(out, section)
    log(f"wrote the HLS section of {os.path.relpath(out, ROOT)}")


def write_core_report(out, json_path):
    """Rewrites the report's first part from the saved "core" results, keeping the sections the
    other benchmarks wrote after it."""
    saved = results.load(json_path).get("core")
    if saved is None:
        fail(f"no saved results in {json_path}: run bench/run first")
    others = read_other_sections(out)
    write_report(out, saved)
    if others:
        with open(out, "a") as f:
            f.write("\n" + others)


def main():
    parser = argparse.ArgumentParser(description=spoolbench.__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=int(os.environ.get("BENCH_REPS", "5")),
                        help="interleaved rounds per measurement (default 5)")
    parser.add_argument("--out", default=RESULTS, help="report path (default bench/RESULTS.md)")
    parser.add_argument("--json", default=RESULTS_JSON,
                        help="results path, what the report is written from (default .cache/bench/results.json)")
    parser.add_argument("suite", nargs="?", choices=["all", "core", "hls"], default="all",
                        help="all benchmarks (default), all but the HLS ones (core), or only the HLS ones")
    parser.add_argument("--report-only", action="store_true",
                        help="rewrite the report from the last run's saved measurements")
    args = parser.parse_args()
    if args.reps < 1:
        fail("--reps must be at least 1")
    if args.report_only:
        write_core_report(args.out, args.json)
        return

    if os.environ.get("SPOOL_BENCH_PREPARED") != "1":
        ensure_packages()
        spool = build_spool()
        os.makedirs(CACHE, exist_ok=True)
        if args.suite != "hls":
            prepare_media()
        env = dict(os.environ, SPOOL_BENCH_PREPARED="1", SPOOL_BENCH_BINARY=spool,
                   SPOOL_BENCH_STARTED=str(time.time()))
        # Measure inside the test services (a private PulseAudio with null sinks).
        command = [os.path.join(ROOT, "scripts", "with-test-services"), sys.executable, ENTRY,
                   "--reps", str(args.reps), "--out", os.path.abspath(args.out),
                   "--json", os.path.abspath(args.json), args.suite]
        sys.exit(subprocess.run(command, env=env).returncode)

    started = float(os.environ.get("SPOOL_BENCH_STARTED", time.time()))
    spool = os.environ["SPOOL_BENCH_BINARY"]
    if not os.environ.get("PULSE_SERVER"):
        fail("no PulseAudio server (run through scripts/with-test-services)")
    # Every run starts at 0: a run stopped early (--frames, a timed window) must not make the
    # next one resume mid-way. The config directory is the test services' throw-away one.
    config = os.path.join(os.environ["XDG_CONFIG_HOME"], "spool")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "spool.conf"), "w") as f:
        f.write("# bench/run: measure from the start every time\nno-resume\n")
    if args.suite == "hls":
        run_hls(spool, args.reps, args.out, args.json, started)
        return
    media = prepare_media()
    probe = build_probe()
    caps = detect_capabilities(spool, media)
    log(f"spool: {caps['version']}; --vo null decodes: {caps['vo_null_decodes']}; --frames works: "
        f"{caps['frames_works']}")
    reps = args.reps
    work = tempfile.mkdtemp(prefix="spool-bench.")
    try:
        throughput = bench_throughput(spool, media, caps, reps)
        realtime = bench_realtime_cpu(spool, media, caps, reps)
        with LoopbackHTTP() as http:
            # About 130 ms a run, and one round's ratio swings ±20 % on a shared machine: 4x the
            # rounds, so the median ratio can tell a few per cent.
            first = bench_first_frame(spool, media, caps, reps * 4, http)
        seek = bench_seek(spool, media, caps, reps * 2)
        flat = bench_flat_memory(spool, media, caps, max(2, reps - 2))
        caps["baseline"], caps["baseline_wall"] = bench_baseline(spool, reps)
        memory = bench_memory_stages(spool, media["v1080"], reps)
        sync = bench_sync(spool, media, caps, probe, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    results.save(args.json, "core", {
        "caps": caps, "reps": reps, "throughput": throughput, "realtime": realtime, "first": first,
        "seek": seek, "flat": flat, "memory": memory, "sync": sync, "elapsed": time.time() - started})
    write_core_report(args.out, args.json)
    log(f"wrote {os.path.relpath(args.out, ROOT)}")
    if args.suite == "all":
        run_hls(spool, args.reps, args.out, args.json, started)
