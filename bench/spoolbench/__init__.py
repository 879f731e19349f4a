"""Spool's benchmarks, side by side with the players Linux users already run.

Usage: bench/run [--reps N] [--out FILE] [--json FILE] [core | hls]     (or `make bench`,
`make bench-core`, `make bench-hls`)

`bench/run hls` runs only the HLS benchmarks (hls.py: first frame over loopback against ffmpeg and
mpv, adaptive bitrate under shaped bandwidth traces against gst-play-1.0) and rewrites only their
section of the report; a full run runs them last. `bench/run core` runs all the others.

One run: installs what it needs (Debian packages), generates media with the ffmpeg CLI into
.cache/bench/ (cached, never committed), builds spool in release mode, then measures spool and
its peers (ffmpeg, mpv, ffplay) interleaved — A B C, A B C, … with the starting tool rotated each
round — so that noise on a shared machine hits every tool alike. It saves the measurements as
JSON (.cache/bench/results.json) and writes bench/RESULTS.md from them: the machine, one table
per measurement (median, min–max, ratio and its direction) and the issue's targets marked met or
missed.

Every process is measured from outside: wall time from fork to reap, CPU time (user + system)
and peak RSS from the kernel's rusage of the reaped child (wait4, what /usr/bin/time -v prints).
Nothing here trusts a tool's own report of its speed, except where a line says so.

The modules, by job:
  cli         the command line and the order of a run
  prepare     Debian packages, the release build, the LD_PRELOAD present probe
  media       the test media (ffmpeg CLI, cached in .cache/bench)
  measure     running a process and measuring it; interleaved rounds
  stats       medians, paired ratios, percentiles
  benchmarks  §1–§5: capabilities, throughput, 1× CPU, first frame, seek, memory
  sync        §6: A/V sync on the outputs
  hls         §7: HLS start-up and ABR under bandwidth traces
  machine     the report's machine line
  results     the measurements as JSON
  report      bench/RESULTS.md from the results and bench/RESULTS.template.md
"""

from .cli import main

__all__ = ["main"]
