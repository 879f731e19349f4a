import Foundation

/// A FIFO of received byte chunks: the network appends whole chunks, the reader takes any
/// number of bytes from the front, and nothing is copied twice.
///
/// Up to `backLimit` bytes already taken stay behind the front (whole chunks, so a little
/// more may stay), and `rewind(by:)` moves the front back into them: a demuxer's short
/// backward seek — the MP4 demuxer alternates between a fragment's video run and its audio
/// run — is served from memory instead of a new request.
struct ByteChunkQueue: Sendable {
    private var chunks: [Data] = []
    /// Index of the oldest chunk still held (taken bytes kept for `rewind`).
    private var tail = 0
    /// Index of the first chunk still holding unread bytes.
    private var head = 0
    /// Bytes already taken from `chunks[head]`.
    private var headOffset = 0
    /// Unread bytes in the queue.
    private(set) var count = 0
    /// Taken bytes still held behind the front: how far `rewind(by:)` can go.
    private(set) var behind = 0
    /// The most taken bytes kept (0: none, as a plain FIFO).
    let backLimit: Int

    /// An empty queue keeping up to `backLimit` taken bytes.
    init(backLimit: Int = 0) {
        self.backLimit = max(0, backLimit)
    }

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

    /// Drops up to `byteCount` bytes from the front without copying them (they are kept
    /// behind it like taken ones).
    mutating func discard(_ byteCount: Int) {
        var remaining = min(byteCount, count)
        while remaining > 0 {
            let chunk = chunks[head]
            let dropped = min(remaining, chunk.count - headOffset)
            advance(by: dropped, in: chunk)
            remaining -= dropped
        }
    }

    /// Moves the front back by `byteCount` taken bytes; `false` (and nothing changes) when
    /// fewer than that are kept.
    mutating func rewind(by byteCount: Int) -> Bool {
        guard byteCount >= 0, byteCount <= behind else { return false }
        var remaining = byteCount
        while remaining > 0 {
            if headOffset == 0 {
                head -= 1
                headOffset = chunks[head].count
            }
            let step = min(remaining, headOffset)
            headOffset -= step
            remaining -= step
        }
        count += byteCount
        behind -= byteCount
        return true
    }

    mutating func removeAll() {
        self = ByteChunkQueue(backLimit: backLimit)
    }

    private mutating func advance(by byteCount: Int, in chunk: Data) {
        count -= byteCount
        behind += byteCount
        headOffset += byteCount
        if headOffset == chunk.count {
            head += 1
            headOffset = 0
        }
        trimBehind()
    }

    /// Lets go of the oldest taken chunks while what stays behind the front without them is
    /// still at least `backLimit`.
    private mutating func trimBehind() {
        while tail < head, behind - chunks[tail].count >= backLimit {
            behind -= chunks[tail].count
            chunks[tail] = Data()
            tail += 1
        }
        // Compact once the released prefix dominates, so the array stays proportional to the
        // chunks held while removal stays amortised O(1).
        if tail >= 64 && tail * 2 >= chunks.count {
            chunks.removeFirst(tail)
            head -= tail
            tail = 0
        }
    }
}
