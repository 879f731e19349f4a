#!/usr/bin/env python3
"""Two builds of spool side by side on `make bench`'s core workloads: "is any figure worse than
before?" answered in one run, where two separate bench runs differ by the host's load.

Usage: bench/compare_builds.py --new .build/release/spool --old /tmp/old/spool [--rounds 7]
       [--only "audio only"]

Run it inside the test services (a private PulseAudio with null sinks), which the Makefile's
`bench-compare` target does: `make bench-compare OLD=<commit>` builds that commit's release
binary in a throw-away worktree with the same release link and runs this against HEAD's.

The workloads are bench/run's (`spoolbench`: the same generated media in .cache/bench, the same
command lines), with options both builds understand:
- untimed decode + present, 1080p30 60 s, decoder threads auto, null outputs;
- 1x playback of 20 s to the PulseAudio null sink, audio only and with 1080p video decoded;
- first frame (`--frames 1`) of the 60 s 1080p file, local and over nginx on 127.0.0.1;
- an accurate seek: the first frame at 31.9 s (`--start`);
- 60 s of 480p untimed (memory);
- `--version` (the floor of every figure).

Every round runs the two builds back to back, the order alternating; a figure is the median of
the round-by-round ratios new/old of wall time, CPU (user + system of the reaped child) and peak
RSS (its rusage), lower is better for all three. A figure is "worse" (or "better") only when the
rounds say so: a one-sided sign test over the round ratios at p < 0.05 (of 14 rounds, at least
11 above 1.0), so that a 2 % median over three noisy rounds is not called a regression. The
short workloads get more rounds (42 for a first frame): on this shared 2-core host one run of 21
rounds called the local first frame 1.07x worse (p = 0.04) where the run before had 0.99x and 40
pairs measured right after gave 0.95x.
Prints a Markdown table.
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from spoolbench.benchmarks import LoopbackHTTP  # noqa: E402
from spoolbench.common import SYNC_SINK, log  # noqa: E402
from spoolbench.machine import machine_line  # noqa: E402
from spoolbench.measure import interleave, measure  # noqa: E402
from spoolbench.media import REALTIME_SECONDS, SEEK_TARGET, prepare_media  # noqa: E402
from spoolbench.stats import median, paired_ratios, percentile  # noqa: E402


def play_options(binary):
    """What every `play` of this build gets: starting at 0 every time, where the build resumes."""
    return ["--no-resume"] if "--no-resume" in measure([binary, "play", "--help"]).stdout else []


def workloads(binary, media, http, rounds):
    """(label, rounds, command) for one build."""
    play = [binary, "play"] + play_options(binary)
    null = ["--vo", "null", "--ao", "null"]
    sink = os.environ.get("SPOOL_TEST_PULSE_SINK", SYNC_SINK)
    return [
        ("untimed 1080p30 60 s", rounds * 2,
         play + ["--untimed", "--decoder-threads", "0"] + null + [media["v1080"]]),
        (f"1x audio only {REALTIME_SECONDS} s (PulseAudio)", max(5, rounds // 2),
         play + ["--no-video", "--ao", f"pulse:{sink}", media["audio_rt"]]),
        (f"1x 1080p30 {REALTIME_SECONDS} s (null video, PulseAudio)", max(5, rounds // 2),
         play + ["--vo", "null", "--ao", f"pulse:{sink}", media["v1080_rt"]]),
        ("first frame, local", rounds * 6, play + ["--frames", "1"] + null + [media["v1080"]]),
        ("first frame, HTTP", rounds * 6, play + ["--frames", "1"] + null + [http.url(media["v1080"])]),
        (f"accurate seek to {SEEK_TARGET} s", rounds * 2,
         play + ["--start", str(SEEK_TARGET), "--frames", "1"] + null + [media["v1080"]]),
        ("untimed 480p30 60 s", rounds * 3, play + ["--untimed"] + null + [media["v480_1min"]]),
        ("--version", rounds * 6, [binary, "--version"]),
    ]


def sign_test(ratios, worse):
    """One-sided sign test: the probability of at least this many rounds above 1.0 (`worse`) or
    below it if the two builds were alike. Ties count for neither side."""
    above = sum(1 for r in ratios if (r > 1.0 if worse else r < 1.0))
    n = sum(1 for r in ratios if r != 1.0)
    return sum(math.comb(n, k) for k in range(above, n + 1)) / 2**n if n else 1.0


def summarize(new_runs, old_runs):
    rows = {}
    for measure_name, pick in (("wall", lambda r: r.wall), ("CPU", lambda r: r.cpu),
                               ("peak RSS", lambda r: r.max_rss_kb)):
        new = [pick(r) for r in new_runs]
        old = [pick(r) for r in old_runs]
        ratios = paired_ratios(new, old)
        rows[measure_name] = {
            "new": median(new), "old": median(old), "ratio": median(ratios),
            "low": percentile(ratios, 0.25), "high": percentile(ratios, 0.75),
            "p_worse": sign_test(ratios, True), "p_better": sign_test(ratios, False),
            "failed": sum(1 for r in new_runs + old_runs if not r.ok),
        }
    return rows


def format_value(name, value):
    if value is None:
        return "—"
    if name == "peak RSS":
        return f"{value / 1024:.1f} MiB"
    return f"{value * 1000:.0f} ms" if value < 10 else f"{value:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--new", required=True, help="the build under test")
    parser.add_argument("--old", required=True, help="the build it is compared with")
    parser.add_argument("--new-name", default="new")
    parser.add_argument("--old-name", default="old")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", metavar="TEXT",
                        help="run only the workloads whose label contains TEXT (a re-measurement of one figure)")
    args = parser.parse_args()
    if not os.environ.get("PULSE_SERVER"):
        sys.exit("bench/compare_builds.py: no PulseAudio server (run it through scripts/with-test-services)")
    for binary in (args.new, args.old):
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench/compare_builds.py: {binary}: not an executable")
    media = prepare_media()
    for key in ("v1080", "v480_1min", "v1080_rt", "audio_rt"):
        with open(media[key], "rb") as f:
            while f.read(1 << 20):
                pass
    table = []
    with LoopbackHTTP() as http:
        new_work = workloads(args.new, media, http, args.rounds)
        old_work = workloads(args.old, media, http, args.rounds)
        for (label, rounds, new_command), (_, _, old_command) in zip(new_work, old_work):
            if args.only and args.only not in label:
                continue
            runs = interleave([(args.new_name, new_command), (args.old_name, old_command)], rounds, label)
            table.append((label, rounds, summarize(runs[args.new_name], runs[args.old_name])))
    version = {name: measure([binary, "--version"]).stdout.strip().splitlines()[0]
               for name, binary in ((args.new_name, args.new), (args.old_name, args.old))}
    print(f"**Machine:** {machine_line({'version': version[args.new_name]})}")
    print(f"\n{args.new_name}: {version[args.new_name]}; {args.old_name}: {version[args.old_name]}\n")
    print(f"| workload | rounds | figure | {args.new_name} | {args.old_name} | "
          f"{args.new_name}/{args.old_name} (quartiles) | verdict |")
    print("|---|---|---|---|---|---|---|")
    worse = 0
    for label, rounds, rows in table:
        for name, row in rows.items():
            if row["ratio"] is None:
                verdict = f"failed runs: {row['failed']}"
                worse += 1
            elif row["p_worse"] < 0.05 and row["ratio"] > 1.0:
                verdict = f"**worse** (p = {row['p_worse']:.3f})"
                worse += 1
            elif row["p_better"] < 0.05 and row["ratio"] < 1.0:
                verdict = f"better (p = {row['p_better']:.3f})"
            else:
                verdict = "same (the rounds do not tell them apart)"
            ratio = "—" if row["ratio"] is None else f"{row['ratio']:.2f}× ({row['low']:.2f}–{row['high']:.2f})"
            print(f"| {label} | {rounds} | {name} | {format_value(name, row['new'])} | "
                  f"{format_value(name, row['old'])} | {ratio} | {verdict} |")
    log(f"{worse} figure(s) worse or failed")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
