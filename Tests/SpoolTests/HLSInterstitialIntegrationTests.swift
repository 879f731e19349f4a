import Foundation
import SpoolTestSupport
import Testing

/// An 8 s primary VOD playlist (testsrc2, 440 Hz, 2 s segments, EXT-X-PROGRAM-DATE-TIME on every
/// segment) and a distinct 2 s interstitial (SMPTE bars, 880 Hz) as its own HLS playlist, made
/// by the ffmpeg CLI under `HLSTestMedia.root()/interstitials`, with primary playlists that
/// schedule the interstitial in different ways.
private enum InterstitialMedia {
    static let directoryName = "interstitials"
    private static let generation = Task { try await generate() }

    /// The directory, generated once per process.
    static func directory() async throws -> URL { try await generation.value }

    private static func generate() async throws -> URL {
        let root = try HLSTestMedia.root()
        let directory = root.appendingPathComponent(directoryName, isDirectory: true)
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("limit.m3u8").path) {
            return directory
        }
        let staging = root.appendingPathComponent("\(directoryName)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let encoding = [
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-keyint_min", "50", "-sc_threshold", "0",
            "-c:a", "aac", "-b:a", "64k", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
            "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
        ]
        _ = try await PlayTool.ffmpeg(
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000",
                "-t", "8",
            ] + encoding
                + [
                    "-hls_flags", "program_date_time", "-hls_segment_filename",
                    staging.appendingPathComponent("p%03d.ts").path,
                    staging.appendingPathComponent("primary.m3u8").path,
                ])
        _ = try await PlayTool.ffmpeg(
            [
                "-f", "lavfi", "-i", "smptehdbars=size=320x180:rate=25", "-f", "lavfi", "-i",
                "sine=frequency=880:sample_rate=48000", "-t", "2",
            ] + encoding
                + [
                    "-hls_segment_filename", staging.appendingPathComponent("ad%03d.ts").path,
                    staging.appendingPathComponent("ad.m3u8").path,
                ])
        let primary = try String(contentsOf: staging.appendingPathComponent("primary.m3u8"), encoding: .utf8)
        let dates = primary.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-PROGRAM-DATE-TIME:") }
            .map { $0.dropFirst("#EXT-X-PROGRAM-DATE-TIME:".count) }
        // The second segment's date: 2 s into the primary.
        let atTwoSeconds = try #require(dates.dropFirst().first)
        let common = "ID=\"ad1\",CLASS=\"com.apple.hls.interstitial\",DURATION=2,X-ASSET-URI=\"ad.m3u8\""
        let variants = [
            "resume0": "\(common),START-DATE=\"\(atTwoSeconds)\",X-RESUME-OFFSET=0",
            "default": "\(common),START-DATE=\"\(atTwoSeconds)\"",
            "pre": "\(common),START-DATE=\"\(dates[0])\",CUE=\"PRE\"",
            "limit": "\(common),START-DATE=\"\(atTwoSeconds)\",X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=1",
        ]
        for (name, attributes) in variants {
            let text = primary.replacingOccurrences(
                of: "#EXT-X-PLAYLIST-TYPE:VOD\n", with: "#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-DATERANGE:\(attributes)\n")
            try Data(text.utf8).write(to: staging.appendingPathComponent("\(name).m3u8"))
        }
        try? FileManager.default.removeItem(at: directory)  // an older generation's, without every playlist
        try? FileManager.default.moveItem(at: staging, to: directory)
        return directory
    }
}

