#!/usr/bin/env bash
# Builds the libFuzzer target into .build/fuzz/spool-fuzzer: SpoolCore, SpoolHLS and SpoolCast
# compiled as modules straight from their sources, with coverage and AddressSanitizer
# instrumentation. SpoolCast without its Network/ folder: that glue imports SpoolNetwork (C
# modules), and the parsers under fuzz need none of it.
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
  local name=$1 skip=${2:-}
  find "Sources/$name" -name '*.swift' ${skip:+-not -path "$skip/*"} -print0 | sort -z | xargs -0 "$swiftc" "${flags[@]}" \
    -module-name "$name" -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
    -emit-library -static -o "$out/lib$name.a"
}
module SpoolCore
module SpoolHLS
module SpoolCast Sources/SpoolCast/Network
"$swiftc" "${flags[@]}" -module-name PlaylistFuzzer fuzz/PlaylistFuzzer/main.swift \
  "$out/libSpoolCast.a" "$out/libSpoolHLS.a" "$out/libSpoolCore.a" -use-ld=lld -o "$out/spool-fuzzer"
