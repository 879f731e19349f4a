// The libFuzzer entry point: every input goes to every text parser SpoolHLS exposes to the
// network. libFuzzer reports a crash, a hang (-timeout) or an allocation beyond -rss_limit_mb;
// the checks below turn a broken guarantee into a crash too.
import Foundation
import SpoolCore
import SpoolHLS

private let remoteURL = URL(string: "https://example.com/live/index.m3u8?token=abc&quality=hd")!
private let localURL = URL(fileURLWithPath: "/srv/media/index.m3u8")
/// What a multivariant playlist could pass down to a media playlist for EXT-X-DEFINE IMPORT.
private let imported = ["base": "https://cdn.example.com", "token": "abc", "empty": ""]
/// Small limits reach the limit checks with the short inputs libFuzzer makes.
private let tightPlaylistLimits = PlaylistLimits(
    maxBytes: 2048, maxLineLength: 256, maxAttributeLength: 64, maxSegments: 8, maxVariants: 4,
    maxMetadataEntries: 4)
private let tightSubtitleLimits = SubtitleLimits(maxBytes: 2048, maxCues: 4, maxLineLength: 128)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    for url in [remoteURL, localURL] {
        _ = try? Playlist.parse(data, url: url)
        _ = try? Playlist.parse(data, url: url, importedDefinitions: imported)
    }
    _ = try? Playlist.parse(data, url: remoteURL, importedDefinitions: [:], limits: tightPlaylistLimits)
    for limits in [SubtitleLimits.default, tightSubtitleLimits] {
        if let document = try? WebVTT.parse(data, limits: limits) {
            check(document.cues, limits)
            if let map = document.timestampMap { precondition(map.offset.isNumeric, "timestamp map offset") }
        }
        if let cues = try? SubRip.parse(data, limits: limits) { check(cues, limits) }
    }
    return 0
}

/// The guarantees every parsed cue list keeps.
private func check(_ cues: [SubtitleCue], _ limits: SubtitleLimits) {
    precondition(cues.count <= limits.maxCues, "more cues than the limit")
    for cue in cues {
        precondition(cue.start.isNumeric && cue.end.isNumeric && cue.start <= cue.end, "cue times")
    }
}
