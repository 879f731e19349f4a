import Foundation
import Testing

@testable import SpoolHLS

/// Where test MPDs come from unless a test says otherwise.
let remoteMPDURL = URL(string: "https://example.com/dash/manifest.mpd")!

/// The fuzzer's seed MPDs (fuzz/corpus/mpd), which double as the hand-written test manifests.
let mpdCorpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fuzz/corpus/mpd")

/// Parses the seed `name` as if fetched from `url`.
func corpusMPD(_ name: String, url: URL = remoteMPDURL) throws -> MPD {
    try MPD.parse(Data(contentsOf: mpdCorpus.appendingPathComponent(name)), url: url)
}

/// Parses `text` as if fetched from `url`.
func parseMPD(_ text: String, url: URL = remoteMPDURL, limits: MPDLimits = .default) throws -> MPD {
    try MPD.parse(Data(text.utf8), url: url, limits: limits)
}

/// The problem parsing `text` throws, recording a failure when it parses.
func mpdProblem(
    _ text: String, url: URL = remoteMPDURL, limits: MPDLimits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
) -> MPDParseError.Problem? {
    do {
        _ = try parseMPD(text, url: url, limits: limits)
        Issue.record("parsed without an error", sourceLocation: sourceLocation)
        return nil
    } catch let error as MPDParseError {
        return error.problem
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A minimal static MPD around `body` (inside one AdaptationSet).
func staticMPD(_ body: String, attributes: String = "") -> String {
    """
    <?xml version="1.0"?>
    <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S" \(attributes)>
      <Period><AdaptationSet mimeType="video/mp4">\(body)</AdaptationSet></Period>
    </MPD>
    """
}

extension MPD {
    /// The representation `id` of period `period`.
    func representation(_ id: String, period: Int = 0) throws -> (Representation, Period) {
        let found = periods[period].adaptationSets.flatMap(\.representations).first { $0.id == id }
        return (try #require(found), periods[period])
    }
}
