import Foundation

/// A FIFO of received byte chunks: the network appends whole chunks, the reader takes any
/// number of bytes from the front, and nothing is copied twice.
struct ByteChunkQueue: Sendable {
    private var chunks: [Data] = []
    /// Index of the first chunk still holding unread bytes.
    private var head = 0
    /// Bytes already taken from `chunks[head]`.
    private var headOffset = 0
    /// Unread bytes in the queue.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ data: Data) {
        guard !data.isEmpty else { return }
        chunks.append(data)
        count += data.count
    }

    /// Removes and returns up to `maxLength` bytes from the front (a zero-based `Data`).
    mutating func take(upTo maxLength: Int) -> Data {
        var result = Data()
        var wanted = min(maxLength, count)
        result.reserveCapacity(wanted)
        while wanted > 0 {
            let chunk = chunks[head]
            let start = chunk.startIndex + headOffset
            let taken = min(wanted, chunk.endIndex - start)
            result.append(chunk[start..<(start + taken)])
            advance(by: taken, in: chunk)
            wanted -= taken
        }
        return result
    }

    /// Drops up to `byteCount` bytes from the front without copying them.
    mutating func discard(_ byteCount: Int) {
        var remaining = min(byteCount, count)
        while remaining > 0 {
            let chunk = chunks[head]
            let dropped = min(remaining, chunk.count - headOffset)
            advance(by: dropped, in: chunk)
            remaining -= dropped
        }
    }

    mutating func removeAll() {
        self = ByteChunkQueue()
    }

    private mutating func advance(by byteCount: Int, in chunk: Data) {
        count -= byteCount
        headOffset += byteCount
        guard headOffset == chunk.count else { return }
        chunks[head] = Data()
        head += 1
        headOffset = 0
        // Compact once the consumed prefix dominates, so the array stays proportional to
        // the unread chunks while removal stays amortised O(1).
        if head >= 64 && head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
    }
}
