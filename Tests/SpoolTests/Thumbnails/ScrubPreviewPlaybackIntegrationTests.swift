import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Scrub previews while the same asset plays in real time: the previews come from a demuxer and
/// decoder of their own on a low-priority thread, so playback neither stalls nor drops more.
@MainActor
@Suite("ScrubPreviewProvider during playback (integration)", .serialized, .timeLimit(.minutes(3)))
struct ScrubPreviewPlaybackIntegrationTests {
    struct Run {
        var statistics: PlaybackStatistics
        var stallsBegun: Int
        var previews: Int
    }

    /// Plays `url` for `duration` of real time (what is measured), scrubbing previews all along
    /// when `scrubbing`.
    static func play(_ url: URL, for duration: Duration, scrubbing: Bool) async throws -> Run {
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: true))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        player.play()
        let provider = ScrubPreviewProvider(asset: URLAsset(url: url))
        let scrubber = Task { @MainActor in
            var requests: [Task<GeneratedImage?, Never>] = []
            var position = 0.0
            while scrubbing, !Task.isCancelled {
                // A pointer sweeping the timeline: a new time every 50 ms, whether or not the
                // last preview came, so newer requests also cancel older ones.
                position = (position + 3.7).truncatingRemainder(dividingBy: 58)
                let time = position
                requests.append(
                    Task { await provider.preview(near: time, maximumSize: PixelSize(width: 160, height: 90)) })
                try? await Task.sleep(for: .milliseconds(50))
            }
            var count = 0
            for request in requests where await request.value != nil { count += 1 }
            return count
        }
        try await Task.sleep(for: duration)
        scrubber.cancel()
        let previews = await scrubber.value
        let run = Run(
            statistics: item.accessLog().statistics,
            stallsBegun: events.elements.filter { $0 == .stalled(itemID: item.id) }.count, previews: previews)
        player.replaceCurrentItem(with: nil)
        return run
    }

    @Test("scrubbing previews while playing: no stall, frames dropped unchanged, previews made")
    func previewsDoNotDisturbPlayback() async throws {
        let url = try await TestMedia.url(for: .lowResolution1Minute)
        let baseline = try await Self.play(url, for: .seconds(6), scrubbing: false)
        let scrubbed = try await Self.play(url, for: .seconds(6), scrubbing: true)
        print(
            "scrub previews: \(scrubbed.previews) in 6 s; dropped \(scrubbed.statistics.framesDropped) "
                + "(baseline \(baseline.statistics.framesDropped)), presented \(scrubbed.statistics.framesPresented) "
                + "(baseline \(baseline.statistics.framesPresented)), stalls \(scrubbed.statistics.stalls)")
        #expect(scrubbed.previews > 10, "previews were made")
        #expect(scrubbed.stallsBegun == 0 && scrubbed.statistics.stalls == 0)
        #expect(baseline.stallsBegun == 0 && baseline.statistics.stalls == 0)
        // A loaded machine may drop a frame or two in either run; previews must not add more.
        #expect(scrubbed.statistics.framesDropped <= baseline.statistics.framesDropped + 2)
        #expect(scrubbed.statistics.framesPresented > 100)
    }
}
