import Foundation
public import SpoolCore

/// Identifies a time observer, for `removeTimeObserver(_:)`.
public struct TimeObserverToken: Hashable, Sendable {
    let id: UUID
}

extension Player {
    /// Calls `block` with the current time every `interval` of media time while playing, and
    /// once at once. The observer belongs to the current item: it stops when it is removed or
    /// when the item changes (the seed's rule: observers end with their item).
    @discardableResult
    public func addPeriodicTimeObserver(
        forInterval interval: MediaTime, using block: @escaping @MainActor (MediaTime) -> Void
    ) -> TimeObserverToken {
        let token = TimeObserverToken(id: UUID())
        let clock = configuration.clock
        let mediaInterval = max(interval.isNumeric ? interval.seconds : 1, 0.01)
        itemObservers[token.id] = Task { [weak self] in
            guard let self else { return }
            block(self.currentTime())
            while !Task.isCancelled {
                let rate = Double(self.rate)
                let hostInterval = rate > 0 ? mediaInterval / rate : mediaInterval
                do {
                    try await clock.sleep(for: .milliseconds(Int64(hostInterval * 1000)))
                } catch {
                    return
                }
                if self.timeControlStatus == .playing { block(self.currentTime()) }
            }
        }
        return token
    }

    /// The periodic time observer as a stream; it finishes when the item changes.
    public func periodicTimeUpdates(forInterval interval: MediaTime) -> AsyncStream<MediaTime> {
        let (stream, continuation) = AsyncStream.makeStream(of: MediaTime.self, bufferingPolicy: .bufferingNewest(1))
        let token = addPeriodicTimeObserver(forInterval: interval) { time in continuation.yield(time) }
        let observer = itemObservers[token.id]
        // A second task finishes the stream when the observer ends (removed or item changed).
        itemObservers[UUID()] = Task {
            await observer?.value
            continuation.finish()
        }
        continuation.onTermination = { _ in observer?.cancel() }
        return stream
    }

    /// Calls `block` each time playback crosses one of `times` (checked every 50 ms of host
    /// time while playing). Belongs to the current item, like the periodic observer.
    @discardableResult
    public func addBoundaryTimeObserver(
        forTimes times: [MediaTime], using block: @escaping @MainActor (MediaTime) -> Void
    ) -> TimeObserverToken {
        let token = TimeObserverToken(id: UUID())
        let clock = configuration.clock
        let boundaries = times.filter(\.isNumeric).sorted()
        itemObservers[token.id] = Task { [weak self] in
            var last = self?.currentTime() ?? .invalid
            while !Task.isCancelled {
                do { try await clock.sleep(for: .milliseconds(50)) } catch { return }
                guard let self else { return }
                let now = self.currentTime()
                if last.isNumeric, now.isNumeric, now > last {
                    for boundary in boundaries where boundary > last && boundary <= now { block(boundary) }
                }
                last = now
            }
        }
        return token
    }

    /// Stops a periodic or boundary observer. Removing an unknown or ended token does nothing.
    public func removeTimeObserver(_ token: TimeObserverToken) {
        itemObservers.removeValue(forKey: token.id)?.cancel()
    }
}
