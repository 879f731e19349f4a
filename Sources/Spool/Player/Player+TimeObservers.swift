import Foundation
public import SpoolCore

/// Identifies a time observer, for `removeTimeObserver(_:)`.
public struct TimeObserverToken: Hashable, Sendable {
    let id: UUID
}

extension Player {
    /// Calls `block` with the current time every `interval` of media time while playing, and
    /// once at once. Like AVPlayer's, the observer belongs to the player: it keeps firing across
    /// `replaceCurrentItem(with:)` and a queue's advances, until `removeTimeObserver(_:)` (an
    /// app's own observer tasks are what ends with an item, the seed's rule). It holds the
    /// player weakly: a player that is freed ends it.
    @discardableResult
    public func addPeriodicTimeObserver(
        forInterval interval: MediaTime, using block: @escaping @MainActor (MediaTime) -> Void
    ) -> TimeObserverToken {
        let token = TimeObserverToken(id: UUID())
        let clock = configuration.clock
        let mediaInterval = max(interval.isNumeric ? interval.seconds : 1, 0.01)
        timeObservers[token.id] = Task { [weak self] in
            guard let time = self?.currentTime() else { return }
            block(time)
            while !Task.isCancelled {
                guard let rate = self.map({ Double($0.rate) }) else { return }
                let hostInterval = rate > 0 ? mediaInterval / rate : mediaInterval
                do {
                    try await clock.sleep(for: .milliseconds(Int64(hostInterval * 1000)))
                } catch {
                    return
                }
                guard let self else { return }
                if self.timeControlStatus == .playing { block(self.currentTime()) }
            }
        }
        return token
    }

    /// The periodic time observer as a stream, across item changes like the observer; it ends
    /// when its consumer stops iterating (the observer is removed then) or the player is freed.
    public func periodicTimeUpdates(forInterval interval: MediaTime) -> AsyncStream<MediaTime> {
        let (stream, continuation) = AsyncStream.makeStream(of: MediaTime.self, bufferingPolicy: .bufferingNewest(1))
        let token = addPeriodicTimeObserver(forInterval: interval) { time in continuation.yield(time) }
        let observer = timeObservers[token.id]
        // A second task finishes the stream when the observer ends (removed, or the player freed).
        let finisher = Task {
            await observer?.value
            continuation.finish()
        }
        continuation.onTermination = { _ in
            observer?.cancel()
            finisher.cancel()
            Task { @MainActor [weak self] in self?.removeTimeObserver(token) }
        }
        return stream
    }

    /// Calls `block` each time playback crosses one of `times` (checked every 50 ms of host
    /// time while playing). Belongs to the player, like the periodic observer: the times are
    /// on the timeline of whichever item is current.
    @discardableResult
    public func addBoundaryTimeObserver(
        forTimes times: [MediaTime], using block: @escaping @MainActor (MediaTime) -> Void
    ) -> TimeObserverToken {
        let token = TimeObserverToken(id: UUID())
        let clock = configuration.clock
        let boundaries = times.filter(\.isNumeric).sorted()
        timeObservers[token.id] = Task { [weak self] in
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
        timeObservers.removeValue(forKey: token.id)?.cancel()
    }
}
