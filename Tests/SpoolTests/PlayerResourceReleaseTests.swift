import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool

/// When the player asks its pipeline to release what a pause holds: exactly
/// `resourceReleaseDelay` into an uninterrupted pause, on the player's (manual) clock.
@Suite("Player: release of a paused item's buffers", .timeLimit(.minutes(3)))
@MainActor
struct PlayerResourceReleaseTests {
    let pipelines = FakePipelines()
    let clock = ManualClock()

    func pausedPlayer() async throws -> (Player, FakeItemPlayback) {
        let player = Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: nil, videoOutput: nil, clock: ManualClock(), resourceReleaseClock: clock),
            makePlayback: pipelines.factory())
        player.replaceCurrentItem(with: PlayerItem(url: URL(fileURLWithPath: "/media/\(UUID()).mp4")))
        let playback = try #require(pipelines.last)
        playback.send(.ready(readyInfo))
        await clock.waitForSleepers(atLeast: 1)
        return (player, playback)
    }

    /// Lets the woken countdown run on the main actor.
    func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    @Test("paused: released at exactly the delay, once")
    func exactlyAtTheDelay() async throws {
        let (player, playback) = try await pausedPlayer()
        player.resourceReleaseDelay = .seconds(60)
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .milliseconds(59_999))
        await settle()
        #expect(playback.releaseCount == 0)
        clock.advance(by: .milliseconds(1))
        await settle()
        #expect(playback.releaseCount == 1)
        clock.advance(by: .seconds(600))
        await settle()
        #expect(playback.releaseCount == 1, "once per pause")
    }

    @Test("playing, or playing again before the delay, releases nothing")
    func notWhilePlaying() async throws {
        let (player, playback) = try await pausedPlayer()
        clock.advance(by: .seconds(30))
        player.play()
        await settle()
        clock.advance(by: .seconds(300))
        await settle()
        #expect(playback.releaseCount == 0)
        player.pause()
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(59))
        await settle()
        #expect(playback.releaseCount == 0, "the pause counts from its own start")
        clock.advance(by: .seconds(1))
        await settle()
        #expect(playback.releaseCount == 1)
    }

    @Test("a seek while paused starts the count again; nil never releases")
    func seekRestartsAndNilDisables() async throws {
        let (player, playback) = try await pausedPlayer()
        clock.advance(by: .seconds(40))
        player.seek(to: MediaTime(value: 10, timescale: 1)) { _ in }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(40))
        await settle()
        #expect(playback.releaseCount == 0)
        clock.advance(by: .seconds(20))
        await settle()
        #expect(playback.releaseCount == 1)

        player.play()
        player.resourceReleaseDelay = nil
        player.pause()
        clock.advance(by: .seconds(3600))
        await settle()
        #expect(playback.releaseCount == 1)
    }
}
