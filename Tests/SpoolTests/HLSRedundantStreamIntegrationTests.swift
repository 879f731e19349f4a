import Foundation
import SpoolTestSupport
import Testing

@Suite("HLS redundant streams over nginx (integration)")
struct HLSRedundantStreamIntegrationTests {
    /// The `.ts` ladder published twice, at /redundant/a/ and /redundant/b/ (symbolic links
    /// to the same files), and a multivariant playlist listing both copies of every variant
    /// with PATHWAY-ID "a" and "b". Returns the master's path and the ladder.
    private static func publishTwice() async throws -> (master: String, ladder: SpoolTestSupport.HLSLadder) {
        let ladder = try await HLSTestMedia.ladder(.ts)
        let directory = ladder.root.appendingPathComponent("redundant", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for pathway in ["a", "b"] {
            let link = directory.appendingPathComponent(pathway)
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil {
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../ts")
            }
        }
        let lines = try ladder.playlistLines(ladder.masterPlaylistPath)
        var master = lines.filter { !$0.hasPrefix("#EXT-X-STREAM-INF") && !$0.isEmpty && !$0.hasPrefix("v") }
        for pathway in ["a", "b"] {
            for (index, line) in lines.enumerated() where line.hasPrefix("#EXT-X-STREAM-INF") {
                master.append(line + ",PATHWAY-ID=\"\(pathway)\"")
                master.append("\(pathway)/" + lines[index + 1])
            }
        }
        let text = master.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("master.m3u8"))
        return ("/redundant/master.m3u8", ladder)
    }

    @Test("a 404 on pathway a's segment mid-stream: playback goes on from pathway b at the same quality, every frame")
    func failoverToOtherPathway() async throws {
        let (master, ladder) = try await Self.publishTwice()
        // The top variant (index 2 of pathway a): its segment 2 is missing on a.
        let variantPath = ladder.variantPlaylistPaths[2]
        let variantDirectory = String(variantPath.dropFirst("/ts/".count).split(separator: "/").first!)
        let segments = try ladder.playlistLines(variantPath).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(segments.count == 4)
        let missing = "/redundant/a/\(variantDirectory)/\(segments[2])"
        let server = try await NginxServer.start(
            NginxConfiguration(root: ladder.root, statusOverrides: [missing: 404]))
        defer { server.stop() }

        // The pin overrides the cap, but a failover from a failed pin would respect it: only
        // following the pin to its copy keeps the top quality.
        let lines = try ladder.playlistLines(ladder.masterPlaylistPath)
        let top = try #require(lines.filter { $0.hasPrefix("#EXT-X-STREAM-INF") }.last)
        let bandwidth = try #require(
            top.split(separator: ",").first { $0.contains("BANDWIDTH=") && !$0.contains("AVERAGE") }?
                .split(separator: "=").last.flatMap { Int($0) })
        let output = try PlayTool.scratchPath("hls-redundant.md5")
        let run = try await PlayTool.spool([
            "play", "--vo", "framemd5:\(output)", "--ao", "null", "--untimed", "--variant", "2",
            "--max-bitrate", "\(bandwidth - 1)", server.url(master).absoluteString,
        ])
        #expect(run.status == 0, "\(run.errorText)")
        let expected = try await PlayTool.ffmpegFrameMD5(of: ladder.fileURL(variantPath))
        let actual = PlayTool.hashColumn(try String(contentsOfFile: output, encoding: .utf8))
        #expect(actual.count == 200)
        let reference = PlayTool.hashColumn(expected)
        let firstDifference = actual.indices.first { $0 < reference.count && actual[$0] != reference[$0] }
        #expect(
            actual.count == reference.count && firstDifference == nil, "first differing frame: \(firstDifference ?? -1)"
        )

        let requests = server.requests().filter { $0.path.hasSuffix(".ts") }
        let served = requests.filter { $0.status == 200 }.map(\.path)
        #expect(requests.contains { $0.path == missing && $0.status == 404 })
        // b's copy of the same variant from segment 2 on, nothing from a lower variant.
        #expect(served.contains("/redundant/b/\(variantDirectory)/\(segments[2])"), "\(served)")
        #expect(served.contains("/redundant/b/\(variantDirectory)/\(segments[3])"), "\(served)")
        #expect(served.allSatisfy { $0.contains("/\(variantDirectory)/") }, "\(served)")
        #expect(!served.contains("/redundant/a/\(variantDirectory)/\(segments[3])"), "\(served)")
    }
}
