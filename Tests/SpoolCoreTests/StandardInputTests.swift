import Foundation
import Testing

@testable import SpoolCore

/// Standard input through a pipe: the probe's bytes are replayed to the player, the kept bytes
/// are dropped once the player reads past them, and a blocked read ends on cancel.
@Suite struct StandardInputTests {
    private static let url = URL(fileURLWithPath: "/dev/stdin")

    /// A pipe that receives `bytes` and then, when `closing`, its end; the pipe's read end is
    /// `input`'s. A pipe holds only 64 KiB until someone reads, so more is written by a thread,
    /// and a test that passes more must read to the end (the writer is done by then: a write
    /// into a pipe closed meanwhile would kill the test process with SIGPIPE).
    private static func pipe(with bytes: Data, closing: Bool = true) throws -> (StandardInput, Pipe) {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let write: @Sendable () -> Void = {
            try? writer.write(contentsOf: bytes)
            if closing { try? writer.close() }
        }
        if bytes.count <= 16 << 10 { write() } else { Thread(block: write).start() }
        return (StandardInput(fileDescriptor: pipe.fileHandleForReading.fileDescriptor), pipe)
    }

    private static func readAll(_ source: StandardInputByteSource, chunk: Int) throws -> Data {
        var data = Data()
        while true {
            let next = try source.read(upTo: chunk)
            if next.isEmpty { return data }
            data.append(next)
        }
    }

    @Test("a pipe is seen as a stream: no length, no seeking")
    func streamKind() throws {
        let (input, pipe) = try Self.pipe(with: Data("x".utf8))
        defer { _ = pipe }
        #expect(input.kind == .stream)
        let source = StandardInputByteSource(url: Self.url, input: input)
        try source.open()
        #expect(source.length == nil && !source.isSeekable)
        #expect(throws: ByteSourceError.notSeekable(Self.url)) { try source.seek(to: 0) }
    }

    @Test("the second reader sees every byte from the first, after the first read part of them")
    func replay() throws {
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let (input, pipe) = try Self.pipe(with: bytes)
        defer { _ = pipe }
        let probe = StandardInputByteSource(url: Self.url, input: input)
        try probe.open()
        let head = try probe.read(upTo: 1000) + probe.read(upTo: 70_000)
        #expect(head == bytes.prefix(head.count))
        probe.close()
        let player = StandardInputByteSource(url: Self.url, input: input)
        try player.open()
        #expect(try Self.readAll(player, chunk: 4096) == bytes)
        #expect(player.bytesTransferred == Int64(bytes.count))
    }

    @Test("a third reader, after the player read past the kept bytes, is refused with a reason")
    func noThirdPass() throws {
        let (input, pipe) = try Self.pipe(with: Data(repeating: 1, count: 100_000))
        defer { _ = pipe }
        let probe = StandardInputByteSource(url: Self.url, input: input)
        try probe.open()
        _ = try probe.read(upTo: 10_000)
        let player = StandardInputByteSource(url: Self.url, input: input)
        try player.open()
        #expect(try Self.readAll(player, chunk: 10_000).count == 100_000)
        let third = StandardInputByteSource(url: Self.url, input: input)
        try third.open()
        #expect(throws: ByteSourceError.io("standard input was read already and cannot be read again", Self.url)) {
            try third.read(upTo: 10)
        }
    }

    @Test("cancel() ends a read blocked on a silent pipe")
    func cancelWakesABlockedRead() throws {
        let (input, pipe) = try Self.pipe(with: Data(), closing: false)
        let source = StandardInputByteSource(url: Self.url, input: input)
        try source.open()
        let result = Locked<ByteSourceError?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            do throws(ByteSourceError) {
                _ = try source.read(upTo: 10)
            } catch {
                result.withLock { $0 = error }
            }
            finished.signal()
        }
        thread.start()
        source.cancel()
        #expect(finished.wait(timeout: .now() + 30) == .success, "the read did not return after cancel()")
        #expect(result.withLock { $0 } == .cancelled)
        try pipe.fileHandleForWriting.close()
    }
}
