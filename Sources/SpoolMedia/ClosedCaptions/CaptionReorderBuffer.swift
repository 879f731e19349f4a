public import SpoolCore

/// Puts caption data read in decode order back into presentation order, as a caption decoder
/// must read it (with B-frames, a stream stores frame 3 before frames 1 and 2).
///
/// Guarantee: `add` returns data in ascending presentation time, and nothing it holds back is
/// older than anything it returned, when packets arrive in decode order with decode times:
/// every later packet presents at or after its own decode time, which is after this one's,
/// so whatever presents no later than the current decode time is final. Without decode
/// times it holds up to `depth` entries (H.264 reorders at most 16 frames).
public struct CaptionReorderBuffer: Sendable {
    /// Caption data and when its frame is presented.
    public struct Entry: Sendable, Equatable {
        /// The frame's presentation time.
        public let time: MediaTime
        /// Its `cc_data` triplets.
        public let data: [UInt8]

        /// An entry.
        public init(time: MediaTime, data: [UInt8]) {
            self.time = time
            self.data = data
        }
    }

    private var held: [Entry] = []
    private let depth: Int

    /// An empty buffer holding at most `depth` entries when decode times are missing.
    public init(depth: Int = 16) {
        self.depth = depth
    }

    /// Adds the data of a frame presented at `time` and decoded at `decodeTime` (`invalid`
    /// when unknown); returns the entries now final, in presentation order.
    public mutating func add(_ data: [UInt8], time: MediaTime, decodeTime: MediaTime) -> [Entry] {
        if time.isNumeric, !data.isEmpty {
            let index = held.firstIndex { $0.time > time } ?? held.endIndex
            held.insert(Entry(time: time, data: data), at: index)
        }
        var count = 0
        if decodeTime.isNumeric {
            count = held.prefix { $0.time <= decodeTime }.count
        }
        count = max(count, held.count - depth)
        defer { held.removeFirst(count) }
        return Array(held.prefix(count))
    }

    /// Everything held, in presentation order (the end of the stream); empties the buffer.
    public mutating func drain() -> [Entry] {
        defer { held.removeAll() }
        return held
    }

    /// Forgets everything held (a seek).
    public mutating func reset() {
        held.removeAll()
    }
}
