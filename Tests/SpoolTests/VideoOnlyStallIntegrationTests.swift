import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Stalls of an item without audio, on the real engine: a video-only progressive download
/// that arrives in bursts slower than real time (3 s of media to open and start, then 0.4 s
/// every second). With no audio thread to notice, the clock used to run on past the missing
/// frames: no stall was reported, and the frames were dropped as late when they came.
/// Real time is what is measured: it runs in the serial pass (`REALTIME_SUITES`).
@MainActor
@Suite("Stalls of a video-only item (integration)", .serialized, .timeLimit(.minutes(2)))
struct VideoOnlyStallIntegrationTests {
    /// 20 s of 320x240 video at 25 fps and about 200 kb/s in Matroska (whose header says what
    /// the probe needs: an MPEG-TS is probed for seconds of media), no audio.
    static func videoOnlyClip() async throws -> URL {
        let path = try PlayTool.scratchPath("stall-video-only.mkv")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=20", "-an", "-c:v", "libx264",
            "-preset", "ultrafast", "-b:v", "200k", "-maxrate", "200k", "-bufsize", "200k", "-g", "25",
            "-pix_fmt", "yuv420p", "-f", "matroska", path,
        ])
        return URL(fileURLWithPath: path)
    }

    /// Plays `url` for `duration` of real time; returns the stalls begun and ended, and the
    /// item's counters.
    static func play(_ url: URL, for duration: Duration) async throws -> (
        begun: Int, ended: Int, statistics: PlaybackStatistics
    ) {
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: false))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        player.play()
        try await Task.sleep(for: duration)  // real time is what is being measured
        let begun = events.elements.filter { $0 == .stalled(itemID: item.id) }.count
        let ended = events.elements.filter { $0 == .stallEnded(itemID: item.id) }.count
        let statistics = item.accessLog().statistics
        player.replaceCurrentItem(with: nil)
        return (begun, ended, statistics)
    }

    @Test("a video-only download that runs dry stalls (reported, the clock held) and plays on when data comes")
    func dryDownloadStalls() async throws {
        let clip = try await Self.videoOnlyClip()
        let bytes = try Data(contentsOf: clip)
        let perSecond = bytes.count / 20
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute(
            "/video.mkv",
            .file(
                bytes,
                throttle: ScriptedResponse.Throttle(
                    chunkSize: perSecond * 2 / 5, delay: .seconds(1), firstChunkSize: perSecond * 3)))
        // 3 s ahead at the start, +0.4 s per second: dry at about 5 s; waiting for the
        // buffer (2 s ahead) ends that stall about 5 s later.
        let run = try await Self.play(server.url("/video.mkv"), for: .seconds(14))
        #expect(run.begun >= 1, "no stall reported: \(run.statistics)")
        #expect(run.ended >= 1, "the stall never ended: \(run.statistics)")
        // Held, not run past: the frames that came after the stall were shown, not dropped.
        #expect(run.statistics.framesDropped < 10, "\(run.statistics.framesDropped) frames dropped")
    }

    @Test("the same clip from a local file never stalls")
    func localFileDoesNotStall() async throws {
        let run = try await Self.play(try await Self.videoOnlyClip(), for: .seconds(3))
        #expect(run.begun == 0, "\(run.begun) stalls on a local file")
        #expect(run.statistics.framesPresented > 25)
    }
}
