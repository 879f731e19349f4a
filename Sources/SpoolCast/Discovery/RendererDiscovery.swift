import Foundation
import SpoolCore

/// The renderers on the network, kept current: the external-playback counterpart of
/// AVFoundation's route detection (`AVRouteDetector`), for UPnP AV MediaRenderers.
///
/// Guarantees:
/// - `start()` opens the channel and searches (M-SEARCH for MediaRenderer:1, sent again one
///   second later on the injected clock, since UDP may lose either); NOTIFY alive and byebye
///   are heard for as long as it runs, so renderers come and go while the player runs.
/// - A renderer is listed once its description was read and checked (`Renderer.parse`), and
///   leaves the list on byebye or when its max-age runs out on the injected clock — at
///   exactly that instant, so tests on a manual clock see exact times.
/// - `events()` gives the current list at once, then every change of the list and every
///   datagram or description ignored (with why), in order.
/// - Untrusted input is bounded: datagrams by `SSDPLimits`, descriptions by
///   `DeviceDescriptionLimits`, the number of devices tracked by 64.
/// - `stop()` closes the channel, cancels fetches and timers and ends every stream.
public final class RendererDiscovery: Sendable {
    /// What `events()` reports.
    public enum Event: Sendable, Equatable {
        /// The renderers present now, by name then UDN.
        case renderers([Renderer])
        /// A datagram or a description that was not accepted, in words.
        case ignored(String)
    }

    private struct State: Sendable {
        var registry = RendererRegistry()
        var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextSubscriber = 0
        var timer: (deadline: Duration, task: Task<Void, Never>)?
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextTask = 0
        var started = false
        var stopped = false
    }

    private let timeline: ClockTimeline
    private let channel: any SSDPChannel
    private let fetcher: any DescriptionFetching
    private let ssdpLimits: SSDPLimits
    private let descriptionLimits: DeviceDescriptionLimits
    private let state = Locked(State())

    /// A discovery over `channel` and `fetcher`, timing expiry and repeated searches on `clock`.
    public init(
        clock: any Clock<Duration>, channel: any SSDPChannel, fetcher: any DescriptionFetching,
        ssdpLimits: SSDPLimits = .default, descriptionLimits: DeviceDescriptionLimits = .default
    ) {
        self.timeline = ClockTimeline(clock: clock)
        self.channel = channel
        self.fetcher = fetcher
        self.ssdpLimits = ssdpLimits
        self.descriptionLimits = descriptionLimits
    }

    /// The renderers present now, by name then UDN.
    public var renderers: [Renderer] { state.withLock { $0.registry.renderers } }

    /// The current list at once, then every change and every ignored input, until `stop()` or
    /// the reading task ends.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            continuation.yield(.renderers(state.registry.renderers))
            return state.nextSubscriber
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Opens the channel and searches now and once more a second later; throws when the
    /// channel cannot be opened or the first search cannot be sent (no usable interface).
    /// Only the first call does anything, and none after `stop()`.
    public func start() throws(RendererDiscoveryError) {
        let first = state.withLock { state in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        try channel.open { [weak self] datagram, source in self?.receive(datagram, from: source) }
        try channel.send(SSDPSearch.datagram())
        let start = timeline.now
        spawn { [timeline, channel] in
            try? await timeline.sleep(until: start + .seconds(1))
            guard !Task.isCancelled else { return }
            try? channel.send(SSDPSearch.datagram())
        }
    }

    /// Searches again now (a user opening the route menu).
    public func search() throws(RendererDiscoveryError) {
        try channel.send(SSDPSearch.datagram())
    }

    /// Stops: the channel closes, fetches and timers are cancelled, every stream ends.
    /// Idempotent.
    public func stop() {
        let (subscribers, tasks) = state.withLock { state in
            defer {
                state.stopped = true
                state.subscribers = [:]
                state.tasks = [:]
                state.timer = nil
            }
            return (Array(state.subscribers.values), Array(state.tasks.values) + [state.timer?.task].compactMap { $0 })
        }
        channel.close()
        for task in tasks { task.cancel() }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// One datagram from `source`: parsed, then applied if it is about a MediaRenderer.
    func receive(_ datagram: Data, from source: String) {
        do {
            let message = try SSDPMessage.parse(datagram, limits: ssdpLimits)
            guard let announcement = try SSDPAnnouncement.read(message, source: source) else { return }
            apply { registry, now in registry.handle(announcement, at: now) }
        } catch {
            publish([.ignored("ignored an SSDP message from \(source): \(error)")])
        }
    }

    /// Runs one registry decision at the clock's now, then carries out its actions: events
    /// for a changed list and reports, fetches, and the expiry timer moved to the new deadline.
    private func apply(_ decide: (inout RendererRegistry, Duration) -> [RendererRegistry.Action]) {
        let now = timeline.now
        let (fetches, deadline) = state.withLock { state -> ([(String, URL)], Duration?) in
            guard !state.stopped else { return ([], nil) }
            let before = state.registry.renderers
            let actions = decide(&state.registry, now)
            let after = state.registry.renderers
            var events: [Event] = before == after ? [] : [.renderers(after)]
            var fetches: [(String, URL)] = []
            for action in actions {
                switch action {
                case .report(let text): events.append(.ignored(text))
                case .fetch(let udn, let url): fetches.append((udn, url))
                }
            }
            // Yielded under the lock, so two threads' decisions reach every subscriber in the
            // order they were made (a continuation's yield takes only its own lock).
            Self.yield(events, to: state)
            return (fetches, state.registry.nextDeadline)
        }
        for (udn, url) in fetches { fetch(udn: udn, url: url) }
        schedule(deadline)
    }

    /// Reads `udn`'s description at `url` on a task and applies the outcome.
    private func fetch(udn: String, url: URL) {
        spawn { [weak self, fetcher, descriptionLimits] in
            let result: Result<Renderer, DeviceDescriptionError>
            do throws(DeviceDescriptionError) {
                let data = try await fetcher.fetch(url, maxBytes: descriptionLimits.maxBytes)
                result = .success(try Renderer.parse(description: data, from: url, udn: udn, limits: descriptionLimits))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            self?.apply { registry, now in registry.handle(description: result, udn: udn, url: url, at: now) }
        }
    }

    /// Keeps one timer, for the earliest expiry; a timer that fires expires entries.
    private func schedule(_ deadline: Duration?) {
        let cancelled = state.withLock { state -> Task<Void, Never>? in
            guard !state.stopped, state.timer?.deadline != deadline else { return nil }
            let old = state.timer?.task
            state.timer = deadline.map { deadline in
                (
                    deadline,
                    Task { [weak self, timeline] in
                        guard (try? await timeline.sleep(until: deadline)) != nil else { return }
                        self?.apply { registry, now in
                            registry.expire(at: now)
                            return []
                        }
                    }
                )
            }
            return old
        }
        cancelled?.cancel()
    }

    /// Runs `body` on a task that `stop()` cancels.
    private func spawn(_ body: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            guard !state.stopped else { return }
            state.nextTask += 1
            let id = state.nextTask
            state.tasks[id] = Task { [weak self] in
                await body()
                _ = self?.state.withLock { $0.tasks.removeValue(forKey: id) }
            }
        }
    }

    private func publish(_ events: [Event]) {
        state.withLock { Self.yield(events, to: $0) }
    }

    private static func yield(_ events: [Event], to state: State) {
        for subscriber in state.subscribers.values {
            for event in events { subscriber.yield(event) }
        }
    }
}
