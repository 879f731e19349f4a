"""What every part of the benchmarks shares: the repository's paths, the peers' base command
lines, and the log and fail helpers (one clock for the whole run's log lines)."""

import os
import sys
import time

# bench/spoolbench/common.py → the repository.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, ".cache", "bench")
RESULTS = os.path.join(ROOT, "bench", "RESULTS.md")
# The measurements of the last run, which the report is written from (`--json` for another path).
RESULTS_JSON = os.path.join(CACHE, "results.json")
# The entry point: a run re-executes it inside scripts/with-test-services.
ENTRY = os.path.join(ROOT, "bench", "run")

SYNC_SINK = "spool_test_sink"  # the default sink of scripts/with-test-services

MPV_BASE = ["mpv", "--no-config", "--really-quiet", "--no-input-terminal", "--ytdl=no"]
FFMPEG_BASE = ["ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error"]

START_CLOCK = time.monotonic()


def log(message):
    elapsed = time.monotonic() - START_CLOCK
    print(f"[bench {elapsed:6.1f}s] {message}", file=sys.stderr, flush=True)


def fail(message):
    print(f"bench: {message}", file=sys.stderr)
    sys.exit(1)
