import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// A real item's threads: each is a named `SpoolThread`, and all of them have returned once the
/// item is replaced — the join a stopped pipeline owes (`PipelinePlayback.threadsFinished`).
@MainActor
@Suite("An item's pipeline threads (integration)", .timeLimit(.minutes(3)))
struct PipelineThreadsIntegrationTests {
    /// The pipelines a player made, in order.
    final class MadePipelines: Sendable {
        let list = Locked<[PipelinePlayback]>([])
        var first: PipelinePlayback? { list.withLock { $0.first } }
    }

    /// A player on the real engine (null video, timed null audio) that keeps each pipeline it
    /// makes in `made`, so the test can ask for its threads.
    static func realPlayer(keeping made: MadePipelines) throws -> Player {
        let configuration = EngineConfigurations.timed(video: NullVideoOutput(), audio: true)
        let sharedAudio = try #require(configuration.makeAudioOutput.map { SharedAudioOutput(make: $0) })
        return Player(
            configuration: configuration,
            makePlayback: { item in
                let playback = PipelinePlayback(
                    request: item.pipelineRequest, configuration: configuration, sharedAudio: sharedAudio)
                made.list.withLock { $0.append(playback) }
                return playback
            })
    }

    @Test("playing audio and video starts demux, decode, render and audio threads; replacing the item ends them all")
    func threadsEndWithTheItem() async throws {
        let made = MadePipelines()
        let player = try Self.realPlayer(keeping: made)
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: try await TestMedia.url(for: .h264AACMP4))
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await events.wait { $0.contains(.timeControlStatus(.playing)) })
        let pipeline = try #require(made.first)
        // The demux thread starts the others once the item is open.
        #expect(await eventually(timeout: .seconds(30)) { pipeline.threads.withLock { $0.count } == 4 })
        let names = pipeline.threads.withLock { $0.map(\.name) }
        #expect(Set(names) == ["spool-demux", "spool-video-decode", "spool-render", "spool-audio"], "\(names)")

        player.replaceCurrentItem(with: nil)
        await pipeline.threadsFinished()
        #expect(pipeline.threads.withLock { $0.allSatisfy(\.isFinished) })
        #expect(pipeline.threads.withLock { $0.count } == names.count, "no thread started after the stop")
    }

    @Test("a player dropped at its item's end stops the item: every pipeline thread returns")
    func droppedPlayerStopsItsItem() async throws {
        let made = MadePipelines()
        var player: Player? = try Self.realPlayer(keeping: made)
        weak let dropped = player
        let events = StreamRecorder(try #require(player).itemEvents())
        let item = PlayerItem(url: try await TestMedia.url(for: .h264AACMP4))
        player?.replaceCurrentItem(with: item)
        player?.rate = 4
        // At its end the item keeps its threads, waiting for a seek back.
        #expect(await events.wait(timeout: .seconds(60)) { $0.contains(.didPlayToEnd(itemID: item.id)) })
        let pipeline = try #require(made.first)
        #expect(pipeline.threads.withLock { $0.contains { !$0.isFinished } })

        player = nil
        #expect(dropped == nil, "the player was not released")
        #expect(
            await eventually(timeout: .seconds(30)) { pipeline.threads.withLock { $0.allSatisfy(\.isFinished) } },
            "still running: \(pipeline.threads.withLock { $0.filter { !$0.isFinished }.map(\.name) })")
    }
}
