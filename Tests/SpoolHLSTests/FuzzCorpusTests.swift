import Foundation
import Testing

@testable import SpoolHLS

/// The fuzzer's seed corpus (fuzz/corpus) stays valid input: a seed that no longer parses
/// would start the fuzzer from the error paths instead of from deep inside each parser.
@Suite struct FuzzCorpusTests {
    private static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz/corpus")

    private func seeds(_ directory: String, _ suffix: String) throws -> [URL] {
        let folder = Self.corpus.appendingPathComponent(directory)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(suffix) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func playlistSeedsParse() throws {
        let files = try seeds("playlist", ".m3u8")
        #expect(files.count >= 5)
        let imported = ["base": "https://cdn.example.com"]
        for file in files {
            let url = URL(string: "https://example.com/live/\(file.lastPathComponent)?token=abc")!
            #expect(throws: Never.self, "\(file.lastPathComponent)") {
                try Playlist.parse(Data(contentsOf: file), url: url, importedDefinitions: imported)
            }
        }
    }

    @Test func subtitleSeedsParse() throws {
        let vtt = try seeds("vtt", ".vtt")
        #expect(vtt.count >= 2)
        for file in vtt {
            let document = try WebVTT.parse(Data(contentsOf: file))
            #expect(document.cues.count >= 2, "\(file.lastPathComponent)")
        }
        let srt = try seeds("vtt", ".srt")
        #expect(srt.count >= 2)
        for file in srt {
            #expect(try SubRip.parse(Data(contentsOf: file)).count == 2, "\(file.lastPathComponent)")
        }
    }

    @Test func mpdSeedsParseAndExpand() throws {
        let files = try seeds("mpd", ".mpd")
        #expect(files.count >= 6)
        for file in files {
            let mpd = try MPD.parse(Data(contentsOf: file), url: URL(string: "https://example.com/dash/manifest.mpd")!)
            for period in mpd.periods {
                for representation in period.adaptationSets.flatMap(\.representations) {
                    let window: Range<Double>? = mpd.type == .dynamic ? 0..<10 : nil
                    #expect(try !mpd.segments(of: representation, in: period, window: window).isEmpty)
                }
            }
        }
    }
}
