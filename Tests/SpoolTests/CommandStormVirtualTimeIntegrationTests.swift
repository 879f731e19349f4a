import Foundation
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// Random seeks, pauses and rate changes at random instants (the IPC fuzzer's kind of use, in
/// virtual time and reproducible from a seed), then one exact seek and playing on: every seek
/// completes, the last one lands, and the item (or the queue) plays to its end. Flag-soup
/// bugs of the engine show here as an item that never ends: the IPC fuzzer found two (a seek
/// after the gapless hand-over, audio ending before the video).
@MainActor
@Suite("Random commands in virtual time (integration)", .timeLimit(.minutes(3)))
struct CommandStormVirtualTimeIntegrationTests {
    /// 4 s of 320x240 testsrc2 and a tone, a keyframe every second.
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("command-storm.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Seeks that completed, by outcome.
    final class SeekLog: Sendable {
        let outcomes = ConditionLock<[Bool]>([])
        func handler() -> @MainActor (Bool) -> Void { { finished in self.outcomes.update { $0.append(finished) } } }
        var count: Int { outcomes.withLock { $0.count } }
    }

    /// One random command on `player` (a seek anywhere from before the start to past the end,
    /// exact or to a keyframe; a pause; a play; a rate).
    static func randomCommand(on player: Player, using generator: inout SeededGenerator, seeks: SeekLog) -> Bool {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1:
            // Often near the end, where the end of stream, the gapless hand-over and a seek meet.
            let seconds =
                Int.random(in: 0..<5, using: &generator) < 2
                ? Double.random(in: 3.6...4.2, using: &generator) : Double.random(in: -0.5...4.5, using: &generator)
            let time = MediaTime(seconds: seconds, preferredTimescale: 1000)
            if Bool.random(using: &generator) {
                player.seek(to: time, toleranceBefore: .zero, toleranceAfter: .zero, completionHandler: seeks.handler())
            } else {
                player.seek(
                    to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity,
                    completionHandler: seeks.handler())
            }
            return true
        case 2: player.pause()
        case 3: player.play()
        case 4: player.rate = [0.5, 1, 2].randomElement(using: &generator)!
        default: break  // time passes
        }
        return false
    }

    @Test("A player: 40 random commands, then an exact seek and play: it lands and plays to the end", arguments: 1...12)
    func playerSurvivesAStorm(seed: UInt64) async throws {
        let bytes = try await Self.clip()
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.mp4",
            throttle: ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero), audio: true,
            video: NullVideoOutput())
        defer { playback.finish() }
        let player = playback.player
        let id = playback.item.id
        var generator = SeededGenerator(state: seed)
        let seeks = SeekLog()
        var seeksMade = 0
        var instant = Duration.zero
        for _ in 0..<40 {
            // Bursts (several commands at one instant) and pauses between them.
            if Bool.random(using: &generator) { instant += .milliseconds(Int.random(in: 0...250, using: &generator)) }
            await playback.run(until: instant)
            if Self.randomCommand(on: player, using: &generator, seeks: seeks) { seeksMade += 1 }
        }
        let endsBefore = playback.events.elements.filter { $0 == .didPlayToEnd(itemID: id) }.count
        let target = Double.random(in: 0...3, using: &generator)
        let last = SeekLog()
        player.seek(
            to: MediaTime(seconds: target, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero,
            completionHandler: last.handler())
        player.rate = 1
        await playback.run(until: instant + .seconds(6))
        #expect(
            await playback.events.wait { $0.filter { $0 == .didPlayToEnd(itemID: id) }.count > endsBefore },
            "seed \(seed): no end after the last seek to \(target) s: \(playback.events.elements.suffix(8))")
        #expect(
            seeks.count == seeksMade, "seed \(seed): \(seeksMade - seeks.count) of \(seeksMade) seeks never completed")
        #expect(
            last.outcomes.withLock { $0 } == [true], "seed \(seed): the last seek: \(last.outcomes.withLock { $0 })")
        #expect(player.currentTime().seconds > 3.9, "seed \(seed): the end at \(player.currentTime().seconds) s")
    }

    @Test("A gapless queue of three: 40 random commands (and skips), then play: every item ends", arguments: 1...8)
    func queueSurvivesAStorm(seed: UInt64) async throws {
        let bytes = try await Self.clip()
        let clock = AutoAdvancingEngineClock()
        defer { clock.stop() }
        let configuration = VirtualTimePlayback.queueConfiguration(on: clock, video: NullVideoOutput())
        let items = (0..<3).map { VirtualTimePlayback.item("\($0)", bytes: bytes, clock: clock) }
        let queue = QueuePlayer(items: items, configuration: configuration)
        let events = StreamRecorder(queue.itemEvents())
        defer { queue.removeAllItems() }
        queue.play()
        var generator = SeededGenerator(state: seed)
        let seeks = SeekLog()
        var seeksMade = 0
        var instant = Duration.zero
        for _ in 0..<40 {
            if Bool.random(using: &generator) { instant += .milliseconds(Int.random(in: 0...400, using: &generator)) }
            // The main actor prerolls the next item on its own time: virtual time waits for its
            // audio to stand in line, so every item's end meets a waiting next item (the
            // hand-over), whatever the load.
            _ = await eventually(timeout: .seconds(5)) {
                queue.items().count < 2 || queue.sharedAudio?.waitingLeaseCount == 1
            }
            await clock.run(until: instant)
            // A skip now and then, while more than one item is left.
            if Int.random(in: 0..<12, using: &generator) == 0, queue.items().count > 1 {
                queue.advanceToNextItem()
            } else if Self.randomCommand(on: queue, using: &generator, seeks: seeks) {
                seeksMade += 1
            }
        }
        guard let last = queue.items().last else { return }
        queue.rate = 1
        // At most three whole items are left, at rate 1.
        await clock.run(until: instant + .seconds(14))
        #expect(
            await events.wait { $0.contains(.didPlayToEnd(itemID: last.id)) },
            "seed \(seed): the last item never ended: \(events.elements.suffix(8))")
        #expect(queue.currentItem == nil, "seed \(seed): the queue stopped at \(String(describing: queue.currentItem))")
        #expect(
            seeks.count == seeksMade, "seed \(seed): \(seeksMade - seeks.count) of \(seeksMade) seeks never completed")
    }
}
