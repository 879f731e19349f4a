public import Foundation

/// Media files for tests, made at test time by the `ffmpeg` CLI from its built-in lavfi
/// sources: nothing is committed, nothing is downloaded.
///
/// Each fixture is generated once per test run, into a temporary directory of this process,
/// however many tests ask for it concurrently. A missing `ffmpeg` is a test failure with a
/// message saying so, never a silent skip.
public enum TestMedia {
    /// The generated fixtures. Each lasts 2 seconds unless its name says otherwise.
    public enum Fixture: String, CaseIterable, Sendable, CustomStringConvertible {
        /// MP4: H.264 320x240 at 25 fps, AAC mono 48 kHz tagged English.
        case h264AACMP4 = "h264-aac.mp4"
        /// WebM: VP9 320x240 at 25 fps, Opus mono 48 kHz, with a title.
        case vp9OpusWebM = "vp9-opus.webm"
        /// MP3 mono 44.1 kHz with title, artist, album and a 64x64 JPEG cover picture.
        case mp3WithCover = "tone-cover.mp3"
        /// FLAC stereo 48 kHz, audio only.
        case flacStereo = "tone-stereo.flac"
        /// MPEG-TS: H.264 and AAC. Served one-way with no length, it looks like a live stream.
        case h264AACTransportStream = "h264-aac.ts"
        /// Matroska: HEVC 320x240 at 25 fps with B-frames (libx265), video only.
        case hevcMKV = "hevc.mkv"
        /// MP4: H.264 320x240 at 25 fps with B-frames and a keyframe every 12 frames, video
        /// only: keyframes to seek to in the middle of the file.
        case h264ShortGOPMP4 = "h264-gop12.mp4"
        /// MP4: H.264 320x240, variable frame rate, video only: 25 fps for the first second,
        /// then 16.7 fps, and every seventh frame dropped (36 frames, avg 18 fps).
        case h264VFRMP4 = "h264-vfr.mp4"
        /// MP4: `.h264AACMP4` remuxed with a display matrix rotating it by 90°.
        case h264RotatedMP4 = "h264-rotated.mp4"
        /// M4A: AAC mono 48 kHz, a 440 Hz tone lasting 4 seconds.
        case aacTone4s = "tone-4s.m4a"
        /// MP4: H.264 160x90 at 25 fps and AAC mono 8 kHz, 10 minutes long (~22 MB).
        case lowResolution10Minutes = "lowres-10min.mp4"
        /// MP4: like `.lowResolution10Minutes`, 1 minute long.
        case lowResolution1Minute = "lowres-1min.mp4"
        /// Matroska: H.264 320x240 at 25 fps (a keyframe every second) and AAC, 6 seconds,
        /// with `TestMedia.chapters` as Matroska chapters.
        case chaptersMKV = "chapters.mkv"
        /// MP4: the same streams with `TestMedia.chapters` both as a QuickTime chapter track
        /// and as a Nero `chpl` list (what ffmpeg 5.1's mp4 muxer writes by default).
        case chaptersMP4 = "chapters.mp4"
        /// MP4: `.chaptersMP4` with only the QuickTime chapter track (`-movflags +disable_chpl`).
        case chapterTrackMP4 = "chapter-track.mp4"
        /// MP4: `.chaptersMP4` with only the Nero `chpl` list: the video track's `chap`
        /// reference is renamed, so no demuxer takes the text track for chapters.
        case neroChaptersMP4 = "nero-chapters.mp4"

        /// The file name.
        public var description: String { rawValue }
    }

    /// The tags written into `.mp3WithCover`.
    public static let mp3Tags = (title: "Spool Test Tone", artist: "Spool", album: "Fixtures")
    /// The title written into `.vp9OpusWebM`.
    public static let webmTitle = "Spool WebM"

    /// The chapters written into `.chaptersMKV` and the chapter MP4s: title, start and end in
    /// milliseconds. The asset lasts 6 seconds.
    public static let chapters: [(title: String, startMilliseconds: Int, endMilliseconds: Int)] = [
        ("Opening", 0, 2000), ("Middle part", 2000, 4500), ("Finale", 4500, 6000),
    ]

