import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

@Suite("MediaProbe failures", .timeLimit(.minutes(3)))
struct MediaProbeErrorTests {
    @Test("random bytes are unsupported or unplayable, never a crash")
    func randomBytes() async throws {
        let url = try TestMedia.file(
            named: "noise.bin", contents: TestMedia.pseudoRandomBytes(count: 256 * 1024, seed: 42))
        do throws(AssetLoadError) {
            let probed = try await probeFile(url)
            #expect(!probed.isPlayable)
        } catch .unsupportedFormat(let message) {
            #expect(message.contains("noise.bin"))
        } catch .corruptData(let message) {
            #expect(message.contains("noise.bin"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("text FFmpeg reads as subtitles is a readable asset with nothing playable")
    func subtitlesOnly() async throws {
        let url = try TestMedia.file(named: "captions.srt", contents: Data(TestMedia.subRipText.utf8))
        let probed = try await probeFile(url)
        #expect(probed.tracks.map(\.kind) == [.subtitle])
        #expect(probed.tracks.first?.codec == "subrip")
        #expect(!probed.isPlayable)
    }

    @Test("a zero-byte file is a clear error")
    func emptyFile() async throws {
        let url = try TestMedia.file(named: "empty.mp4", contents: Data())
        await #expect(throws: AssetLoadError.corruptData("\(url.path): the file is empty")) {
            try await probeFile(url)
        }
    }

    @Test("a zero-byte source of unknown length is the same clear error")
    func emptyStreamOfUnknownLength() async throws {
        var script = FakeByteSource.Script(bytes: Data())
        script.reportsLength = false
        let fake = FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/empty.ts"))
        await #expect(throws: AssetLoadError.corruptData("/fake/empty.ts: the file is empty")) {
            try await MediaProbe(source: fake).result()
        }
        #expect(fake.isClosed)
    }

    @Test("a missing file is notFound")
    func missingFile() async throws {
        let url = try TestMedia.directory().appendingPathComponent("does-not-exist.mp4")
        await #expect(throws: AssetLoadError.notFound(url)) {
            try await probeFile(url)
        }
    }

    @Test("a byte-source failure is reported as itself, not as an FFmpeg I/O error")
    func sourceErrorAtOffset() async throws {
        let bytes = try Data(contentsOf: await TestMedia.url(for: .h264AACMP4))
        var script = FakeByteSource.Script(bytes: bytes)
        let url = try #require(URL(string: "https://media.example/clip.mp4"))
        script.error = (offset: 4096, error: .network("connection reset by peer", url))
        let fake = FakeByteSource(script: script, url: url)
        await #expect(throws: AssetLoadError.network("connection reset by peer")) {
            try await MediaProbe(source: fake).result()
        }
        await fake.waitUntilClosed()
    }

    @Test("an open failure is reported as itself")
    func openFailure() async throws {
        let url = try #require(URL(string: "https://media.example/gone.mp4"))
        var script = FakeByteSource.Script(bytes: Data())
        script.openError = .httpStatus(503, url)
        let fake = FakeByteSource(script: script, url: url)
        await #expect(throws: AssetLoadError.httpStatus(503, url)) {
            try await MediaProbe(source: fake).result()
        }
    }
}
