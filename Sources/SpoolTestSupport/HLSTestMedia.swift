public import Foundation

/// HLS ladders for integration tests, made at test time by the `ffmpeg` CLI from lavfi
/// sources (nothing committed or downloaded), meant to be served by `NginxServer` with
/// `root()` as its root.
///
/// Every ladder is 8 seconds of `testsrc2` (25 fps) with a sine tone, cut into four 2-second
/// segments; every segment starts with a keyframe and all variants of a ladder share segment
/// boundaries. Output is deterministic (bit-exact encoders), so a ladder made twice is the
/// same bytes. Each ladder is generated once per process however many tests ask for it.
public enum HLSTestMedia {
    /// The ladders on offer; the raw value is the ladder's directory under `root()`.
    public enum Ladder: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Three variants (256x144 ~200 kb/s, 480x270 ~500 kb/s, 640x360 ~1 Mb/s), H.264 with
        /// AAC muxed in, MPEG-TS segments. The master has BANDWIDTH (peak segment bit rate),
        /// AVERAGE-BANDWIDTH, RESOLUTION, CODECS and FRAME-RATE.
        case ts
        /// `.ts` as fragmented MP4 (CMAF): EXT-X-MAP with an init segment per variant, .m4s segments.
        case fmp4
        /// `.ts` with each variant in one file (`media.ts`) addressed by EXT-X-BYTERANGE.
        case byteRange = "byterange"
        /// `.ts` encrypted with AES-128 under `aes128Key` (served at `aes128KeyPath`). Variants 0
        /// and 2 carry an explicit IV (`aes128IV`); variant 1 has no IV attribute, so each
        /// segment's IV is its media sequence number. Decrypted, segments are byte-identical
        /// to `.ts`'s.
        case aes128
        /// One variant (256x144) with a WebVTT subtitle rendition (TYPE=SUBTITLES, English):
        /// four cues, one per segment, each .vtt segment with an X-TIMESTAMP-MAP.
        case subtitles
        /// Two video-only variants (256x144, 480x270) and two audio renditions in one group
        /// (TYPE=AUDIO, LANGUAGE "en" at 440 Hz, default, and "fr" at 880 Hz).
        case twoAudioLanguages = "audio-languages"

        /// The directory name.
        public var description: String { rawValue }
    }

    /// The AES-128 key of `.aes128` (16 bytes, fixed so tests can decrypt independently).
    public static let aes128Key: [UInt8] = Array(TestMedia.pseudoRandomBytes(count: 16, seed: 0xAE5_128))
    /// The explicit IV of `.aes128`'s variants 0 and 2.
    public static let aes128IV: [UInt8] = Array(TestMedia.pseudoRandomBytes(count: 16, seed: 0x1F))
    /// Where `.aes128`'s key file is, relative to `root()`.
    public static let aes128KeyPath = "/aes128/aes.key"
    /// The cues of `.subtitles`, one in the middle of each segment: (start, end, text).
    public static let subtitleCues: [(start: Duration, end: Duration, text: String)] = [
        (.milliseconds(500), .milliseconds(1500), "First cue"),
        (.milliseconds(2500), .milliseconds(3500), "Second cue"),
        (.milliseconds(4500), .milliseconds(5500), "Third cue"),
        (.milliseconds(6500), .milliseconds(7500), "Fourth cue"),
    ]

    /// The ladder's files, generating them on first use.
    public static func ladder(_ ladder: Ladder) async throws -> HLSLadder {
        try await cache.ladder(ladder)
    }

    /// The directory holding every ladder (and live streams), each in its own subdirectory:
    /// the root to serve. Inside `TestMedia.directory()`, so it follows $SPOOL_TEST_RUN_DIR.
    public static func root() throws -> URL {
        let url = try TestMedia.directory().appendingPathComponent("hls", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let cache = LadderCache()
}

/// One generated ladder: where its playlists are, as paths relative to `HLSTestMedia.root()`
/// (starting with "/", ready for `NginxServer.url(_:)`).
public struct HLSLadder: Sendable {
    /// Which ladder this is.
    public let ladder: HLSTestMedia.Ladder
    /// The served root these paths are relative to (`HLSTestMedia.root()`).
    public let root: URL
    /// The multivariant playlist: "/ts/master.m3u8".
    public let masterPlaylistPath: String
    /// Every variant's media playlist, in the master's order (lowest bandwidth first), for
    /// comparing a player's output with `ffmpeg -i <variant> -f framemd5`.
    public let variantPlaylistPaths: [String]
    /// Every rendition's media playlist (EXT-X-MEDIA with a URI), in the master's order.
    public let renditionPlaylistPaths: [String]

    /// The ladder's directory on disk.
    public var directory: URL { root.appendingPathComponent(ladder.rawValue, isDirectory: true) }

    /// The file behind a root-relative `path`, for reading or for ffmpeg without a server.
    public func fileURL(_ path: String) -> URL {
        root.appendingPathComponent(String(path.drop { $0 == "/" }))
    }

    /// The lines of the playlist at root-relative `path`.
    public func playlistLines(_ path: String) throws -> [String] {
        try String(contentsOf: fileURL(path), encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

/// Generates each ladder once; concurrent requests share the same generation.
private actor LadderCache {
    private var generations: [HLSTestMedia.Ladder: Task<HLSLadder, any Error>] = [:]

    func ladder(_ ladder: HLSTestMedia.Ladder) async throws -> HLSLadder {
        if let generation = generations[ladder] { return try await generation.value }
        let generation = Task { try await HLSLadderGenerator(ladder: ladder, root: try HLSTestMedia.root()).generate() }
        generations[ladder] = generation
        return try await generation.value
    }
}
