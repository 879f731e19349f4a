import Foundation
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// A seek in the current item after its audio handed the device to the prerolled next item
/// (gapless: the next item is already audible). Found by the IPC fuzzer (`--loop inf`, rapid
/// seeks to the end and back): the seek started a generation the item's audio thread could not
/// play (its writes threw `.stopped`, the thread returned), the demuxer still queued audio for
/// it, and after a second seek the item never ended — the queue stood still, its time frozen.
/// Now such a seek is refused (it completes with `false`), and the item ends with its video.
/// In virtual time: the seeks come at exact instants inside the hand-over window.
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

    @Test("Seeks after the hand-over complete with false; the item ends with its video, the next plays to its end")
    func seekAfterHandOverEndsTheItem() async throws {
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
        let seeks = ConditionLock<[Bool]>([])
        queue.seek(to: MediaTime(seconds: 1, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero) {
            finished in seeks.update { $0.append(finished) }
        }
        await clock.run(until: .milliseconds(2500))
        queue.seek(to: MediaTime(seconds: 0.5, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero)
        { finished in seeks.update { $0.append(finished) } }
        // The video's last frame is due before 3 s: the item ends then, not 2 s later.
        await clock.run(until: .milliseconds(3200))
        #expect(
            await events.wait { $0.contains(.didPlayToEnd(itemID: first.id)) },
            "the first item did not end with its video: \(events.elements)")
        #expect(queue.currentItem === second)
        #expect(seeks.withLock { $0 } == [false, false], "seeks after the hand-over: \(seeks.withLock { $0 })")
        await clock.run(until: .seconds(6))
        #expect(
            await events.wait { $0.contains(.didPlayToEnd(itemID: second.id)) },
            "the second item did not play to its end: \(events.elements)")
    }
}