@Suite("HLS interstitials over nginx (integration)", .serialized)
struct HLSInterstitialIntegrationTests {
    /// Plays `playlist` untimed into framemd5 and returns the hashes and the events.
    private func play(_ playlist: String, server: NginxServer, extra: [String] = []) async throws -> (
        hashes: [String], events: [PlayEvent], run: ToolOutput
    ) {
        let output = try PlayTool.scratchPath("interstitial-\(playlist).md5")
        let events = try PlayTool.scratchPath("interstitial-\(playlist).jsonl")
        let run = try await PlayTool.spool(
            ["play", "--vo", "framemd5:\(output)", "--ao", "null", "--untimed", "--no-mpris", "--events", events]
                + extra + [server.url("/\(InterstitialMedia.directoryName)/\(playlist).m3u8").absoluteString])
        return (
            PlayTool.hashColumn(try String(contentsOfFile: output, encoding: .utf8)), try PlayEvent.read(events), run
        )
    }

    private func reference(_ name: String) async throws -> [String] {
        let directory = try await InterstitialMedia.directory()
        return PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(of: directory.appendingPathComponent("\(name).m3u8")))
    }

    @Test("an interstitial at 2 s: primary 0–2 s, every interstitial frame, then the primary from 2 s; events log it")
    func interstitialAtTwoSeconds() async throws {
        _ = try await InterstitialMedia.directory()
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let (primary, ad) = (try await reference("primary"), try await reference("ad"))
        #expect(primary.count == 200 && ad.count == 50)

        let played = try await play("resume0", server: server)
        #expect(played.run.status == 0, "\(played.run.errorText)")
        let expected = Array(primary[..<50]) + ad + Array(primary[50...])
        #expect(played.hashes.count == expected.count)
        #expect(played.hashes == expected, "first difference: \(firstDifference(played.hashes, expected))")
        let interstitialEvents = played.events.filter { $0.type.hasPrefix("interstitial") }
        #expect(interstitialEvents.map(\.type) == ["interstitialStart", "interstitialEnd"])
        #expect(
            interstitialEvents.allSatisfy { $0.fields["id"] as? String == "ad1" && $0.fields["time"] as? Double == 2 })
        #expect(played.events.filter { $0.type == "ended" }.count == 1)
        // The asset was fetched from the server, after the primary's first segment.
        let paths = server.requests().map(\.path)
        #expect(paths.contains("/\(InterstitialMedia.directoryName)/ad000.ts"), "\(paths)")
    }

    @Test("without X-RESUME-OFFSET the primary resumes 2 s later (the duration played); X-PLAYOUT-LIMIT cuts the asset")
    func defaultResumptionOffset() async throws {
        _ = try await InterstitialMedia.directory()
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let (primary, ad) = (try await reference("primary"), try await reference("ad"))
        let played = try await play("default", server: server)
        #expect(played.run.status == 0, "\(played.run.errorText)")
        let expected = Array(primary[..<50]) + ad + Array(primary[100...])
        #expect(played.hashes == expected, "first difference: \(firstDifference(played.hashes, expected))")
        // X-PLAYOUT-LIMIT=1: one second (25 frames) of the interstitial.
        let limited = try await play("limit", server: server)
        let expectedLimited = Array(primary[..<50]) + Array(ad[..<25]) + Array(primary[50...])
        #expect(
            limited.hashes == expectedLimited, "first difference: \(firstDifference(limited.hashes, expectedLimited))")
    }

    @Test("CUE=PRE plays before the primary's first frame; --no-interstitials plays the primary alone")
    func prerollAndOptOut() async throws {
        _ = try await InterstitialMedia.directory()
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let (primary, ad) = (try await reference("primary"), try await reference("ad"))
        let preroll = try await play("pre", server: server)
        #expect(preroll.run.status == 0, "\(preroll.run.errorText)")
        // A PRE interstitial with no offset given resumes after its duration: primary from 2 s.
        #expect(preroll.hashes == ad + Array(primary[50...]))
        let optOut = try await play("resume0", server: server, extra: ["--no-interstitials"])
        #expect(optOut.hashes == primary)
        #expect(!optOut.events.contains { $0.type.hasPrefix("interstitial") })
    }

    private func firstDifference(_ a: [String], _ b: [String]) -> Int {
        a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? min(a.count, b.count)
    }
}
