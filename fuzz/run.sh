#!/usr/bin/env bash
# Runs the fuzzer for $1 seconds (default 600) over a working copy of the seed corpus under
# .build/fuzz (the repository's corpus is never written to), then prints how many inputs ran.
# A crash, hang or excessive allocation leaves its input in .build/fuzz/artifacts and fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit
seconds=${1:-600}
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts"
cp -n fuzz/corpus/playlist/* fuzz/corpus/vtt/* fuzz/corpus/mpd/* fuzz/corpus/ssdp/* fuzz/corpus/upnp/* "$out/corpus/"
"$out/spool-fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -dict=fuzz/spool.dict -artifact_prefix="$out/artifacts/" "$out/corpus" 2>&1 | tee "$out/last-run.log" \
  | grep -vE '^#[0-9]+.*(NEW|REDUCE|pulse)'
status=${PIPESTATUS[0]}
runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$out/last-run.log" | grep -oE '[0-9]+$')
echo "fuzz: ${runs:-unknown} runs in ${seconds} s, exit status $status (log: $out/last-run.log)"
exit "$status"
