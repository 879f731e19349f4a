import Foundation
import SpoolTestSupport
import Testing

@Suite("HLS byte ranges over nginx (integration)")
struct HLSByteRangePlaybackIntegrationTests {
    @Test("each pinned byte-range variant decodes like ffmpeg's decode, fetched as Range requests on one file")
    func byteRangeVariantsMatchFFmpeg() async throws {
        let ladder = try await HLSTestMedia.ladder(.byteRange)
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        for (index, path) in ladder.variantPlaylistPaths.enumerated() {
            let output = try PlayTool.scratchPath("hls-byterange-\(index).md5")
            let run = try await PlayTool.spool([
                "play", "--vo", "framemd5:\(output)", "--ao", "null", "--untimed", "--variant", "\(index)",
                server.url(ladder.masterPlaylistPath).absoluteString,
            ])
            #expect(run.status == 0, "\(run.errorText)")
            let expected = PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: ladder.fileURL(path)))
            let actual = PlayTool.hashColumn(try String(contentsOfFile: output, encoding: .utf8))
            // 8 s at 25 fps: every frame, in order.
            #expect(expected.count == 200)
            #expect(actual == expected)

            // Every segment came from the variant's one file, each as a 206 answer to a Range request.
            let file = (path as NSString).deletingLastPathComponent + "/media.ts"
            let segmentRequests = server.requests().filter { $0.path == file }
            #expect(segmentRequests.count >= 4, "\(server.requests().map(\.uri))")
            #expect(segmentRequests.allSatisfy { $0.range?.hasPrefix("bytes=") == true && $0.status == 206 })
            let ranges = Set(segmentRequests.compactMap(\.range))
            #expect(ranges.count >= 4, "distinct ranges: \(ranges.sorted())")
        }
    }
}

@Suite("HLS live over nginx (integration)", .serialized)
struct HLSLivePlaybackIntegrationTests {
    /// Frames of 25 fps to play: 30 s of real time.
    static let framesToPlay = 750

    @Test(
        "a live sliding window plays 30 s in real time: no stall, continuous frames across reloads, indefinite duration"
    )
    func livePlaysThirtySeconds() async throws {
        let live = try await HLSTestMedia.startLive(segmentSeconds: 1, listSize: 5, lifetime: .seconds(75))
        defer { live.stop() }
        // Join a running stream, as viewers do: the window is full, so playback can start
        // three target durations behind the live edge.
        let full = await live.waitForWindow(timeout: .seconds(20)) { _, count in count >= 5 }
        #expect(full, "the live window never reached five segments")
        let server = try await NginxServer.start(NginxConfiguration(root: live.root))
        defer { server.stop() }
        let master = server.url(live.masterPlaylistPath).absoluteString

        // `load(.duration)` of a live presentation is indefinite (probe reports it as isLive).
        let probe = try await PlayTool.spool(["probe", "--json", master])
        #expect(probe.status == 0, "\(probe.errorText)")
        let object = try #require(try JSONSerialization.jsonObject(with: probe.standardOutput) as? [String: Any])
        #expect(object["isLive"] as? Bool == true)
        #expect(object["duration"] is NSNull)

        let output = try PlayTool.scratchPath("hls-live.md5")
        let events = try PlayTool.scratchPath("hls-live.jsonl")
        let run = try await PlayTool.spool(
            [
                "play", "--vo", "framemd5:\(output)", "--ao", "null", "--frames", "\(Self.framesToPlay)", "--stats",
                "--events", events, master,
            ], timeout: .seconds(45))
        #expect(run.status == 0, "\(run.errorText)")
        // Real time: 750 frames at 25 fps cannot be shown in less than 30 s (less one frame).
        #expect(run.elapsed >= .seconds(29.9), "played for \(run.elapsed)")
        #expect(run.elapsed < .seconds(42), "played for \(run.elapsed)")

        let stats = try #require(Self.statistics(run.outputText))
        #expect(stats["stalls"] as? Int == 0, "\(stats)")
        // Late frames may be dropped on a loaded machine; every one must be accounted for below.
        let dropped = try #require(stats["framesDropped"] as? Int, "\(stats)")
        #expect(dropped <= Self.framesToPlay / 20, "\(stats)")
        let eventTypes = try PlayEvent.read(events).map(\.type)
        #expect(!eventTypes.contains("stall"), "\(eventTypes)")

        // Continuous frames: one tick (1/25 s) after another, through every playlist reload; a
        // longer step only where the renderer dropped late frames, never media that went missing.
        let listing = try String(contentsOfFile: output, encoding: .utf8)
        let times = PlayTool.frameLines(listing).compactMap { line in
            Int(line.split(separator: ",")[2].trimmingCharacters(in: .whitespaces))
        }
        #expect(times.count == Self.framesToPlay)
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        let gaps = steps.enumerated().filter { $0.element != 1 }
        #expect(
            steps.allSatisfy { $0 >= 1 },
            "time went backwards: \(gaps.prefix(10).map { "\($0.offset): \($0.element)" })")
        #expect(
            steps.reduce(0) { $0 + $1 - 1 } <= dropped,
            "frames missing beyond the \(dropped) dropped at \(gaps.prefix(10).map { "\($0.offset): \($0.element)" })")

        // The window slid while we played, and the playlists were reloaded to follow it.
        let playlistLoads = server.requests().filter { $0.path.hasSuffix("index.m3u8") }.count
        #expect(playlistLoads >= 20, "media playlist requests: \(playlistLoads)")
        let segments = server.requests().filter { $0.path.hasSuffix(".ts") && $0.status == 200 }.count
        #expect(segments >= 30, "segments fetched: \(segments)")
    }

    /// The `--stats` object (the last JSON line on stdout).
    static func statistics(_ output: String) -> [String: Any]? {
        output.split(separator: "\n").reversed().lazy.compactMap { line -> [String: Any]? in
            guard line.hasPrefix("{") else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }.first
    }
}

