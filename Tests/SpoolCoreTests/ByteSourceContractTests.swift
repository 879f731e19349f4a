import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

/// The behaviour every real `ByteSource` promises, checked against the file and HTTP
/// sources over the same random 1 MiB payload (HTTP served by a loopback server).
@Suite(.timeLimit(.minutes(3))) struct ByteSourceContractTests {
    let payload = ByteSourceFixture.payload

    @Test(arguments: SourceKind.allCases)
    func fullSequentialReadEqualsPayload(kind: SourceKind) async throws {
        let fixture = try ByteSourceFixture()
        let source = try fixture.source(kind)
        let data = try await onThread {
            try source.open()
            return try source.readToEnd(chunkSize: 50_000)
        }.get()
        #expect(data == payload)
        #expect(source.bytesTransferred == Int64(payload.count))
        source.close()
    }

    @Test(arguments: SourceKind.allCases)
    func lengthAndSeekabilityAreKnownAfterOpen(kind: SourceKind) async throws {
        let fixture = try ByteSourceFixture()
        let source = try fixture.source(kind)
        try await onThread { try source.open() }.get()
        #expect(source.length == Int64(payload.count))
        #expect(source.isSeekable)
        source.close()
    }

    @Test(arguments: SourceKind.allCases)
    func seekThenReadReturnsThePayloadSlice(kind: SourceKind) async throws {
        let fixture = try ByteSourceFixture()
        let source = try fixture.source(kind)
        let end = payload.count
        // Forwards, backwards, unaligned, near and at the end.
        let offsets = [0, 1, 4095, 300_000, end - 10, 5, 700_001, end - 1]
        let slices = try await onThread {
            try source.open()
            var slices: [Data] = []
            for offset in offsets {
                try source.seek(to: Int64(offset))
                slices.append(try source.read(exactly: 8192))
            }
            return slices
        }.get()
        for (offset, slice) in zip(offsets, slices) {
            #expect(slice == payload[offset..<min(offset + 8192, end)], "at offset \(offset)")
        }
        source.close()
    }

    @Test(arguments: SourceKind.allCases)
    func readAfterEndOfStreamReturnsEmpty(kind: SourceKind) async throws {
        let fixture = try ByteSourceFixture()
        let source = try fixture.source(kind)
        let (all, afterEnd, afterSeekPastEnd) = try await onThread {
            try source.open()
            let all = try source.readToEnd()
            let afterEnd = [try source.read(upTo: 100), try source.read(upTo: 100)]
            try source.seek(to: Int64(ByteSourceFixture.payload.count + 10))
            return (all, afterEnd, try source.read(upTo: 100))
        }.get()
        #expect(all.count == payload.count)
        #expect(afterEnd.allSatisfy { $0.isEmpty })
        #expect(afterSeekPastEnd.isEmpty)
        source.close()
    }

    @Test(arguments: SourceKind.allCases)
    func missingResourceIsNotFound(kind: SourceKind) async throws {
        let fixture = try ByteSourceFixture()
        let url = fixture.missingURL(kind)
        let source = try ByteSourceFixture.source(kind, for: url)
        let result = await onThread { try source.open() }
        #expect(result.failure == .notFound(url))
        source.close()
    }

    @Test(arguments: SourceKind.allCases)
    func cancelMakesLaterCallsThrowCancelled(kind: SourceKind) async throws {
        let fixture = try ByteSourceFixture()
        let source = try fixture.source(kind)
        let first = try await onThread {
            try source.open()
            return try source.read(exactly: 1000)
        }.get()
        source.cancel()
        source.cancel()
        #expect(first == payload.prefix(1000))
        #expect(await onThread { try source.read(upTo: 10) }.failure == .cancelled)
        #expect(await onThread { try source.seek(to: 0) }.failure == .cancelled)
        #expect(source.bytesTransferred == 1000)
        source.close()
        source.close()
    }

    // MARK: HTTP-specific failures

    @Test(arguments: [410, 404], HTTPTransportKind.allCases)
    func goneOrNotFoundStatusIsNotFound(status: Int, transport: HTTPTransportKind) async throws {
        let fixture = try ByteSourceFixture()
        fixture.server.setRoute("/gone", .status(status))
        let source = HTTPByteSource(url: fixture.server.url("/gone"), options: .init(transport: transport.transport))
        #expect(await onThread { try source.open() }.failure == .notFound(source.url))
    }

    @Test(arguments: HTTPTransportKind.allCases)
    func serverErrorIsHTTPStatusWhenNotRetried(transport: HTTPTransportKind) async throws {
        let fixture = try ByteSourceFixture()
        fixture.server.setRoute("/broken", .status(500))
        // Retries off: HTTPByteSourceRecoveryTests covers a 5xx that is retried.
        let source = HTTPByteSource(
            url: fixture.server.url("/broken"), options: .init(loadErrorPolicy: .never, transport: transport.transport))
        #expect(await onThread { try source.open() }.failure == .httpStatus(500, source.url))
    }

    @Test(arguments: HTTPTransportKind.allCases)
    func refusedConnectionIsNetworkError(transport: HTTPTransportKind) async throws {
        let port = try LoopbackHTTPServer.refusedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/payload.bin"))
        let source = HTTPByteSource(url: url, options: .init(transport: transport.transport))
        let error = try #require(await onThread { try source.open() }.failure)
        #expect(error.isNetwork(for: url), "\(error)")
        #expect(error.description.contains("refused"), "\(error)")
    }

    @Test(arguments: HTTPTransportKind.allCases)
    func cancelWhileReadIsBlockedOnThrottledServerReturnsPromptly(transport: HTTPTransportKind) async throws {
        let fixture = try ByteSourceFixture()
        // One 16 KiB chunk, then nothing for a minute: the second read must block.
        let chunk = 16 << 10
        fixture.server.setRoute("/slow", .file(payload, throttle: .init(chunkSize: chunk, delay: .seconds(60))))
        // Nothing but the cancel may end the blocked read: the stall timer runs on a clock that
        // never moves and the transport's idle timeout is far away (URLSession's is 15 s by
        // default, after which a loaded machine got the next chunk from a resumed request).
        let options = HTTPByteSource.Options(
            requestTimeout: .seconds(600), clock: ManualClock(), transport: transport.transport)
        let source = HTTPByteSource(url: fixture.server.url("/slow"), options: options)
        let first = try await onThread {
            try source.open()
            return try source.read(exactly: chunk)
        }.get()
        async let blockedRead = onThread { try source.read(upTo: chunk) }
        #expect(await runOnDedicatedThread { source.waitForBlockedCall(timeout: .seconds(5)) })
        source.cancel()
        // The suite's time limit is the promptness bound: with no timer able to fire, a cancel
        // that did not reach the blocked read would hang it until then.
        let outcome = await blockedRead
        #expect(outcome.failure == .cancelled)
        #expect(first == payload.prefix(chunk))
        #expect(source.bytesTransferred == Int64(chunk))
    }

    // MARK: File-specific failures

    @Test func directoryIsIOError() async throws {
        let fixture = try ByteSourceFixture()
        let source = FileByteSource(url: fixture.directory)
        let error = await onThread { try source.open() }.failure
        #expect(error == .io("Is a directory", fixture.directory))
    }

    @Test(.enabled(if: geteuid() != 0, "root may read any file, so EACCES cannot be produced"))
    func unreadableFileIsIOError() async throws {
        let fixture = try ByteSourceFixture()
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: fixture.fileURL.path)
        let source = FileByteSource(url: fixture.fileURL)
        let error = await onThread { try source.open() }.failure
        #expect(error == .io("Permission denied", fixture.fileURL))
    }

    @Test func otherSchemesAreUnsupported() throws {
        let url = try #require(URL(string: "ftp://example.invalid/a.bin"))
        #expect(throws: ByteSourceError.unsupportedScheme(url)) { try ByteSources.make(for: url) }
        #expect(try ByteSources.make(for: "/tmp/a.bin") is FileByteSource)
        #expect(try ByteSources.make(for: "relative/a.bin") is FileByteSource)
        #expect(try ByteSources.make(for: "https://example.invalid/a.bin") is HTTPByteSource)
    }
}
