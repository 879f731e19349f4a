import Foundation
import SpoolTestSupport
import Testing

/// The HLS ladders: the tags each promises, and that ffmpeg itself plays every variant
/// through nginx (so a failure in a player test is the player's, not the media's).
@Suite(.timeLimit(.minutes(3))) struct HLSTestMediaIntegrationTests {
    private func server() async throws -> NginxServer {
        try await NginxServer.start(NginxConfiguration(root: HLSTestMedia.root()))
    }

    private func text(_ ladder: HLSLadder, _ path: String) throws -> String {
        try String(contentsOf: ladder.fileURL(path), encoding: .utf8)
    }

    /// Decodes `url` completely with ffmpeg; returns the number of video frames.
    private func decodedVideoFrames(_ url: URL) async throws -> Int {
        let ffmpeg = try ToolRunner.find("ffmpeg")
        let result = try await ToolRunner.run(
            ffmpeg, ["-nostdin", "-v", "error", "-i", url.absoluteString, "-map", "0:v:0", "-f", "framemd5", "-"],
            timeout: .seconds(60))
        #expect(result.status == 0, "\(url): \(result.errorText)")
        #expect(result.errorText.isEmpty, "\(url): \(result.errorText)")
        return result.outputText.split(separator: "\n").filter { $0.hasPrefix("0,") }.count
    }

    /// The stream types ffprobe finds at `url` (each once).
    private func streamTypes(_ url: URL) async throws -> Set<String> {
        let ffprobe = try ToolRunner.find("ffprobe")
        let result = try await ToolRunner.run(
            ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", url.absoluteString],
            timeout: .seconds(30))
        #expect(result.status == 0, "\(url): \(result.errorText)")
        return Set(result.outputText.split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    }

    @Test func allLaddersGenerateQuickly() async throws {
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for ladder in HLSTestMedia.Ladder.allCases {
                    group.addTask { _ = try await HLSTestMedia.ladder(ladder) }
                }
                try await group.waitForAll()
            }
        }
        print("HLSTestMedia: all \(HLSTestMedia.Ladder.allCases.count) ladders ready in \(elapsed)")
        #expect(elapsed < .seconds(60))
    }

    @Test(arguments: [HLSTestMedia.Ladder.ts, .fmp4, .byteRange, .aes128])
    func threeVariantMasterHasMeasuredAttributes(_ kind: HLSTestMedia.Ladder) async throws {
        let ladder = try await HLSTestMedia.ladder(kind)
        #expect(ladder.masterPlaylistPath == "/\(kind.rawValue)/master.m3u8")
        #expect(ladder.variantPlaylistPaths.count == 3)
        let streamInfs = try ladder.playlistLines(ladder.masterPlaylistPath).filter {
            $0.hasPrefix("#EXT-X-STREAM-INF:")
        }
        #expect(streamInfs.count == 3)
        for (line, resolution) in zip(streamInfs, ["256x144", "480x270", "640x360"]) {
            for attribute in ["BANDWIDTH=", "AVERAGE-BANDWIDTH=", "CODECS=\"avc1.", "FRAME-RATE=25.000"] {
                #expect(line.contains(attribute), "\(line)")
            }
            #expect(line.contains("RESOLUTION=\(resolution)"))
        }
        let bandwidths = streamInfs.compactMap { line in
            line.split(separator: ",").first { $0.contains(":BANDWIDTH=") }.flatMap {
                Int($0.split(separator: "=")[1])
            }
        }
        #expect(bandwidths == bandwidths.sorted() && Set(bandwidths).count == 3, "\(bandwidths)")
        for variant in ladder.variantPlaylistPaths {
            let lines = try ladder.playlistLines(variant)
            #expect(lines.filter { $0 == "#EXTINF:2.000000," }.count == 4, "\(variant)")
            #expect(lines.contains("#EXT-X-ENDLIST"))
        }
    }

    @Test func fmp4VariantsHaveInitSegments() async throws {
        let ladder = try await HLSTestMedia.ladder(.fmp4)
        for variant in ladder.variantPlaylistPaths {
            let lines = try ladder.playlistLines(variant)
            let map = try #require(lines.first { $0.hasPrefix("#EXT-X-MAP:URI=") })
            #expect(map.contains(".mp4"))
            #expect(lines.filter { $0.hasSuffix(".m4s") }.count == 4)
        }
    }

    @Test func byteRangeVariantsAddressOneFile() async throws {
        let ladder = try await HLSTestMedia.ladder(.byteRange)
        for variant in ladder.variantPlaylistPaths {
            let lines = try ladder.playlistLines(variant)
            #expect(lines.filter { $0.hasPrefix("#EXT-X-BYTERANGE:") }.count == 4)
            #expect(Set(lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }) == ["media.ts"])
        }
    }

    @Test func aes128VariantsUseExplicitAndSequenceIVs() async throws {
        let ladder = try await HLSTestMedia.ladder(.aes128)
        let plain = try await HLSTestMedia.ladder(.ts)
        let keys = try ladder.variantPlaylistPaths.map { path in
            try #require(ladder.playlistLines(path).first { $0.hasPrefix("#EXT-X-KEY:") })
        }
        let ivHex = HLSTestMedia.aes128IV.map { String(format: "%02x", $0) }.joined()
        #expect(keys[0] == "#EXT-X-KEY:METHOD=AES-128,URI=\"../aes.key\",IV=0x\(ivHex)")
        #expect(keys[1] == "#EXT-X-KEY:METHOD=AES-128,URI=\"../aes.key\"")
        #expect(keys[2] == keys[0])
        #expect(try Data(contentsOf: ladder.fileURL(HLSTestMedia.aes128KeyPath)) == Data(HLSTestMedia.aes128Key))

        // Decrypted with the IV each form implies, segments equal the unencrypted ladder's.
        let openssl = try ToolRunner.find("openssl")
        let keyHex = HLSTestMedia.aes128Key.map { String(format: "%02x", $0) }.joined()
        for (variant, segment, iv) in [
            (0, "seg001.ts", ivHex), (1, "seg002.ts", String(repeating: "0", count: 31) + "2"),
        ] {
            let encrypted = ladder.fileURL("/aes128/v\(variant)/\(segment)")
            let result = try await ToolRunner.run(
                openssl, ["enc", "-d", "-aes-128-cbc", "-K", keyHex, "-iv", iv, "-in", encrypted.path])
            #expect(result.status == 0, "\(result.errorText)")
            #expect(result.standardOutput == (try Data(contentsOf: plain.fileURL("/ts/v\(variant)/\(segment)"))))
        }
    }

    @Test func subtitleRenditionIsWebVTTWithTimestampMap() async throws {
        let ladder = try await HLSTestMedia.ladder(.subtitles)
        let media = try #require(
            ladder.playlistLines(ladder.masterPlaylistPath).first { $0.hasPrefix("#EXT-X-MEDIA:") })
        #expect(media.contains("TYPE=SUBTITLES"))
        #expect(media.contains("LANGUAGE=\"en\""))
        #expect(media.contains("NAME=\"English\""))
        #expect(try text(ladder, ladder.masterPlaylistPath).contains("SUBTITLES=\"subs\""))
        let rendition = try #require(ladder.renditionPlaylistPaths.first)
        let directory = (rendition as NSString).deletingLastPathComponent
        let cues = try ladder.playlistLines(rendition).filter { $0.hasSuffix(".vtt") }
        #expect(cues.count == 4)
        for (file, cue) in zip(cues, HLSTestMedia.subtitleCues) {
            let vtt = try text(ladder, directory + "/" + file)
            #expect(vtt.hasPrefix("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n"), "\(vtt)")
            #expect(vtt.contains(cue.text))
        }
        // Mapped through X-TIMESTAMP-MAP, the first cue starts 0.5 s after the first video frame.
        let ffprobe = try ToolRunner.find("ffprobe")
        let probe = try await ToolRunner.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=start_pts", "-of", "csv=p=0",
                ladder.fileURL(directory + "/seg000.ts").path,
            ])
        let videoStart = try #require(probe.outputText.split(separator: "\n").first.flatMap { Int($0) })
        let first = try text(ladder, directory + "/" + cues[0])
        let local = try #require(first.split(separator: "\n").first { $0.contains("-->") })
        let startText = local.split(separator: " ")[0]
        let parts = startText.split(separator: ":")
        let seconds = Double(parts[parts.count - 1])! + Double(parts[parts.count - 2])! * 60
        let cueTicks = 126_000 + Int((seconds * 90_000).rounded())
        #expect(abs(cueTicks - videoStart - 45_000) <= 90 * 5, "cue at \(cueTicks), video at \(videoStart)")
    }

    @Test func twoAudioRenditionsInTwoLanguages() async throws {
        let ladder = try await HLSTestMedia.ladder(.twoAudioLanguages)
        let lines = try ladder.playlistLines(ladder.masterPlaylistPath)
        let audio = lines.filter { $0.hasPrefix("#EXT-X-MEDIA:TYPE=AUDIO") }
        #expect(audio.count == 2)
        #expect(audio[0].contains("LANGUAGE=\"en\"") && audio[0].contains("DEFAULT=YES"))
        #expect(audio[1].contains("LANGUAGE=\"fr\""))
        #expect(audio.map { $0.contains("NAME=\"English\"") || $0.contains("NAME=\"French\"") } == [true, true])
        #expect(lines.filter { $0.hasPrefix("#EXT-X-STREAM-INF:") && $0.contains("AUDIO=\"group_audio\"") }.count == 2)
        #expect(ladder.variantPlaylistPaths.count == 2)
        #expect(ladder.renditionPlaylistPaths.count == 2)
    }

    @Test(arguments: HLSTestMedia.Ladder.allCases)
    func ffmpegPlaysEveryVariantThroughNginx(_ kind: HLSTestMedia.Ladder) async throws {
        let ladder = try await HLSTestMedia.ladder(kind)
        let server = try await server()
        defer { server.stop() }
        let variantTypes = try await streamTypes(server.url(ladder.variantPlaylistPaths[0]))
        #expect(variantTypes == (kind == .twoAudioLanguages ? ["video"] : ["audio", "video"]))
        for variant in ladder.variantPlaylistPaths {
            #expect(try await decodedVideoFrames(server.url(variant)) == 200, "\(variant)")
        }
        // ffmpeg 5.1's HLS demuxer ignores subtitle renditions; they are probed on their own below.
        #expect(try await streamTypes(server.url(ladder.masterPlaylistPath)) == ["video", "audio"])
        for rendition in ladder.renditionPlaylistPaths {
            let types = try await streamTypes(server.url(rendition))
            #expect(types == (kind == .subtitles ? ["subtitle"] : ["audio"]), "\(rendition)")
        }
        // Everything came from nginx: the access log shows the playlists and segments.
        #expect(server.requests().contains { $0.path == ladder.variantPlaylistPaths[0] && $0.status / 100 == 2 })
    }

    @Test func liveStreamSlidesAndEndsOnStop() async throws {
        let live = try await HLSTestMedia.startLive(segmentSeconds: 1, listSize: 3, lifetime: .seconds(30))
        defer { live.stop() }
        let server = try await server()
        defer { server.stop() }
        let slid = await live.waitForWindow(timeout: .seconds(20)) { sequence, count in sequence >= 2 && count == 3 }
        #expect(slid, "\(live.playlistText(live.variantPlaylistPaths[0]) ?? "no playlist")")
        let playing = try #require(live.playlistText(live.variantPlaylistPaths[0]))
        #expect(!playing.contains("#EXT-X-ENDLIST"))
        #expect(playing.contains("#EXT-X-PROGRAM-DATE-TIME:"))
        #expect(try await streamTypes(server.url(live.masterPlaylistPath)).contains("video"))
        await runOnDedicatedThread { live.stop() }
        #expect(!live.isRunning)
        #expect(live.playlistText(live.variantPlaylistPaths[0])?.contains("#EXT-X-ENDLIST") == true)
    }
}
