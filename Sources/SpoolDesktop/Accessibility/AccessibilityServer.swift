import Foundation

/// Publishes an app's accessibility tree on the desktop's accessibility bus (AT-SPI 2), so
/// screen readers (Orca) and AT-SPI clients (pyatspi) find the application by name, read its
/// objects' roles, names, states and values, press them (`Action.DoAction`) and set sliders
/// (`Value.CurrentValue`). It speaks the `org.a11y.atspi` interfaces over Spool's own libdbus
/// wrapper: no ATK, no GLib main loop.
///
/// Guarantees:
/// - The connection lives on a thread of its own (`spool.atspi`); nothing here blocks the main
///   actor or the cooperative pool.
/// - Clients always read the tree last published: every answer comes from it.
/// - Every change between two publications is signalled (`PropertyChange` for names,
///   descriptions and values, `StateChanged`, `ChildrenChanged`), at most one batch per
///   `eventInterval`, the batch being the difference from the tree last signalled.
/// - Requests reach `requestHandler` on the main actor, one at a time, in arrival order, and
///   the client's reply (`DoAction`'s boolean) is sent after the handler returned.
/// - When `stop()` returns, the connection is closed, and the registry drops the application.
@MainActor
public final class AccessibilityServer {
    /// How the server connects and signals.
    public let configuration: Configuration
    /// The tree clients see.
    public private(set) var application: AccessibleApplication
    /// Carries out a client's request; returns whether it was done. Without a handler, every
    /// request is refused.
    public var requestHandler: (@MainActor (AccessibleRequest) -> Bool)?
    /// The connection's unique name on the accessibility bus while running, else `nil`.
    public private(set) var busName: String?

    private let now: @Sendable () -> Duration
    private var mailbox: BusMailbox<ATSPIBusRequest>?
    private var lifecycle: BusThreadLifecycle?
    private var isStarting = false

    /// A server for `application`; nothing is published until `start()`. `clock` times the
    /// signal throttle.
    public init<C: Clock>(application: AccessibleApplication, configuration: Configuration = Configuration(), clock: C)
    where C.Duration == Duration {
        self.application = application
        self.configuration = configuration
        let start = clock.now
        now = { start.duration(to: clock.now) }
    }

    /// A server dropped while running stops its thread (without waiting for it).
    isolated deinit {
        mailbox?.post(.stop)
    }

    /// Finds the accessibility bus, connects, and embeds the application in the registry's
    /// desktop; returns once clients can find it. Throws `noServer` without an accessibility
    /// bus (no at-spi2-core), or the registry's error. Calling it while running does nothing.
    public func start() async throws(DBusError) {
        guard mailbox == nil, !isStarting else { return }
        guard let mailbox = BusMailbox<ATSPIBusRequest>() else {
            throw .failed.with(message: "no file descriptors left for the accessibility bus thread")
        }
        isStarting = true
        defer { isStarting = false }
        let (calls, callSink) = AsyncStream.makeStream(of: ATSPIIncomingCall.self)
        let lifecycle = BusThreadLifecycle()
        let started = await Self.startThread(
            configuration: configuration, index: ATSPIObjectIndex(application), mailbox: mailbox, calls: callSink,
            lifecycle: lifecycle, now: now)
        busName = try started.get()
        self.mailbox = mailbox
        self.lifecycle = lifecycle
        // The tree may have changed while the thread was starting.
        mailbox.post(.publish(ATSPIObjectIndex(application)))
        Task { [weak self] in
            for await call in calls {
                guard let self else { return }
                let done = self.requestHandler?(call.request) ?? false
                mailbox.post(.answer(token: call.token, done))
            }
            self?.busThreadEnded(mailbox)
        }
    }

    /// Makes `application` the tree clients see; changes are signalled (throttled).
    public func publish(_ application: AccessibleApplication) {
        guard application != self.application else { return }
        self.application = application
        mailbox?.post(.publish(ATSPIObjectIndex(application)))
    }

    /// Closes the connection (the registry then drops the application); returns when it is
    /// closed. Calls still unanswered get an error. Idempotent.
    public func stop() async {
        guard let mailbox, let lifecycle else { return }
        mailbox.post(.stop)
        await lifecycle.waitUntilFinished()
        busThreadEnded(mailbox)
    }

    private func busThreadEnded(_ endedMailbox: BusMailbox<ATSPIBusRequest>) {
        guard mailbox === endedMailbox else { return }
        mailbox = nil
        lifecycle = nil
        busName = nil
    }

    private nonisolated static func startThread(
        configuration: Configuration, index: ATSPIObjectIndex, mailbox: BusMailbox<ATSPIBusRequest>,
        calls: AsyncStream<ATSPIIncomingCall>.Continuation, lifecycle: BusThreadLifecycle,
        now: @escaping @Sendable () -> Duration
    ) async -> Result<String, DBusError> {
        await BusServiceThread.start(name: "spool.atspi", lifecycle: lifecycle, finished: { calls.finish() }) {
            () throws(DBusError) in
            try ATSPIBusService(configuration: configuration, index: index, mailbox: mailbox, calls: calls, now: now)
        }
    }
}

extension AccessibilityServer {
    /// How the server connects and signals.
    public struct Configuration: Sendable, Equatable {
        /// The accessibility bus's address; `nil` (the default) asks the session bus's
        /// `org.a11y.Bus` (or takes `AT_SPI_BUS_ADDRESS`), as every AT-SPI toolkit does.
        public var busAddress: String?
        /// `Application.Version`.
        public var toolkitVersion: String
        /// The shortest time between two batches of change signals.
        public var eventInterval: Duration
        /// The bound on each blocking step of `start()` (finding the bus, embedding).
        public var callTimeout: Duration

        /// The defaults: the desktop's accessibility bus, 100 ms between signal batches, 5 s
        /// per start-up step.
        public init(
            busAddress: String? = nil, toolkitVersion: String = "", eventInterval: Duration = .milliseconds(100),
            callTimeout: Duration = .seconds(5)
        ) {
            self.busAddress = busAddress
            self.toolkitVersion = toolkitVersion
            self.eventInterval = eventInterval
            self.callTimeout = callTimeout
        }
    }
}
