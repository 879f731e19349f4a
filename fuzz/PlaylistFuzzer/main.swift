// The libFuzzer entry point: every input goes to every text parser SpoolHLS and SpoolCast
// expose to the network (HLS playlists, WebVTT, SubRip, DASH MPDs and their segment expansion,
// SSDP datagrams, UPnP device descriptions). libFuzzer reports a crash, a hang (-timeout) or an allocation beyond -rss_limit_mb;
// the checks below turn a broken guarantee into a crash too.
import Foundation
import SpoolCast
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
private let tightMPDLimits = MPDLimits(
    maxBytes: 4096, maxDepth: 8, maxElements: 64, maxValueLength: 128, maxAttributesPerElement: 16, maxSegments: 16)
private let remoteMPDURL = URL(string: "https://example.com/dash/manifest.mpd")!
private let tightSSDPLimits = SSDPLimits(maxBytes: 512, maxLineLength: 128, maxHeaders: 8)
private let tightDescriptionLimits = DeviceDescriptionLimits(
    maxBytes: 4096, maxDepth: 6, maxElements: 64, maxValueLength: 128)
private let rendererHost = "10.78.1.1"
private let descriptionURL = URL(string: "http://10.78.1.1:49494/description.xml")!
private let tightSubtitleLimits = SubtitleLimits(maxBytes: 2048, maxCues: 4, maxLineLength: 128)

/// Runs one fuzz input through every parser; libFuzzer calls it once per input.
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
    for (url, limits) in [(remoteMPDURL, MPDLimits.default), (localURL, tightMPDLimits)] {
        if let mpd = try? MPD.parse(data, url: url, limits: limits) { check(mpd, limits) }
    }
    for limits in [SSDPLimits.default, tightSSDPLimits] {
        if let message = try? SSDPMessage.parse(data, limits: limits) {
            precondition(message.headers.count <= limits.maxHeaders, "more SSDP headers than the limit")
            if case .alive(_, let location, let maxAge)? = try? SSDPAnnouncement.read(message, source: rendererHost) {
                precondition(location.host() == rendererHost && location.scheme == "http", "LOCATION elsewhere")
                precondition(maxAge >= .seconds(1) && maxAge <= .seconds(86_400), "max-age out of bounds")
            }
        }
    }
    for limits in [DeviceDescriptionLimits.default, tightDescriptionLimits] {
        if let renderer = try? Renderer.parse(
            description: data, from: descriptionURL, udn: "uuid:1234abcd", limits: limits)
        {
            check(renderer)
        }
    }
    return 0
}

/// The guarantees of an accepted renderer: every URL is http on the host that served the
/// description, and the name fits on one line.
private func check(_ renderer: Renderer) {
    let services = [renderer.avTransport, renderer.renderingControl, renderer.connectionManager]
    let urls =
        services.flatMap { [$0.controlURL, $0.eventURL, $0.descriptionURL] } + [renderer.iconURL].compactMap { $0 }
    precondition(urls.allSatisfy { $0.scheme == "http" && $0.host() == rendererHost }, "a URL off the device's host")
    precondition(!renderer.name.isEmpty, "an empty name")
    precondition(
        !renderer.name.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control in name")
}

/// The guarantees a parsed MPD keeps: URLs within the policy, and segment listings bounded,
/// in order and within the window.
private func check(_ mpd: MPD, _ limits: MPDLimits) {
    let policy = URIPolicy(playlistURL: mpd.url)
    let expansionLimits = MPDLimits(maxSegments: 16)
    precondition((mpd.baseURLs + mpd.locations).allSatisfy(policy.allows), "MPD URL outside the policy")
    for period in mpd.periods.prefix(4) {
        for set in period.adaptationSets.prefix(4) {
            for representation in set.representations.prefix(4) {
                precondition(representation.baseURLs.allSatisfy(policy.allows), "BaseURL outside the policy")
                for window in [nil, 0.0..<30.0] as [Range<Double>?] {
                    guard
                        let segments = try? mpd.segments(
                            of: representation, in: period, window: window, limits: expansionLimits)
                    else { continue }
                    precondition(segments.count <= expansionLimits.maxSegments, "more segments than the limit")
                    for (earlier, later) in zip(segments, segments.dropFirst()) {
                        precondition(earlier.start <= later.start, "segments out of order")
                    }
                    precondition(segments.allSatisfy { policy.allows($0.url) }, "segment URL outside the policy")
                }
                _ = try? mpd.initialization(of: representation, in: period)
            }
        }
    }
}

/// The guarantees every parsed cue list keeps.
private func check(_ cues: [SubtitleCue], _ limits: SubtitleLimits) {
    precondition(cues.count <= limits.maxCues, "more cues than the limit")
    for cue in cues {
        precondition(cue.start.isNumeric && cue.end.isNumeric && cue.start <= cue.end, "cue times")
    }
}