extension HLSLivePlaybackIntegrationTests {
    @Test(
        "a player that fell behind the live window (server silent for longer than the window) jumps to the live edge and plays on"
    )
    func fellBehindJumpsToTheLiveEdge() async throws {
        let live = try await HLSTestMedia.startLive(segmentSeconds: 1, listSize: 5, lifetime: .seconds(60))
        defer { live.stop() }
        let full = await live.waitForWindow(timeout: .seconds(20)) { _, count in count >= 5 }
        #expect(full, "the live window never reached five segments")
        let server = try await NginxServer.start(NginxConfiguration(root: live.root))
        defer { server.stop() }
        let output = try PlayTool.scratchPath("hls-live-behind.md5")
        let events = try PlayTool.scratchPath("hls-live-behind.jsonl")
        async let run = PlayTool.spool(
            [
                "play", "--vo", "framemd5:\(output)", "--ao", "null", "--frames", "400", "--events", events,
                server.url(live.masterPlaylistPath).absoluteString,
            ], timeout: .seconds(45))
        // Once playback is under way, the server goes silent for 9 s: the 5 s window moves on
        // past everything the player has.
        let started = await server.waitForRequests(timeout: .seconds(20)) { requests in
            requests.filter { $0.path.hasSuffix(".ts") }.count >= 4
        }
        #expect(started)
        let silence = await runOnDedicatedThread { () -> Bool in
            usleep(1_000_000)
            server.stopAnswering()
            usleep(9_000_000)
            server.resume()
            return true
        }
        #expect(silence)
        let result = try await run
        #expect(result.status == 0, "\(result.errorText)")
        #expect(try PlayEvent.read(events).contains { $0.type == "stall" })
        let times = PlayTool.frameLines(try String(contentsOfFile: output, encoding: .utf8)).compactMap { line in
            Int(line.split(separator: ",")[2].trimmingCharacters(in: .whitespaces))
        }
        #expect(times.count == 400)
        // One jump forward (to the live edge) of more than the silence minus the buffer;
        // otherwise one tick after another, but for at most a couple of frames dropped late
        // as playback resumes after the stall.
        // (Two frames dropped in a row, a step of 3, came once in a serial real-time pass.)
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        let jumps = steps.filter { $0 > 3 }
        #expect(
            jumps.count == 1 && (jumps.first ?? 0) > 3 * 25, "steps other than one tick: \(steps.filter { $0 != 1 })")
        #expect(steps.allSatisfy { $0 >= 1 })
        let droppedLate = steps.filter { (2...3).contains($0) }.reduce(0) { $0 + $1 - 1 }
        #expect(droppedLate <= 2, "steps other than one tick: \(steps.filter { $0 != 1 })")
    }
}
