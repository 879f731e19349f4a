import Foundation
import SpoolTestSupport
import Testing

/// Inputs that cannot be played, or not to their end: `spool play` must say so once, on one
/// line naming the input, exit non-zero within a bounded time, and log an "error" event —
/// never crash, hang, or report an end it did not reach.
@Suite("spool play: failures (integration)", .timeLimit(.minutes(3)))
struct PlayFailureIntegrationTests {
    /// A kind of input that cannot be played.
    enum BadInput: String, CaseIterable, Sendable, CustomStringConvertible {
        case randomBytes = "random bytes"
        case zeroBytes = "a zero-byte file"
        case missingFile = "a missing file"
        case refusedConnection = "a refused connection"
        case httpNotFound = "an HTTP 404"

        var description: String { rawValue }
    }

    /// The input's argument; `server` answers 404 for everything it was not told about.
    static func argument(for input: BadInput, server: LoopbackHTTPServer) throws -> String {
        switch input {
        case .randomBytes:
            let noise = TestMedia.pseudoRandomBytes(count: 64 << 10, seed: 7)
            return try TestMedia.file(named: "play-noise.bin", contents: noise).path
        case .zeroBytes:
            return try TestMedia.file(named: "play-empty.mp4", contents: Data()).path
        case .missingFile:
            return try TestMedia.directory().appendingPathComponent("play-no-such-file.mp4").path
        case .refusedConnection:
            return "http://127.0.0.1:\(try LoopbackHTTPServer.refusedPort())/clip.mp4"
        case .httpNotFound:
            return server.url("/missing.mp4").absoluteString
        }
    }

    @Test("an unplayable input fails once, on one line naming it, with an error event", arguments: BadInput.allCases)
    func unplayableInput(_ input: BadInput) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let argument = try Self.argument(for: input, server: server)
        let events = try PlayTool.scratchPath("failure.jsonl")
        // Timed (real-time null output): a failure must end the run, not leave it waiting. The
        // bound is loose: at the suite's start a loaded machine took 11.3 s just to run it.
        let output = try await PlayTool.spool(
            ["play", "--ao", "null", "--no-video", "--events", events, argument], timeout: .seconds(60))
        #expect(output.status == 1)
        #expect(output.elapsed < .seconds(45))
        #expect(output.standardOutput.isEmpty)
        let lines = PlayTool.lines(output.errorText)
        #expect(lines.count == 1, "stderr: \(output.errorText)")
        #expect(lines.first?.hasPrefix("spool: ") == true)
        #expect(lines.first?.contains(argument) == true, "stderr: \(output.errorText)")
        let log = try PlayEvent.read(events)
        #expect(log.milestones == ["item(\(argument))", "error(\(argument))"])
        let error = try #require(log.first { $0.type == "error" })
        #expect((error.fields["message"] as? String)?.isEmpty == false)
        #expect(error.fields["code"] is Double)
        if input == .httpNotFound { #expect(server.log.requests(to: "/missing.mp4").count >= 1) }
    }

    @Test("a queue with a bad and a good input plays the good one, then exits 1")
    func badThenGood() async throws {
        let bad = try TestMedia.file(
            named: "queue-noise.bin", contents: TestMedia.pseudoRandomBytes(count: 64 << 10, seed: 11)
        ).path
        let good = try await TestMedia.url(for: .flacStereo).path
        let events = try PlayTool.scratchPath("bad-good.jsonl")
        // Timed: after the failure the good item must really play (2 s), not sit paused.
        let output = try await PlayTool.spool(
            ["play", "--ao", "null", "--no-video", "--events", events, bad, good], timeout: .seconds(15))
        #expect(output.status == 1)
        let lines = PlayTool.lines(output.errorText)
        #expect(lines.count == 1 && lines.first?.hasPrefix("spool: ") == true && lines.first?.contains(bad) == true)
        let milestones = try PlayEvent.read(events).milestones
        #expect(milestones == ["item(\(bad))", "error(\(bad))", "item(\(good))", "ready(\(good))", "ended(\(good))"])
        #expect(output.elapsed >= .seconds(1.5))  // the good item played in real time
    }

