import Foundation
import Testing

@testable import SpoolCore

/// The pure pieces under `HTTPByteSource`: the chunk queue and header parsing.
@Suite struct ByteSourceBufferTests {
    @Test func chunkQueueReturnsBytesInOrderAcrossChunkBoundaries() {
        var queue = ByteChunkQueue()
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
        var offset = 0
        for size in [1, 7, 300, 0, 92, 600] {
            queue.append(bytes[offset..<(offset + size)])
            offset += size
        }
        #expect(queue.count == 1000)
        var out = Data()
        for size in [3, 500, 1, 200] {
            let taken = queue.take(upTo: size)
            #expect(taken.startIndex == 0)
            out.append(taken)
        }
        queue.discard(90)
        #expect(queue.count == 206)
        out.append(queue.take(upTo: 10_000))
        #expect(out == bytes[0..<704] + bytes[794..<1000])
        #expect(queue.isEmpty)
        #expect(queue.take(upTo: 10).isEmpty)
    }

    @Test func chunkQueueStaysCorrectAfterCompaction() {
        var queue = ByteChunkQueue()
        var expected = Data()
        for index in 0..<500 {
            let chunk = Data(repeating: UInt8(truncatingIfNeeded: index), count: 10)
            queue.append(chunk)
            expected.append(chunk)
        }
        var out = Data()
        while !queue.isEmpty {
            out.append(queue.take(upTo: 7))
        }
        #expect(out == expected)
    }

    @Test("rewind serves taken bytes again, up to the back limit (whole chunks kept), then refuses")
    func chunkQueueRewindsIntoItsBackBuffer() {
        var queue = ByteChunkQueue(backLimit: 100)
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
        for start in stride(from: 0, to: 1000, by: 50) { queue.append(bytes[start..<(start + 50)]) }
        #expect(queue.take(upTo: 420) == bytes[0..<420])
        // 100 bytes are kept at least, in whole chunks: 120 here (the chunks from 300).
        #expect(queue.behind >= 100 && queue.behind < 150)
        let tooFar = queue.rewind(by: queue.behind + 1)
        #expect(!tooFar)
        let rewound = queue.rewind(by: 100)
        #expect(rewound)
        #expect(queue.count == 680)
        #expect(queue.take(upTo: 150) == bytes[320..<470])
        queue.discard(30)
        let back = queue.rewind(by: 40)
        #expect(back)
        #expect(queue.take(upTo: 10_000) == bytes[460..<1000])
        #expect(queue.isEmpty && queue.behind >= 100)
        // A plain FIFO keeps nothing behind.
        var plain = ByteChunkQueue()
        plain.append(bytes)
        _ = plain.take(upTo: 10)
        let plainRewound = plain.rewind(by: 11)
        #expect(plain.behind == 10 && !plainRewound)
    }

    @Test func chunkQueueWithABackBufferStaysCorrectAfterCompaction() {
        var queue = ByteChunkQueue(backLimit: 64)
        var expected = Data()
        for index in 0..<500 {
            let chunk = Data(repeating: UInt8(truncatingIfNeeded: index), count: 10)
            queue.append(chunk)
            expected.append(chunk)
        }
        var out = Data()
        while !queue.isEmpty {
            out.append(queue.take(upTo: 7))
            if out.count % 3 == 0, queue.rewind(by: 5) { out.removeLast(5) }
        }
        #expect(out == expected)
        #expect(queue.behind < 64 + 10)
    }

    @Test func contentRangeParsing() {
        typealias Range = HTTPResponseHead.ContentRange
        #expect(HTTPResponseHead.parseContentRange("bytes 100-199/1000") == Range(first: 100, last: 199, total: 1000))
        #expect(HTTPResponseHead.parseContentRange("bytes 0-0/*") == Range(first: 0, last: 0, total: nil))
        #expect(HTTPResponseHead.parseContentRange("bytes */1000") == nil)
        #expect(HTTPResponseHead.parseContentRange("bytes 200-100/1000") == nil)
        #expect(HTTPResponseHead.parseContentRange("items 0-1/2") == nil)
        #expect(HTTPResponseHead.parseContentRange("bytes 0-999/999") == nil)
    }
}
