import Foundation
import SpoolCore

/// Writes one planned response to a connection: waits out its latency, sends the head and
/// the body (paced when throttled, interrupted where scripted), and counts every byte in
/// the log, per connection and per request, so tests can see how far a transfer got.
struct ResponseSender {
    let connectionID: Int
    let fd: Int32
    /// The request's index in `ServerLog.requests`; `nil` for a refusal before it was logged.
    let requestIndex: Int?
    let state: ConditionLock<ServerState>

    func send(_ plan: ResponsePlan) -> LoopbackConnection.Delivery {
        if let latency = plan.latency, !waitWhileQuiet(for: latency) { return .peerClosed }
        // Recorded first: a client may act on the answer before `send` returns here.
        record(status: plan.status)
        guard LoopbackSocket.send(plan.head, to: fd) else { return .peerClosed }
        record(headBytes: plan.head.count)
        let body = plan.body
        let end = plan.hangUpAfter.map { min(body.startIndex + max($0, 0), body.endIndex) } ?? body.endIndex
        var offset = body.startIndex
        var pacing = ChunkPacing(plan.throttle)
        if let interruption = plan.interruption {
            let at = min(body.startIndex + interruption.afterBodyBytes, end)
            guard sendBody(of: plan, from: &offset, to: at, pacing: &pacing) else { return .peerClosed }
            switch interruption.kind {
            case .reset:
                LoopbackSocket.waitUntilAcknowledged(fd, timeout: .seconds(5))
                return .reset
            case .stall(let duration): guard waitWhileQuiet(for: duration) else { return .peerClosed }
            }
        }
        guard sendBody(of: plan, from: &offset, to: end, pacing: &pacing) else { return .peerClosed }
        return plan.hangUpAfter == nil ? .complete : .hungUp
    }

    /// Sends the body bytes from `offset` up to `end` in paced chunks; `false` when the peer left.
    private func sendBody(
        of plan: ResponsePlan, from offset: inout Int, to end: Int, pacing: inout ChunkPacing
    ) -> Bool {
        while offset < end {
            let chunkEnd = min(offset + pacing.nextSize(), end)
            guard LoopbackSocket.send(plan.body[offset..<chunkEnd], to: fd) else { return false }
            record(bodyBytes: chunkEnd - offset)
            offset = chunkEnd
            // A throttled response that hangs up mid-body waits once more before hanging up.
            if let delay = pacing.delay, offset < plan.body.endIndex, !waitWhileQuiet(for: delay) { return false }
        }
        return true
    }

    /// Waits `duration` (`nil`: until the peer leaves or the server stops) without sending.
    /// Returns `false` when the peer closed the connection or the server is stopping, so a
    /// scripted wait never outlives the test.
    private func waitWhileQuiet(for duration: Duration?) -> Bool {
        let deadline = duration.map { ContinuousClock.now.advanced(by: $0) }
        var peerPipelined = false
        while true {
            if state.withLock({ $0.isStopping }) { return false }
            let remaining = deadline.map { ContinuousClock.now.duration(to: $0) } ?? .seconds(1)
            guard remaining > .zero else { return true }
            // At most a second per poll, so a stopping server is noticed even if no wake-up comes.
            let slice = min(remaining, .seconds(1))
            switch LoopbackSocket.waitForPeer(on: fd, timeout: slice, watchingForData: !peerPipelined) {
            case .closed: return false
            case .sentData: peerPipelined = true
            case .quiet: continue
            }
        }
    }

    private func record(status: Int) {
        guard let requestIndex else { return }
        state.update { server in server.log.requests[requestIndex].status = status }
    }

    private func record(headBytes: Int) {
        state.update { server in server.updateConnection(connectionID) { $0.bytesSent += headBytes } }
    }

    private func record(bodyBytes count: Int) {
        state.update { server in
            server.updateConnection(connectionID) { record in
                record.bytesSent += count
                record.bodyBytesSent += count
            }
            if let requestIndex { server.log.requests[requestIndex].bodyBytesSent += count }
        }
    }
}

/// The chunk sizes and delays of a throttled body (one 64 KiB step at a time unthrottled).
private struct ChunkPacing {
    private let throttle: ScriptedResponse.Throttle?
    private var isFirst = true

    init(_ throttle: ScriptedResponse.Throttle?) {
        self.throttle = throttle
    }

    /// The delay after each chunk, when throttled.
    var delay: Duration? { throttle?.delay }

    mutating func nextSize() -> Int {
        defer { isFirst = false }
        let step = throttle?.chunkSize ?? (64 << 10)
        return isFirst ? throttle?.firstChunkSize ?? step : step
    }
}