    /// A two-cue SubRip file: media FFmpeg reads, with nothing in it to play.
    public static let subRipText = """
        1
        00:00:00,000 --> 00:00:01,000
        Hello

        2
        00:00:01,000 --> 00:00:02,000
        World

        """

    /// The fixture's file, generating it on first use.
    public static func url(for fixture: Fixture) async throws -> URL {
        try await cache.url(for: fixture)
    }

    /// Writes `contents` to a file named `name` in this run's directory (for empty or
    /// garbage inputs) and returns its URL.
    public static func file(named name: String, contents: Data) throws -> URL {
        let url = try directory().appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    /// `count` bytes from a seeded generator: the same "random" file on every run.
    public static func pseudoRandomBytes(count: Int, seed: UInt64) -> Data {
        var state = seed
        var data = Data(capacity: count)
        for _ in 0..<count {
            // SplitMix64: tiny, deterministic, good enough to look like noise to a prober.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            data.append(UInt8(truncatingIfNeeded: mixed ^ (mixed >> 31)))
        }
        return data
    }

    /// `chapters` as an FFmpeg metadata file (`-f ffmetadata`).
    static var chapterMetadata: String {
        ";FFMETADATA1\ntitle=Chapters\n"
            + chapters.map {
                "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=\($0.startMilliseconds)\nEND=\($0.endMilliseconds)\ntitle=\($0.title)\n"
            }
            .joined()
    }

    /// This run's directory for generated media, created on first use: inside the run
    /// directory `scripts/with-test-services` makes (and removes afterwards) when there is
    /// one, else a per-process directory under the temporary directory.
    public static func directory() throws -> URL {
        let base =
            ProcessInfo.processInfo.environment["SPOOL_TEST_RUN_DIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent(
            "spool-test-media-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let cache = FixtureCache()
}

/// Generates each fixture once: once per process (concurrent requests share one generation),
/// and once across processes and runs where the content-addressed store has it
/// (`TestMediaStore`, addressed by this file's recipes and the ffmpeg build).
private actor FixtureCache {
    private var generations: [TestMedia.Fixture: Task<URL, any Error>] = [:]
    /// The store's directory for these recipes, or `nil` without one (made once).
    private var store: Task<URL?, Never>?

    func url(for fixture: TestMedia.Fixture) async throws -> URL {
        if let generation = generations[fixture] { return try await generation.value }
        let store = storeDirectory()
        let generation = Task { try await Self.stored(fixture, in: await store.value) }
        generations[fixture] = generation
        return try await generation.value
    }

    private func storeDirectory() -> Task<URL?, Never> {
        if let store { return store }
        let recipes = #filePath
        let made = Task<URL?, Never> {
            guard let digest = await TestMediaStore.recipeDigest(recipeSource: recipes) else { return nil }
            return TestMediaStore.directory(recipeSource: recipes, digest: digest)
        }
        store = made
        return made
    }

    /// `fixture` from the store when there is one, made into it if missing; else made into this
    /// process's directory.
    private static func stored(_ fixture: TestMedia.Fixture, in store: URL?) async throws -> URL {
        guard let store else {
            let output = try TestMedia.directory().appendingPathComponent(fixture.rawValue)
            try await generate(fixture, into: output)
            return output
        }
        return try await TestMediaStore.file(named: fixture.rawValue, in: store) { output in
            try await generate(fixture, into: output)
        }
    }

    /// Makes `fixture` at `output` (its extension picks the muxer); inputs it needs on the way
    /// (a cover, a metadata file) go to this process's directory.
    private static func generate(_ fixture: TestMedia.Fixture, into output: URL) async throws {
        let ffmpeg = try ToolRunner.find("ffmpeg")
        let directory = try TestMedia.directory()
        let common = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
        let video = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25"]
        let tone48k = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"]
        let arguments: [String]
        switch fixture {
        case .h264AACMP4:
            arguments =
                common + video + tone48k
                + [
                    "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
                    "-metadata:s:a:0", "language=eng", output.path,
                ]
        case .vp9OpusWebM:
            arguments =
                common + video + tone48k
                + [
                    "-t", "2", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus",
                    "-metadata", "title=\(TestMedia.webmTitle)", output.path,
                ]
        case .mp3WithCover:
            // The cover is made first: one muxer pass with an endless lavfi picture source never ends.
            let cover = directory.appendingPathComponent("cover.jpg")
            try await run(
                ffmpeg,
                common + ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=1", "-frames:v", "1", cover.path])
            let tags = TestMedia.mp3Tags
            arguments =
                common
                + [
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2", "-i", cover.path,
                    "-map", "0:a", "-map", "1:v", "-c:a", "libmp3lame", "-c:v", "copy", "-id3v2_version", "3",
                    "-metadata", "title=\(tags.title)", "-metadata", "artist=\(tags.artist)",
                    "-metadata", "album=\(tags.album)", "-metadata:s:v", "comment=Cover (front)",
                    "-disposition:v", "attached_pic", output.path,
                ]
        case .h264AACTransportStream:
            arguments =
                common + video + tone48k
                + [
                    "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
                    output.path,
                ]
        case .hevcMKV:
            arguments =
                common + video
                + [
                    "-t", "2", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
                    "-pix_fmt", "yuv420p", output.path,
                ]
        case .h264ShortGOPMP4:
            arguments =
                common + video
                + [
                    "-t", "2", "-c:v", "libx264", "-preset", "veryfast", "-g", "12", "-keyint_min", "12",
                    "-sc_threshold", "0", "-pix_fmt", "yuv420p", output.path,
                ]
        case .h264VFRMP4:
            // Timestamps 2 ticks apart (of 1/50 s) for 25 frames, then 3, then every 7th dropped.
            let filter = "setpts='if(lt(N,25),N*2,N*3-25)/(50*TB)',select='not(eq(mod(n,7),3))'"
            arguments =
                common + video
                + [
                    "-t", "2", "-vf", filter, "-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast",
                    "-pix_fmt", "yuv420p", output.path,
                ]
        case .h264RotatedMP4:
            // Encoding with `-metadata:s:v rotate=90` drops the tag; a stream copy turns it into
            // the display matrix.
            let source = try await TestMedia.url(for: .h264AACMP4)
            arguments = common + ["-i", source.path, "-c", "copy", "-metadata:s:v", "rotate=90", output.path]
        case .aacTone4s:
            arguments =
                common + [
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=4", "-c:a", "aac", output.path,
                ]
        case .lowResolution10Minutes, .lowResolution1Minute:
            let seconds = fixture == .lowResolution10Minutes ? "600" : "60"
            arguments =
                common
                + [
                    "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25", "-f", "lavfi", "-i",
                    "sine=frequency=440:sample_rate=8000", "-t", seconds, "-c:v", "libx264", "-preset", "ultrafast",
                    "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "16k", output.path,
                ]
        case .chaptersMKV, .chaptersMP4:
            let metadata = directory.appendingPathComponent("chapters.ffmetadata")
            try Data(TestMedia.chapterMetadata.utf8).write(to: metadata)
            arguments =
                common + video + tone48k
                + [
                    "-i", metadata.path, "-map", "0:v", "-map", "1:a", "-map_metadata", "2", "-map_chapters", "2",
                    "-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
                    "-c:a", "aac", output.path,
                ]
        case .chapterTrackMP4:
            let source = try await TestMedia.url(for: .chaptersMP4)
            arguments =
                common + ["-i", source.path, "-map", "0", "-c", "copy", "-movflags", "+disable_chpl", output.path]
        case .neroChaptersMP4:
            var bytes = try Data(contentsOf: try await TestMedia.url(for: .chaptersMP4))
            // tref box: size, "tref", then the child box: size, "chap", track IDs.
            guard let tref = bytes.range(of: Data("tref".utf8)) else {
                throw ToolError(description: "no tref box in \(TestMedia.Fixture.chaptersMP4)")
            }
            let child = tref.upperBound + 4
            bytes.replaceSubrange(child..<child + 4, with: Data("xxxx".utf8))
            try bytes.write(to: output)
            return
        case .flacStereo:
            arguments =
                common
                + [
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2", "-ac", "2", "-c:a", "flac",
                    output.path,
                ]
        }
        try await run(ffmpeg, arguments)
    }

    private static func run(_ ffmpeg: URL, _ arguments: [String]) async throws {
        let result = try await ToolRunner.run(ffmpeg, arguments)
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.errorText)")
        }
    }
}
