import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Where a paused exact seek reports it landed: exactly on its target, whatever the audio
/// thread wrote meanwhile. Audio written while paused starts at the sample at or before the
/// target (the trim is sample-exact, the target need not be on a sample), and the clock used
/// to follow it there — a few microseconds early, which put a chapter's start in the chapter
/// before it. A seek made while the item still opened was overwritten by the item's start.
@MainActor
@Suite("A paused exact seek lands on its target (integration)", .timeLimit(.minutes(3)))
struct PausedSeekLandingIntegrationTests {
    /// Between two samples at 48 kHz: 1.234567 s is sample 59259.2.
    static let target = MediaTime(value: 1_234_567, timescale: 1_000_000)

    @Test("a seek made while the item opens, paused: the time is the target once it lands")
    func seekWhileOpening() async throws {
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: true))
        defer { player.replaceCurrentItem(with: nil) }
        let item = PlayerItem(url: try await TestMedia.url(for: .h264AACMP4))
        player.replaceCurrentItem(with: item)
        #expect(await player.seek(to: Self.target, toleranceBefore: .zero, toleranceAfter: .zero))
        #expect(player.currentTime() == Self.target, "\(player.currentTime().seconds)")
        // The audio thread fills the paused device from the target; the time stays put.
        #expect(await eventually(timeout: .seconds(20)) { item.statistics.audioFramesOutput > 0 })
        #expect(player.currentTime() == Self.target, "\(player.currentTime().seconds)")
    }
}