    /// The first half of `fixture`'s bytes (remuxed with `remuxOptions` first, if any).
    static func firstHalf(of fixture: TestMedia.Fixture, remuxOptions: [String] = [], named name: String)
        async throws -> URL
    {
        var source = try await TestMedia.url(for: fixture)
        if !remuxOptions.isEmpty {
            let remuxed = try TestMedia.directory().appendingPathComponent("whole-\(name)")
            _ = try await PlayTool.ffmpeg(["-y", "-i", source.path, "-c", "copy"] + remuxOptions + [remuxed.path])
            source = remuxed
        }
        let bytes = try Data(contentsOf: source)
        return try TestMedia.file(named: name, contents: bytes.prefix(bytes.count / 2))
    }

    @Test(
        "a truncated file plays what it has, warns once and ends (exit 0); with --strict it fails",
        arguments: [
            ("play-half.ts", TestMedia.Fixture.h264AACTransportStream, [String]()),
            ("play-half-fragmented.mp4", .h264AACMP4, ["-movflags", "frag_keyframe+empty_moov"]),
        ])
    func truncatedFile(_ name: String, fixture: TestMedia.Fixture, remuxOptions: [String]) async throws {
        let half = try await Self.firstHalf(of: fixture, remuxOptions: remuxOptions, named: name)
        try await Self.expectEndedEarly(half.path, decodedLike: half)
        try await Self.expectFailedToPlayToEnd(half.path, decodedLike: half, options: ["--strict"])
    }

