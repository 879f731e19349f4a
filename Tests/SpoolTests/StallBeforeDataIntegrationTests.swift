import Foundation
import Spool
import SpoolTestSupport
import Testing

/// The stall detector on the real engine: waiting for the first data of a seek is not a stall
/// (issue 14); running dry after data played still is (`StallWaitingIntegrationTests`).
@MainActor
@Suite("Stalls: none before a seek's first data (integration)", .timeLimit(.minutes(2)))
struct StallBeforeDataIntegrationTests {
    /// How long the server holds a seek's data back: far longer than the 100 ms that makes a stall.
    static let seekDataDelay = Duration.milliseconds(1500)

    /// 60 s of 48 kHz stereo PCM (11.5 MB, no encoding to wait for), served so that the second
    /// half's bytes come only after `seekDataDelay`: a request starting there gets its headers
    /// and one byte at once and the rest later, and a request starting before it gets the
    /// first half at once and the rest later — so a seek into the second half waits for its
    /// data whether the source opens a new range or reads on in the open one.
    static func slowSeekServer() async throws -> LoopbackHTTPServer {
        let path = try PlayTool.scratchPath("stall-seek.wav")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=60", "-ac", "2", "-c:a",
            "pcm_s16le", path,
        ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let server = try LoopbackHTTPServer()
        let delay = seekDataDelay
        let held = ScriptedResponse.Throttle(chunkSize: bytes.count, delay: delay, firstChunkSize: 1)
        server.setRoute("/tone.wav") { request in
            let start = request.header("Range").flatMap { Self.rangeStart($0) } ?? 0
            let half = bytes.count / 2
            let heldAtHalf = ScriptedResponse.Throttle(
                chunkSize: bytes.count, delay: delay, firstChunkSize: half - start)
            return .file(bytes, throttle: start >= half ? held : heldAtHalf)
        }
        return server
    }

    /// N in `bytes=N-` or `bytes=N-M`.
    nonisolated static func rangeStart(_ header: String) -> Int? {
        guard header.hasPrefix("bytes=") else { return nil }
        return Int(header.dropFirst("bytes=".count).prefix { $0.isNumber })
    }

    @Test("a seek whose data arrives late reports no stall: it waits for its first packet, then plays")
    func slowSeekIsNotAStall() async throws {
        let server = try await Self.slowSeekServer()
        defer { server.stop() }
        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: server.url("/tone.wav"))
        // A short forward buffer: the seek target (50 s, 9.6 MB in) is far beyond what is read ahead.
        item.preferredForwardBufferDuration = 2
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await events.wait { $0.contains(.timeControlStatus(.playing)) })
        let started = ContinuousClock.now
        let landed = await player.seek(
            to: MediaTime(seconds: 50, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero)
        let seekTime = ContinuousClock.now - started
        #expect(landed)
        // The scenario held: the seek's data really came late.
        #expect(seekTime >= Self.seekDataDelay - .milliseconds(200), "the seek took \(seekTime)")
        #expect(
            !events.elements.contains(.stalled(itemID: item.id)),
            "stalled while waiting for the seek's data: \(events.elements)")
        #expect(item.accessLog().statistics.stalls == 0)
        // And it plays on from the target.
        #expect(await poll(timeout: .seconds(10)) { player.currentTime().seconds > 50.3 })
        player.replaceCurrentItem(with: nil)
    }
}
