import Foundation
import SpoolCore
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// `Player.subtitleDelay` on the real engine in virtual time: a sidecar cue from 2 s to 3 s
/// with a delay of 1 s reaches the item's legible output with the times 3 s to 4 s, once the
/// playhead reaches 3 s and not before.
@MainActor
@Suite("Subtitle delay, in virtual time (integration)", .timeLimit(.minutes(3)))
struct SubtitleDelayVirtualTimeIntegrationTests {
    @Test("--sub-delay 1: the cue from 2 s to 3 s is delivered at 3 s, from 3 s to 4 s", arguments: [0.0, 1.0])
    func delayedCue(delay: Double) async throws {
        let bytes = try await AudioDelayVirtualTimeIntegrationTests.clip()
        let subtitles = try TestMedia.file(
            named: "sub-delay.srt", contents: Data("1\n00:00:02,000 --> 00:00:03,000\nTwo to three\n".utf8))
        let output = PlayerItemLegibleOutput()
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.ts",
            throttleFor: { _ in ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero) }, audio: true,
            video: NullVideoOutput(),
            configure: { item in
                item.externalSubtitleURL = subtitles
                item.add(output)
            })
        playback.player.subtitleDelay = MediaTime(seconds: delay, preferredTimescale: 1000)
        defer { playback.finish() }
        await playback.run(until: .seconds(2 + delay) - .milliseconds(100))
        let early = playback.player.currentTime().seconds
        try await Task.sleep(for: .milliseconds(200))
        #expect(cues.elements.isEmpty, "delivered before \(early) s")
        await playback.run(until: .seconds(2 + delay) + .milliseconds(500))
        #expect(await cues.wait { $0.count == 1 })
        let cue = try #require(cues.elements.first)
        #expect(abs(cue.start.seconds - (2 + delay)) < 0.001, "\(cue.start.seconds)")
        #expect(abs(cue.end.seconds - (3 + delay)) < 0.001, "\(cue.end.seconds)")
        #expect(cue.text == "Two to three")
    }
}