    /// A minute of low-resolution MPEG-TS (~2.6 MB): long, so that a cut can come well after
    /// the demuxer has opened it.
    static func longTransportStream() async throws -> Data {
        let source = try await TestMedia.url(for: .lowResolution1Minute)
        let output = try PlayTool.scratchPath("lowres-1min.ts")
        _ = try await PlayTool.ffmpeg(["-y", "-i", source.path, "-c", "copy", "-f", "mpegts", output])
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// How many bytes of the stream arrive before the connection is lost.
    static let bytesBeforeCut = 512 << 10

    /// Serves `bytes` at `/cut.ts`, announcing them all (Content-Length) but hanging up after
    /// `bytesBeforeCut`: a connection lost mid-transfer, long after the demuxer opened the
    /// stream. `paced` trickles the body (~1 MB/s) as a real network does; unpaced, the bytes
    /// and the hang-up arrive in one burst.
    /// `seekable` serves byte ranges too, so the demuxer also seeks: FFmpeg's probe jumps
    /// near the end to estimate the duration, past the cut.
    static func servingCut(of bytes: Data, on server: LoopbackHTTPServer, paced: Bool = true, seekable: Bool = false) {
        // Every answer is cut off at the same byte, and nothing past it exists any more: a
        // request to resume there or later gets 410 (which the load-error policy does not
        // retry), so the item fails at once instead of after the retries. A server that would
        // serve the rest is the recovery tests' case.
        let cutAt = bytesBeforeCut
        server.setRoute("/cut.ts") { request in
            let range = request.headers.first { $0.name.lowercased() == "range" }?.value ?? ""
            let start = Int(range.dropFirst("bytes=".count).prefix { $0.isNumber }) ?? 0
            guard start < cutAt else { return .status(410) }
            return ScriptedResponse(
                status: 200, headers: [("Content-Type", "video/mp2t")], body: bytes,
                throttle: paced ? ScriptedResponse.Throttle(chunkSize: 16 << 10, delay: .milliseconds(15)) : nil,
                ranges: seekable ? .bytes : .none, hangUpAfterBodyBytes: cutAt - (seekable ? start : 0))
        }
    }

    @Test("a download cut off mid-body plays what arrived, then fails to play to its end")
    func connectionLostMidBody() async throws {
        let bytes = try await Self.longTransportStream()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        Self.servingCut(of: bytes, on: server)
        let arrived = try TestMedia.file(named: "cut-reference.ts", contents: bytes.prefix(Self.bytesBeforeCut))
        try await Self.expectFailedToPlayToEnd(server.url("/cut.ts").absoluteString, decodedLike: arrived)
    }

    @Test("a download cut off mid-body in one burst still plays every byte that arrived")
    func connectionLostAfterBurst() async throws {
        let bytes = try await Self.longTransportStream()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        Self.servingCut(of: bytes, on: server, paced: false)
        let arrived = try TestMedia.file(named: "burst-reference.ts", contents: bytes.prefix(Self.bytesBeforeCut))
        try await Self.expectFailedToPlayToEnd(server.url("/cut.ts").absoluteString, decodedLike: arrived)
    }

    @Test("a seekable download cut off mid-body: the probe's seek past the cut does not fail the item")
    func seekableConnectionLost() async throws {
        let bytes = try await Self.longTransportStream()
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        Self.servingCut(of: bytes, on: server, paced: false, seekable: true)
        let arrived = try TestMedia.file(
            named: "seekable-cut-reference.ts", contents: bytes.prefix(Self.bytesBeforeCut))
        try await Self.expectFailedToPlayToEnd(server.url("/cut.ts").absoluteString, decodedLike: arrived)
    }

    /// Plays `input` untimed and checks the failure: exit 1, one stderr line naming it, an
    /// error event and no "ended", and the frames that arrived — at least the ones ffmpeg
    /// decodes from `reference` (the same bytes, as a file), but for the last one, which may
    /// be built from a cut packet.
    static func expectFailedToPlayToEnd(_ input: String, decodedLike reference: URL, options: [String] = [])
        async throws
    {
        let events = try PlayTool.scratchPath("truncated.jsonl")
        let listing = try PlayTool.scratchPath("truncated.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "null", "--events", events] + options + [input]
        )
        #expect(output.status == 1)
        let lines = PlayTool.lines(output.errorText)
        #expect(lines.count == 1 && lines.first?.hasPrefix("spool: ") == true, "stderr: \(output.errorText)")
        #expect(lines.first?.contains(input) == true)
        let milestones = try PlayEvent.read(events).milestones
        #expect(
            milestones == ["item(\(input))", "ready(\(input))", "error(\(input))"], "stderr: \(output.errorText)")
        try await expectFrames(listing, decodedFrom: reference)
    }

    /// Plays a truncated file untimed and checks its end: exit 0, one `spool: warning:` line
    /// naming it, a warning event before "ended", and the frames ffmpeg decodes from it.
    static func expectEndedEarly(_ input: String, decodedLike reference: URL) async throws {
        let events = try PlayTool.scratchPath("ended-early.jsonl")
        let listing = try PlayTool.scratchPath("ended-early.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "null", "--events", events, input])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let lines = PlayTool.lines(output.errorText)
        #expect(lines.count == 1 && lines.first?.hasPrefix("spool: warning: \(input): ") == true)
        let milestones = try PlayEvent.read(events).milestones
        #expect(
            milestones == ["item(\(input))", "ready(\(input))", "warning(\(input))", "ended(\(input))"],
            "stderr: \(output.errorText)")
        try await expectFrames(listing, decodedFrom: reference)
    }

    /// The frames in `listing` are the ones ffmpeg decodes from `reference`, but for the last
    /// one, which may be built from a cut packet.
    static func expectFrames(_ listing: String, decodedFrom reference: URL) async throws {
        let played = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
        let available = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(of: reference, inputOptions: ["-threads", "1"]))
        #expect(played.count >= 10 && available.count >= 10)
        #expect(Array(played.dropLast()) == Array(available.prefix(max(played.count - 1, 0))))
        #expect(played.count >= available.count - 1)
    }
}
