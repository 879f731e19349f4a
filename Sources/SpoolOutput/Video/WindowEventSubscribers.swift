import Foundation
import SpoolCore

/// The `windowEvents()` streams of one output: each event goes to every subscriber, in order.
final class WindowEventSubscribers: Sendable {
    private let continuations = Locked<[UUID: AsyncStream<VideoWindowEvent>.Continuation]>([:])

    /// A new subscriber's stream; it unsubscribes itself when its consumer goes away.
    /// Unbounded: window events are few (a person's clicks and keys).
    func subscribe() -> AsyncStream<VideoWindowEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: VideoWindowEvent.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        continuations.withLock { $0[id] = continuation }
        return stream
    }

    /// Delivers `event` to every subscriber.
    func send(_ event: VideoWindowEvent) {
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    /// Ends every stream (the output is gone).
    func finish() {
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
