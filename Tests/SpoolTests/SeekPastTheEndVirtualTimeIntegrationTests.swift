import Foundation
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool

/// The playhead never reads past the end of an item of known duration: not while a seek past
/// the end is in flight (the queue storm found an audio-only item reading 2.375 s of 2 s),
/// nor while the clock runs on until both streams have reported their end (2.2 s of 2).
@MainActor
@Suite("A seek past the end, virtual time (integration)", .timeLimit(.minutes(3)))
struct SeekPastTheEndVirtualTimeIntegrationTests {
    @Test("an exact seek to 5 s of a 2-s item reads at most 2 s at once, completes, and the item ends")
    func targetsTheEnd() async throws {
        let path = try PlayTool.scratchPath("seek-past-end.m4a")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000", "-t", "2", "-c:a", "aac", path,
        ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "seek-past-end.m4a",
            throttle: ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero), audio: true)
        defer { playback.finish() }
        await playback.run(until: .milliseconds(500))
        let duration = playback.item.duration
        #expect(duration.isNumeric && abs(duration.seconds - 2) < 0.05, "duration \(duration.seconds)")
        var outcome: Bool?
        playback.player.seek(
            to: MediaTime(seconds: 5, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero
        ) { outcome = $0 }
        #expect(playback.player.currentTime() <= duration, "read \(playback.player.currentTime().seconds) s")
        await playback.run(until: .seconds(3))
        #expect(await playback.playedToEnd(), "no end: \(playback.events.elements)")
        #expect(await eventually(timeout: .seconds(5)) { outcome != nil })
    }

    @Test("after the end, an exact seek to 1.75 s at rate 2 plays to the end again and stops there")
    func seekAfterTheEnd() async throws {
        let path = try PlayTool.scratchPath("seek-after-end.m4a")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000", "-t", "2", "-c:a", "aac", path,
        ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "seek-after-end.m4a",
            throttle: ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero), audio: true)
        defer { playback.finish() }
        await playback.run(until: .seconds(3))
        #expect(await playback.playedToEnd(), "no end: \(playback.events.elements)")
        let end = playback.player.currentTime()
        playback.player.rate = 2
        var outcome: Bool?
        playback.player.seek(
            to: MediaTime(seconds: 1.75, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero
        ) { outcome = $0 }
        await playback.run(until: .seconds(4))
        #expect(await eventually(timeout: .seconds(5)) { outcome != nil })
        #expect(outcome == true)
        #expect(
            playback.player.currentTime() <= end, "read \(playback.player.currentTime().seconds) s of \(end.seconds)")
        let id = playback.item.id
        #expect(
            await playback.events.wait { $0.filter { $0 == .didPlayToEnd(itemID: id) }.count == 2 },
            "\(playback.events.elements)")
    }
}
