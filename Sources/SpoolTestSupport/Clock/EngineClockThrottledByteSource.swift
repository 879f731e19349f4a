package import Foundation
package import SpoolCore

/// A seekable byte source over `data` served as `LoopbackHTTPServer` serves a throttled route,
/// but on an `EngineClock`: each `open` and `seek` starts a new "response" (paced by the
/// throttle chosen for the offset it starts at, as a route handler chooses by the Range header)
/// whose first chunk is readable at once and each further chunk `delay` later, so an engine
/// thread reading it waits on the (virtual) clock for its bytes like any other engine wait.
package final class EngineClockThrottledByteSource: ByteSource {
    private struct State {
        var offset = 0
        /// Where and when the current response began.
        var responseStart = 0
        var responseTime: Duration = .zero
        var throttle = ScriptedResponse.Throttle(chunkSize: 1, delay: .seconds(1))
        var cancelled = false
        var delivered: Int64 = 0
    }

    package let url: URL
    private let data: Data
    private let throttle: @Sendable (Int) -> ScriptedResponse.Throttle
    private let clock: any EngineClock
    private let state = ConditionLock(State())

    /// `data` at `url` (its extension is FFmpeg's format hint), each response paced on `clock`
    /// by `throttle(offset)` for the offset it starts at.
    package init(
        data: Data, url: URL, clock: any EngineClock,
        throttle: @escaping @Sendable (_ offset: Int) -> ScriptedResponse.Throttle
    ) {
        self.data = data
        self.url = url
        self.throttle = throttle
        self.clock = clock
    }

    /// `data` at `url`, every response paced by `throttle` on `clock`.
    package convenience init(data: Data, url: URL, throttle: ScriptedResponse.Throttle, clock: any EngineClock) {
        self.init(data: data, url: url, clock: clock, throttle: { _ in throttle })
    }

    package func open() throws(ByteSourceError) {
        try restart(at: 0)
    }

    package var length: Int64? { Int64(data.count) }
    package var isSeekable: Bool { true }

    /// Blocks (on the clock) until at least one byte past the offset has been "sent".
    package func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        let (data, clock) = (data, clock)
        while true {
            let now = clock.now()
            let outcome = try state.withLock { (state) throws(ByteSourceError) -> ReadOutcome in
                if state.cancelled { throw .cancelled }
                if state.offset >= data.count { return .data(Data()) }
                let elapsed = now - state.responseTime
                let sent = min(data.count, state.responseStart + Self.sentBytes(state.throttle, after: elapsed))
                guard sent > state.offset else {
                    return .waitUntil(state.responseTime + Self.nextChunkTime(state.throttle, after: elapsed))
                }
                let end = min(sent, state.offset + max(maxLength, 0))
                defer {
                    state.delivered += Int64(end - state.offset)
                    state.offset = end
                }
                return .data(data.subdata(in: state.offset..<end))
            }
            switch outcome {
            case .data(let bytes): return bytes
            case .waitUntil(let deadline):
                _ = state.wait(until: deadline, on: clock) { $0.cancelled ? true : nil }
            }
        }
    }

    package func seek(to offset: Int64) throws(ByteSourceError) {
        try restart(at: Int(clamping: min(max(offset, 0), Int64(data.count))))
    }

    package func cancel() { state.update { $0.cancelled = true } }

    package func close() {}

    /// Bytes handed to the reader so far.
    package var bytesTransferred: Int64 { state.withLock { $0.delivered } }

    private func restart(at offset: Int) throws(ByteSourceError) {
        let now = clock.now()
        let throttle = throttle(offset)
        try state.withLock { (state) throws(ByteSourceError) in
            if state.cancelled { throw .cancelled }
            state.throttle = throttle
            state.offset = offset
            state.responseStart = offset
            state.responseTime = now
        }
    }

    private enum ReadOutcome {
        case data(Data)
        case waitUntil(Duration)
    }

    /// Bytes a response has sent `elapsed` after it began.
    private static func sentBytes(_ throttle: ScriptedResponse.Throttle, after elapsed: Duration) -> Int {
        // No delay: every chunk at once (and no division by zero).
        guard throttle.delay > .zero else { return Int(Int32.max) }
        let chunks = Int(elapsed / throttle.delay)
        return (throttle.firstChunkSize ?? throttle.chunkSize) + chunks * throttle.chunkSize
    }

    /// When, after the response began, its next chunk goes out.
    private static func nextChunkTime(_ throttle: ScriptedResponse.Throttle, after elapsed: Duration) -> Duration {
        throttle.delay * (Int(elapsed / throttle.delay) + 1)
    }
}
