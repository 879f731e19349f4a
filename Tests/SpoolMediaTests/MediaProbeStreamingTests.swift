import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Sources that cannot seek and do not know their length, like a live HTTP stream.
@Suite("MediaProbe on one-way streams", .timeLimit(.minutes(3)))
struct MediaProbeStreamingTests {
    static func oneWaySource(_ fixture: TestMedia.Fixture) async throws -> FakeByteSource {
        var script = FakeByteSource.Script(bytes: try Data(contentsOf: await TestMedia.url(for: fixture)))
        script.isSeekable = false
        script.reportsLength = false
        return FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/stream-\(fixture.rawValue)"))
    }

    @Test("a one-way source is probed without a single seek and reported as not seekable")
    func nonSeekableSource() async throws {
        let fake = try await Self.oneWaySource(.vp9OpusWebM)
        let probed = try await MediaProbe(source: fake).result()
        #expect(!probed.isSeekable)
        #expect(probed.tracks.map(\.codec) == ["vp9", "opus"])
        #expect(fake.seekCount == 0)
    }

    @Test("a transport stream of unknown length has an indefinite duration: it is live")
    func liveTransportStream() async throws {
        let fake = try await Self.oneWaySource(.h264AACTransportStream)
        let probed = try await MediaProbe(source: fake).result()
        #expect(probed.duration.isIndefinite)
        #expect(probed.isLive)
        #expect(probed.isPlayable)
        #expect(probed.tracks.map(\.codec) == ["h264", "aac"])
    }

    @Test("the same transport stream as a file has a duration")
    func transportStreamFile() async throws {
        let probed = try await probeFile(TestMedia.url(for: .h264AACTransportStream))
        #expect(probed.duration.isNumeric)
        #expect(!probed.isLive)
    }
}
