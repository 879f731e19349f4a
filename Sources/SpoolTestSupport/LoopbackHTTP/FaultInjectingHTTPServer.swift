public import Foundation
import SpoolCore

/// One file on a real loopback HTTP server (`LoopbackHTTPServer`) with byte ranges, an ETag
/// and a Last-Modified date, and faults scripted per request: resets, stalls, error
/// statuses, wrong Content-Lengths, ignored ranges and latency (`HTTPFault`).
///
/// Faults are consumed in order by the requests for the file: `script` gives the next
/// requests theirs, `interruptOnce(atFileByte:_:)` breaks the first response that carries a
/// given byte, whichever request that is. Every request is logged (`requests`). Every fault
/// is bounded: stalls end after their duration, when the client leaves, or at `stop()`.
public final class FaultInjectingHTTPServer: Sendable {
    /// One request for the file and how it was answered.
    public struct Request: Sendable {
        /// "GET", "HEAD"…
        public var method: String
        /// The `Range` header, if any.
        public var range: String?
        /// The status answered; `nil` while the head has not been sent.
        public var status: Int?
        /// Body bytes written so far.
        public var bodyBytesSent: Int

        /// The first byte asked for: N of `bytes=N-`, 0 without a range.
        public var rangeStart: Int {
            guard let range, range.hasPrefix("bytes=") else { return 0 }
            return Int(range.dropFirst("bytes=".count).prefix { $0 != "-" }) ?? 0
        }
    }

    /// The ETag the file is served with (unless a fault says otherwise).
    public static let etag = "\"spool-fault-file\""
    /// The Last-Modified date the file is served with.
    public static let lastModified = "Wed, 01 Jan 2025 00:00:00 GMT"

    /// The underlying server (its log has every connection).
    public let server: LoopbackHTTPServer
    /// The file's path on the server.
    public let path: String
    /// The bytes served.
    public let file: Data

    private struct Script: Sendable {
        var pending: [HTTPFault] = []
        var byteTrigger: (offset: Int, kind: ScriptedResponse.Interruption.Kind)?
        /// Responses carrying the trigger's byte still to be let through untouched.
        var triggerSkips = 0
    }

    private let script = ConditionLock(Script())

    /// Serves `file` at `path`, every body paced by `throttle` when given (a slow link).
    public init(
        file: Data, path: String = "/clip.mp4", throttle: ScriptedResponse.Throttle? = nil
    ) throws(LoopbackServerError) {
        server = try LoopbackHTTPServer()
        self.path = path
        self.file = file
        server.setRoute(path) { [script] request in
            let (fault, trigger) = script.withLock {
                script -> (HTTPFault, (Int, ScriptedResponse.Interruption.Kind)?) in
                let fault = script.pending.isEmpty ? HTTPFault.none : script.pending.removeFirst()
                return (fault, script.byteTrigger)
            }
            var response = Self.response(file, fault: fault, throttle: throttle)
            if let (offset, kind) = trigger, fault.status == nil {
                let start = fault.ignoresRange ? 0 : Self.rangeStart(request.header("Range"), length: file.count)
                if start <= offset && offset < file.count {
                    let consumed = script.withLock { script -> Bool in
                        guard script.byteTrigger?.offset == offset else { return false }
                        guard script.triggerSkips == 0 else {
                            script.triggerSkips -= 1
                            return false
                        }
                        script.byteTrigger = nil
                        return true
                    }
                    if consumed { response.interruption = .init(kind, afterBodyBytes: offset - start) }
                }
            }
            return response
        }
    }

    deinit {
        server.stop()
    }

    /// `http://127.0.0.1:<port><path>`.
    public var url: URL { server.url(path) }

    /// The next requests for the file get these faults, one each, in order; requests after
    /// them are answered cleanly. Replaces faults not yet consumed.
    public func script(_ faults: [HTTPFault]) {
        script.withLock { $0.pending = faults }
    }

    /// The first response (from now) whose body carries file byte `offset` stops there with
    /// `kind`; once. `skipping` lets that many such responses through first (a player that
    /// probes the file on a connection of its own before playing it).
    public func interruptOnce(
        atFileByte offset: Int, _ kind: ScriptedResponse.Interruption.Kind, skipping: Int = 0
    ) {
        script.withLock { script in
            script.byteTrigger = (offset, kind)
            script.triggerSkips = max(0, skipping)
        }
    }

    /// Every request for the file so far, in arrival order.
    public var requests: [Request] {
        server.log.requests(to: path).map {
            Request(method: $0.method, range: $0.header("Range"), status: $0.status, bodyBytesSent: $0.bodyBytesSent)
        }
    }

    /// Waits (real time, bounded) until `predicate` holds for the requests.
    public func waitUntil(
        timeout: Duration, _ predicate: @escaping @Sendable ([Request]) -> Bool
    ) async -> Bool {
        let path = path
        return await server.waitUntil(timeout: timeout) { log in
            predicate(
                log.requests(to: path).map {
                    Request(
                        method: $0.method, range: $0.header("Range"), status: $0.status,
                        bodyBytesSent: $0.bodyBytesSent)
                })
        }
    }

    /// Stops the server: every connection closes, every stall ends.
    public func stop() {
        server.stop()
    }

    private static func response(
        _ file: Data, fault: HTTPFault, throttle: ScriptedResponse.Throttle?
    ) -> ScriptedResponse {
        if let status = fault.status { return .status(status) }
        var response = ScriptedResponse.file(file, throttle: throttle)
        response.headers += [("ETag", fault.etag ?? etag), ("Last-Modified", lastModified)]
        response.ranges = fault.ignoresRange ? .advertisedButIgnored : .bytes
        response.interruption = fault.interruption
        response.latency = fault.latency
        response.contentLengthError = fault.contentLengthError
        return response
    }

    private static func rangeStart(_ header: String?, length: Int) -> Int {
        guard let header, case .satisfiable(let range)? = ByteRangeRequest(header: header, bodyLength: length) else {
            return 0
        }
        return range.lowerBound
    }
}
