import Foundation
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// A seek in the current item after its audio handed the device to the prerolled next item
/// (gapless: the next item is already audible). Found by the IPC fuzzer (`--loop inf`, rapid
/// seeks to the end and back): the seek started a generation the item's audio thread could not
/// play, and the item never ended. Then such seeks were refused (completed `false`), and the
/// queue storm (decision 0069) found the user's seek back lost in 6 seeds of 100. Now the seek
/// takes the device back: the player stops the prerolled item (its queued samples leave the
/// device), the item plays on from the target with its sound, and the next item is prerolled
/// anew and plays from its start. In virtual time: the seeks come at exact instants inside the
/// hand-over window.
@MainActor
@Suite("A seek after the audio hand-over (integration)", .timeLimit(.minutes(3)))
struct SeekAfterAudioHandOverIntegrationTests {
    /// 3 s of 320x240 testsrc2 with 2 s of a tone (the audio hands over a second before the
    /// video ends), a keyframe every second.
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("seek-after-hand-over.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000:duration=2", "-t", "3", "-c:v", "libx264", "-preset", "ultrafast",
            "-g", "25",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("Seeks after the hand-over complete, the item plays on from the target with sound, the next from its start")
    func seekAfterHandOverTakesTheDeviceBack() async throws {
        let bytes = try await Self.clip()
        let clock = AutoAdvancingEngineClock()
        defer { clock.stop() }
        let configuration = VirtualTimePlayback.queueConfiguration(on: clock, video: NullVideoOutput())
        let (first, second) = (
            VirtualTimePlayback.item("first", bytes: bytes, clock: clock),
            VirtualTimePlayback.item("second", bytes: bytes, clock: clock)
        )
        let queue = QueuePlayer(items: [first, second], configuration: configuration)
        let events = StreamRecorder(queue.itemEvents())
        defer { queue.removeAllItems() }
        queue.play()
        // The next item is prerolled by the main actor once the first is ready, on its own
        // time: virtual time must not reach the hand-over before its audio waits in line.
        await clock.run(until: .milliseconds(100))
        let prerolled = await eventually(timeout: .seconds(30)) { queue.sharedAudio?.waitingLeaseCount == 1 }
        try #require(prerolled, "the second item's audio never waited for its turn")
        // The first item's audio ends at 2 s and hands the device over; its video goes on to 3 s.
        await clock.run(until: .milliseconds(2400))
        #expect(queue.currentItem === first, "the first item ended before its video did")
        let handedOver = (queue.playback as? PipelinePlayback)?.control.withLock { $0.audioHandedOver }
        #expect(handedOver == true, "no hand-over by 2.4 s")
        let seeks = ConditionLock<[Bool]>([])
        queue.seek(to: MediaTime(seconds: 1, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero) {
            finished in seeks.update { $0.append(finished) }
        }
        await clock.run(until: .milliseconds(2500))
        // What the first seek wrote is counted by now; from the second, 0.5 s to 2 s is written.
        let heardBefore = first.accessLog().statistics.audioFramesOutput
        queue.seek(to: MediaTime(seconds: 0.5, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero)
        { finished in seeks.update { $0.append(finished) } }
        await clock.run(until: .milliseconds(2600))
        #expect(await eventually(timeout: .seconds(5)) { seeks.withLock { $0.count } == 2 })
        #expect(seeks.withLock { $0 } == [true, true], "seeks after the hand-over: \(seeks.withLock { $0 })")
        // The next item stands in line again before the new hand-over (0.5 s to 2 s of audio
        // from 2.5 s: at 4 s).
        let prerolledAgain = await eventually(timeout: .seconds(30)) { queue.sharedAudio?.waitingLeaseCount == 1 }
        try #require(prerolledAgain, "the second item was not prerolled again")
        // From 0.5 s the first item plays its 3-s video to the end: 2.5 s more, at 5 s.
        await clock.run(until: .milliseconds(4900))
        #expect(queue.currentItem === first, "the first item ended early: \(events.elements)")
        let heard = first.accessLog().statistics.audioFramesOutput - heardBefore
        // Its tone from 0.5 s (the second seek) to its end at 2 s: 1.5 s at 48 kHz, give or take
        // a codec frame.
        #expect(abs(heard - 72_000) <= 2048, "audio frames written after the seeks: \(heard)")
        await clock.run(until: .milliseconds(5200))
        #expect(
            await events.wait { $0.contains(.didPlayToEnd(itemID: first.id)) },
            "the first item did not end with its video: \(events.elements)")
        #expect(queue.currentItem === second)
        // The second item plays its 3 s from its start at the new hand-over (4 s), not from
        // where its first preroll had got to (about 0.5 s in): it ends at 7 s, not 6.5 s. Each
        // item ends once.
        await clock.run(until: .milliseconds(6800))
        #expect(queue.currentItem === second, "the second item ended early: \(events.elements)")
        await clock.run(until: .milliseconds(7400))
        #expect(
            await events.wait { $0.contains(.didPlayToEnd(itemID: second.id)) },
            "the second item did not play to its end: \(events.elements)")
        let ends = events.elements.filter { if case .didPlayToEnd = $0 { true } else { false } }
        #expect(ends == [.didPlayToEnd(itemID: first.id), .didPlayToEnd(itemID: second.id)], "\(ends)")
    }
}
