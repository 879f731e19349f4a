import Foundation
package import SpoolCore

/// An HTTP transport with no sockets: each transfer's answer comes from `route`, as
/// `LoopbackHTTPServer` would send that `ScriptedResponse`, but paced on an `EngineClock`.
/// Each transfer an engine thread asks for is delivered by an engine thread of its own on the
/// clock (latency, then the head, then each chunk of a throttled body `delay` after the one
/// before), so an HLS fetcher
/// over it waits in virtual time: a server that goes silent for a minute costs milliseconds,
/// and the same run gives the same instants on an idle or a saturated machine.
///
/// Honours `Range: bytes=A-B` (206 with that slice) when the response serves ranges, the
/// status, the headers, `latency`, the throttle and `hangUpAfterBodyBytes` (a connection lost
/// mid-body); other faults of `ScriptedResponse` are not modelled.
package final class EngineClockHTTPTransport: HTTPTransport {
    package typealias Route = @Sendable (HTTPTransferRequest) -> ScriptedResponse

    private let clock: any EngineClock
    private let route: Route
    private let onCancel: (@Sendable (HTTPTransferRequest, Duration) -> Void)?

    /// Answers every request with `route`'s response, paced on `clock`; `onCancel` hears of
    /// each transfer the client cancels, with the clock's time then (a fetcher giving up on a
    /// silent server).
    package init(
        clock: any EngineClock, route: @escaping Route,
        onCancel: (@Sendable (HTTPTransferRequest, Duration) -> Void)? = nil
    ) {
        self.clock = clock
        self.route = route
        self.onCancel = onCancel
    }

    package var pausesInPlace: Bool { false }
    package var cancellingNearCompletionIsUnsafe: Bool { false }

    package func makeSession(_ configuration: HTTPTransportConfiguration) -> any HTTPTransportSession {
        Session(clock: clock, route: route, onCancel: onCancel)
    }

    private final class Session: HTTPTransportSession {
        let clock: any EngineClock
        let route: Route
        let onCancel: (@Sendable (HTTPTransferRequest, Duration) -> Void)?
        let transfers = ConditionLock<[Transfer]>([])

        init(
            clock: any EngineClock, route: @escaping Route,
            onCancel: (@Sendable (HTTPTransferRequest, Duration) -> Void)?
        ) {
            self.clock = clock
            self.route = route
            self.onCancel = onCancel
        }

        func start(_ request: HTTPTransferRequest, events: any HTTPTransferEvents) -> any HTTPTransfer {
            let clock = self.clock
            var reportCancel: (@Sendable () -> Void)?
            if let onCancel { reportCancel = { onCancel(request, clock.now()) } }
            let transfer = Transfer(onCancel: reportCancel)
            transfers.update { $0.append(transfer) }
            let route = route
            // Delivered on the clock only to an engine thread's request: a request from
            // elsewhere (the asset's probe, on a thread of its own) is answered on a plain
            // thread in real time, or its delivery thread would be the clock's first engine
            // thread, and the clock, once that thread ended, would run to its limit before the
            // pipeline's threads joined.
            SpoolThread.start("test-http", clock: EngineThreadContext.current != nil ? clock : nil) {
                transfer.deliver(route(request), for: request, to: events)
            }
            return transfer
        }

        func invalidate() {
            for transfer in transfers.withLock({ $0 }) { transfer.stop() }
        }
    }

    private final class Transfer: HTTPTransfer {
        private let cancelled = ConditionLock(false)
        private let onCancel: (@Sendable () -> Void)?

        init(onCancel: (@Sendable () -> Void)?) { self.onCancel = onCancel }

        func cancel() {
            if stop() { onCancel?() }
        }

        /// Ends the transfer without reporting it as the client's cancel (the session's end);
        /// returns whether it was still running.
        @discardableResult
        func stop() -> Bool {
            cancelled.update { cancelled -> Bool in
                defer { cancelled = true }
                return !cancelled
            }
        }
        func pause() {}
        func resume() {}

        /// Waits `delay` on the clock (an engine thread's wait); `false` once cancelled.
        private func wait(_ delay: Duration) -> Bool {
            cancelled.wait(timeout: delay) { $0 ? true : nil } == nil
        }

        private var isLive: Bool { !cancelled.withLock { $0 } }

        func deliver(_ response: ScriptedResponse, for request: HTTPTransferRequest, to events: any HTTPTransferEvents)
        {
            if let latency = response.latency, !wait(latency) { return }
            var status = response.status
            var body = response.body
            var fields = Dictionary(response.headers.map { ($0.name, $0.value) }) { _, last in last }
            if status == 200, response.ranges == .bytes,
                let range = Self.range(request.headers["Range"], in: body.count)
            {
                status = 206
                fields["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(body.count)"
                body = body.subdata(in: range)
            }
            fields["Content-Length"] = String(body.count)
            guard isLive else { return }
            events.transfer(self, didReceive: HTTPTransferHead(status: status, fields: fields))
            if let cut = response.hangUpAfterBodyBytes { body = body.prefix(cut) }
            var offset = 0
            let throttle = response.throttle
            while offset < body.count {
                let size = offset == 0 ? (throttle?.firstChunkSize ?? throttle?.chunkSize) : throttle?.chunkSize
                let end = min(body.count, offset + (size ?? body.count))
                guard isLive else { return }
                events.transfer(self, didReceive: body.subdata(in: offset..<end))
                offset = end
                if offset < body.count, let throttle, !wait(throttle.delay) { return }
            }
            guard isLive else { return }
            let lost = response.hangUpAfterBodyBytes.map { $0 < response.body.count } ?? false
            events.transfer(
                self,
                didCompleteWith: lost ? HTTPTransportError(.connectionLost, "the server closed the connection") : nil)
        }

        /// The byte range `bytes=A-B` (or `bytes=A-`) asks for, within `count` bytes.
        static func range(_ header: String?, in count: Int) -> Range<Int>? {
            guard let header, header.hasPrefix("bytes=") else { return nil }
            let bounds = header.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int(bounds[0]), first < count else { return nil }
            let last = Int(bounds[1]).map { min($0, count - 1) } ?? count - 1
            return first <= last ? first..<(last + 1) : nil
        }
    }
}
