#!/usr/bin/env bash
# Builds the libFuzzer target into .build/fuzz/spool-fuzzer: SpoolCore and SpoolHLS compiled as
# modules straight from their sources, with coverage and AddressSanitizer instrumentation.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/modules"
swiftc=${SWIFTC:-swiftc}
flags=(
  -swift-version 6
  -enable-upcoming-feature NonisolatedNonsendingByDefault
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  # Quoted: the comma separates swiftc's sanitizers, not array elements.
  -package-name Spool "-sanitize=fuzzer,address" -O -g -parse-as-library -I "$out/modules"
)
module() {
  local name=$1
  find "Sources/$name" -name '*.swift' -print0 | sort -z | xargs -0 "$swiftc" "${flags[@]}" \
    -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
    -emit-library -static -o "$out/lib$name.a"
}
module SpoolCore
module SpoolHLS
"$swiftc" "${flags[@]}" -module-name PlaylistFuzzer fuzz/PlaylistFuzzer/main.swift \
  "$out/libSpoolHLS.a" "$out/libSpoolCore.a" -use-ld=lld -o "$out/spool-fuzzer"
