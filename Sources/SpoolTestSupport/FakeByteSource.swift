import Dispatch
public import Foundation
public import SpoolCore

/// An in-memory `ByteSource` with a script: the bytes, an error at a byte offset, a point
/// where reads block until released or cancelled. It records what was asked of it, so tests
/// can check that a probe read the bytes once, never seeked, or was cancelled.
///
/// Like every byte source, its blocking calls come from one thread at a time; `cancel()`,
/// `release()` and the observers may be called from anywhere.
public final class FakeByteSource: ByteSource {
    /// What the fake does, fixed at creation.
    public struct Script: Sendable {
        /// The bytes the source serves.
        public var bytes: Data
        /// Whether `seek(to:)` works; when `false` it throws `.notSeekable`.
        public var isSeekable = true
        /// Whether `length` reports the byte count (a live HTTP stream would not).
        public var reportsLength = true
        /// An error `open()` throws instead of opening.
        public var openError: ByteSourceError?
        /// An error thrown by the read that reaches this offset; reads before it are served.
        public var error: (offset: Int64, error: ByteSourceError)?
        /// A read at or beyond this offset blocks until `release()` or `cancel()`; the
        /// read before it is cut short at the offset.
        public var blockAtOffset: Int64?

        /// A script serving `bytes` with no faults.
        public init(bytes: Data) { self.bytes = bytes }
    }

    /// The URL reported to callers (its extension is a format hint for the demuxer).
    public let url: URL
    /// The script this fake follows.
    public let script: Script

    private let state = Locked<State>(State())
    private let wakeReader = DispatchSemaphore(value: 0)

    private struct State {
        var position: Int64 = 0
        var isOpen = false
        var isClosed = false
        var cancelled = false
        var released = false
        var readerIsBlocked = false
        var hasBlocked = false
        var openCount = 0
        var readCount = 0
        var seekCount = 0
        var cancelCount = 0
        var transferred: Int64 = 0
        var blockedWaiters: [CheckedContinuation<Void, Never>] = []
        var closedWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A fake following `script`, reporting `url`.
    public init(script: Script, url: URL = URL(fileURLWithPath: "/fake/media.bin")) {
        self.script = script
        self.url = url
    }

    /// A fake serving `bytes` with no faults.
    public convenience init(bytes: Data, url: URL = URL(fileURLWithPath: "/fake/media.bin")) {
        self.init(script: Script(bytes: bytes), url: url)
    }

    // MARK: ByteSource

    /// The byte count, unless the script hides it (`reportsLength == false`).
    public var length: Int64? {
        script.reportsLength ? Int64(script.bytes.count) : nil
    }

    /// `script.isSeekable`.
    public var isSeekable: Bool { script.isSeekable }

    /// Bytes returned by `read` so far.
    public var bytesTransferred: Int64 { state.withLock { $0.transferred } }

    /// Opens, or throws the script's `openError` or `.cancelled`.
    public func open() throws(ByteSourceError) {
        let url = url
        try state.withLock { (state: inout State) throws(ByteSourceError) in
            state.openCount += 1
            if state.cancelled { throw .cancelled }
            if state.isClosed { throw .io("reopened after close", url) }
            if let error = script.openError { throw error }
            state.isOpen = true
        }
    }

    /// Serves the script: bytes, then its error at the offset, blocking at the block offset.
    public func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        state.withLock { $0.readCount += 1 }
        while true {
            switch try nextRead(maxLength: maxLength) {
            case .data(let data): return data
            case .block: wakeReader.wait()
            }
        }
    }

    /// Moves the read position, or throws `.notSeekable` when the script says so.
    public func seek(to offset: Int64) throws(ByteSourceError) {
        let url = url
        try state.withLock { (state: inout State) throws(ByteSourceError) in
            state.seekCount += 1
            if state.cancelled { throw .cancelled }
            guard script.isSeekable else { throw .notSeekable(url) }
            guard offset >= 0, offset <= Int64(script.bytes.count) else {
                throw .io("seek to \(offset) beyond the end", url)
            }
            state.position = offset
        }
    }

    /// Makes blocked and later calls throw `.cancelled`; wakes a blocked reader.
    public func cancel() {
        let wake = state.withLock { state in
            state.cancelled = true
            state.cancelCount += 1
            return takeBlockedReader(&state)
        }
        if wake { wakeReader.signal() }
    }

    /// Marks the source closed and wakes `waitUntilClosed()` callers.
    public func close() {
        let waiters = state.withLock { state in
            state.isOpen = false
            state.isClosed = true
            defer { state.closedWaiters = [] }
            return state.closedWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    // MARK: Test controls and observations

    /// Lets a read blocked at `blockAtOffset` (and every later read) go on.
    public func release() {
        let wake = state.withLock { state in
            state.released = true
            return takeBlockedReader(&state)
        }
        if wake { wakeReader.signal() }
    }

    /// Returns once a read has blocked at `blockAtOffset` (at once if one already has).
    public func waitUntilBlocked() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.hasBlocked { return true }
                state.blockedWaiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Returns once `close()` has been called (at once if it has).
    public func waitUntilClosed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.isClosed { return true }
                state.closedWaiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// How many times `open()` was called.
    public var openCount: Int { state.withLock { $0.openCount } }
    /// How many times `read(upTo:)` was called.
    public var readCount: Int { state.withLock { $0.readCount } }
    /// How many times `seek(to:)` was called.
    public var seekCount: Int { state.withLock { $0.seekCount } }
    /// Whether `cancel()` was called.
    public var wasCancelled: Bool { state.withLock { $0.cancelCount > 0 } }
    /// Whether `close()` was called.
    public var isClosed: Bool { state.withLock { $0.isClosed } }

    // MARK: Internals

    private enum ReadStep {
        case data(Data)
        case block
    }

    private func nextRead(maxLength: Int) throws(ByteSourceError) -> ReadStep {
        let url = url
        let (step, blockedWaiters) = try state.withLock {
            (state: inout State) throws(ByteSourceError) -> (ReadStep, [CheckedContinuation<Void, Never>]) in
            if state.cancelled { throw .cancelled }
            guard state.isOpen else { throw .io("read while not open", url) }
            if let block = script.blockAtOffset, state.position >= block, !state.released {
                state.readerIsBlocked = true
                state.hasBlocked = true
                defer { state.blockedWaiters = [] }
                return (.block, state.blockedWaiters)
            }
            var end = min(Int64(script.bytes.count), state.position + Int64(max(maxLength, 0)))
            if let block = script.blockAtOffset, !state.released, state.position < block { end = min(end, block) }
            if let (offset, error) = script.error, end > offset || state.position >= offset {
                if state.position >= offset { throw error }
                end = offset
            }
            let base = script.bytes.startIndex
            let data = script.bytes.subdata(in: (base + Int(state.position))..<(base + Int(end)))
            state.position = end
            state.transferred += Int64(data.count)
            return (.data(data), [])
        }
        for waiter in blockedWaiters { waiter.resume() }
        return step
    }

    /// Clears the blocked flag; `true` when a reader is waiting and must be signalled.
    private func takeBlockedReader(_ state: inout State) -> Bool {
        guard state.readerIsBlocked else { return false }
        state.readerIsBlocked = false
        return true
    }
}
