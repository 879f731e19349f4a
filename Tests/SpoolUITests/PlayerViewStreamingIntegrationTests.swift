import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// `spool play`'s controls for streams over nginx: a live stream's LIVE badge and an HLS
/// interstitial's "Ad" label, seen in screenshots of the real window and read by tesseract.
@Suite(
    "spool play's controls for live streams and ad breaks (nginx + Xvfb)", .serialized, .exclusiveScreen,
    .timeLimit(.minutes(3)))
struct PlayerViewStreamingIntegrationTests {
    /// The window covers the test screen (1280x720), so labels are drawn at their design size.
    static let geometry = ["--geometry", "1280x720"]

    /// The controls' layout at the window's size for `playback`.
    static func layout(_ session: SpoolWindowSession, _ playback: PlaybackSnapshot) -> PlayerControlsLayout {
        PlayerControlsLayout(
            size: OverlaySize(width: session.window.width, height: session.window.height), playback: playback,
            configuration: PlayerControlsConfiguration())
    }

    /// Whether most sampled pixels of `rect` are within `tolerance` of `color` in every channel
    /// (tight enough that testsrc2's own red, 255/0/0, is not the badge's 214/32/32).
    static func mostly(
        _ color: (red: UInt8, green: UInt8, blue: UInt8), in rect: OverlayRect, of pixels: WindowPixels,
        tolerance: Int = 16
    ) -> Bool {
        var (near, all) = (0, 0)
        for y in stride(from: rect.y + 2, to: rect.maxY - 2, by: 2) {
            for x in stride(from: rect.x + 2, to: rect.maxX - 2, by: 2) {
                let pixel = pixels.pixel(x: x, y: y)
                all += 1
                let distance = max(
                    abs(Int(pixel.red) - Int(color.red)), abs(Int(pixel.green) - Int(color.green)),
                    abs(Int(pixel.blue) - Int(color.blue)))
                if distance <= tolerance { near += 1 }
            }
        }
        return all > 0 && near * 2 > all
    }

    @Test("A live stream shows the red LIVE badge where the elapsed time would be")
    func liveBadge() async throws {
        let live = try await HLSTestMedia.startLive(segmentSeconds: 1, listSize: 5, lifetime: .seconds(60))
        defer { live.stop() }
        _ = await live.waitForWindow(timeout: .seconds(20)) { _, count in count >= 4 }
        let server = try await NginxServer.start(NginxConfiguration(root: live.root))
        defer { server.stop() }
        let session = try await SpoolWindowSession.start(
            server.url(live.masterPlaylistPath).absoluteString, Self.geometry)
        let layout = Self.layout(session, PlaybackSnapshot(phase: .playing, isLive: true, title: "x"))
        let badge = try #require(layout.frame(of: .liveBadge))
        // The badge itself: 52x20 design pixels at the left of its frame, vertically centred.
        let pill = OverlayRect(x: badge.x, y: badge.midY - 10, width: 52, height: 20)
        try await session.movePointer(toX: 640, y: 300)
        try await session.movePointer(toX: 645, y: 300)
        let shown = try await session.screenshot(within: .seconds(30)) {
            Self.mostly((214, 32, 32), in: pill, of: $0)
        }
        #expect(shown.held, "no red LIVE badge at the live edge")
        try await shown.pixels.save(as: "osc-live-badge")
        let read = try await OCR.read(shown.pixels.image(of: pill), name: "osc-live-badge-ocr")
        #expect(read.contains("LIVE"), "tesseract read: \(read)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }

    @Test("During an interstitial the controls show the yellow Ad label with its time left")
    func adBreak() async throws {
        let directory = try await AdBreakMedia.directory()
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let url = server.url("/\(directory.lastPathComponent)/primary-ad.m3u8").absoluteString
        let session = try await SpoolWindowSession.start(url, Self.geometry)
        var playback = PlaybackSnapshot(phase: .playing, duration: 8, title: "x")
        playback.interstitial = InterstitialBreak(remaining: 4, canSkip: false, allowsSeeking: true)
        let label = try #require(Self.layout(session, playback).frame(of: .interstitialLabel))
        // Keep the controls up through the break with small pointer moves.
        var shown: (pixels: WindowPixels, held: Bool)?
        for step in 0..<40 {
            try await session.movePointer(toX: 600 + step % 2 * 10, y: 300)
            let pixels = try await session.screenshot()
            if Self.mostly((255, 204, 0), in: label, of: pixels) {
                shown = (pixels, true)
                break
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        let ad = try #require(shown, "no Ad label during the break")
        try await ad.pixels.save(as: "osc-ad-break")
        // Inside the rounded corners, which tesseract reads as punctuation.
        let read = try await OCR.read(ad.pixels.image(of: label.insetBy(dx: 8, dy: 4)), name: "osc-ad-break-ocr")
        #expect(read.hasPrefix("Ad"), "tesseract read: \(read)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}

/// An 8 s primary HLS playlist (testsrc2, 2 s segments, EXT-X-PROGRAM-DATE-TIME) with a 6 s
/// interstitial (SMPTE bars) scheduled at 2 s by EXT-X-DATERANGE, made by the ffmpeg CLI once per
/// run under `HLSTestMedia.root()/osc-ad-break`.
enum AdBreakMedia {
    private static let generation = Task { try await generate() }

    /// The directory, generated once per process.
    static func directory() async throws -> URL { try await generation.value }

    private static func ffmpeg(_ arguments: [String]) async throws {
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments,
            timeout: .seconds(120))
        guard result.status == 0 else { throw ToolError(description: "ffmpeg: \(result.errorText)") }
    }

    private static func generate() async throws -> URL {
        let directory = try HLSTestMedia.root().appendingPathComponent("osc-ad-break", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoding = [
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-keyint_min", "50", "-sc_threshold", "0",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-f", "hls", "-hls_time", "2", "-hls_playlist_type",
            "vod",
        ]
        try await ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440", "-t",
                "8",
            ]
                + encoding
                + [
                    "-hls_flags", "program_date_time", "-hls_segment_filename",
                    directory.appendingPathComponent("p%03d.ts").path,
                    directory.appendingPathComponent("primary.m3u8").path,
                ])
        try await ffmpeg(
            [
                "-f", "lavfi", "-i", "smptehdbars=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=880",
                "-t", "6",
            ]
                + encoding
                + [
                    "-hls_segment_filename", directory.appendingPathComponent("ad%03d.ts").path,
                    directory.appendingPathComponent("ad.m3u8").path,
                ])
        let primary = try String(contentsOf: directory.appendingPathComponent("primary.m3u8"), encoding: .utf8)
        let dates = primary.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") }
            .map { $0.dropFirst("#EXT-X-PROGRAM-DATE-TIME:".count) }
        guard dates.count > 1 else { throw ToolError(description: "no program dates in \(primary)") }
        let range =
            "#EXT-X-DATERANGE:ID=\"ad1\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"\(dates[1])\","
            + "DURATION=6,X-ASSET-URI=\"ad.m3u8\""
        let text = primary.replacingOccurrences(
            of: "#EXT-X-PLAYLIST-TYPE:VOD\n", with: "#EXT-X-PLAYLIST-TYPE:VOD\n\(range)\n")
        try Data(text.utf8).write(to: directory.appendingPathComponent("primary-ad.m3u8"))
        return directory
    }
}
