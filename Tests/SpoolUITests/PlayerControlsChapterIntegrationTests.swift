import Foundation
import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// The controller reading an asset's chapters through the public API into timeline marks,
/// with a real player on null outputs; the controls' timers on a manual clock.
@MainActor
@Suite("Player controls chapters with a real player", .timeLimit(.minutes(3)))
struct PlayerControlsChapterIntegrationTests {
    @Test("A Matroska file's chapters become the timeline's marks; PgUp seeks exactly to the next one")
    func marksFromTheAsset() async throws {
        let host = ContinuousClock()
        let player = Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { AudioOutputs.make(.null, clock: host, timed: true) }, videoOutput: nil,
                clock: host))
        let controller = PlayerControlsController(
            player: player, clock: ManualClock(), windowSize: OverlaySize(width: 1280, height: 720))
        defer { controller.stop() }
        player.replaceCurrentItem(with: PlayerItem(url: try await TestMedia.url(for: .chaptersMKV)))
        player.pause()
        let expected = TestMedia.chapters.map {
            TimelineMarker(time: Double($0.startMilliseconds) / 1000, kind: .chapter, title: $0.title)
        }
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.markers == expected })
        #expect(await eventually(timeout: integrationHangGuard) { controller.model.playback.duration != nil })
        // From inside the first chapter: a file's first frame may be stamped a hair before 0,
        // which is before every chapter (PgUp would then go to the first one, as in mpv).
        player.seek(to: MediaTime(value: 1, timescale: 2), toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
        #expect(
            await eventually(timeout: integrationHangGuard) {
                controller.refresh()
                return abs(controller.model.playback.currentTime - 0.5) < 0.0015
            })
        #expect(controller.handle(.key(.pageUp)) == [.seek(to: 2, exact: true)])
        #expect(
            await eventually(timeout: integrationHangGuard) { abs(player.currentTime().seconds - 2) < 0.0015 },
            "at \(player.currentTime().seconds)")
    }
}
