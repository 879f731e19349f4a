import Foundation

/// What the main actor posts to the accessibility bus thread.
enum ATSPIBusRequest: Sendable {
    /// The tree as it is now; what changed is signalled (throttled).
    case publish(ATSPIObjectIndex)
    /// The app's answer to the forwarded call `token`: whether it did it.
    case answer(token: Int, Bool)
    /// Close the connection (the registry drops the application) and end the thread.
    case stop
}

/// A call the bus thread forwards to the main actor; `token` goes back with the answer.
struct ATSPIIncomingCall: Sendable {
    let token: Int
    let request: AccessibleRequest
}

/// The bus-thread side of an `AccessibilityServer`: owns the connection to the accessibility
/// bus, embeds the application in the registry's desktop, answers calls from the published
/// tree, forwards actions to the main actor and replies when they are answered, and signals
/// changes.
///
/// Thread confinement: created by, run on and released on the server's bus thread; it is not
/// `Sendable`. Other threads reach it only through its `BusMailbox`.
final class ATSPIBusService: BusThreadService {
    private let connection: BusConnection
    private let mailbox: BusMailbox<ATSPIBusRequest>
    private let calls: AsyncStream<ATSPIIncomingCall>.Continuation
    private let now: @Sendable () -> Duration
    private var context: ATSPIRouteContext
    private var index: ATSPIObjectIndex
    /// The tree as last signalled: the next batch is the difference from it.
    private var signalled: ATSPIObjectIndex
    private var throttle: ATSPIEventThrottle
    /// Calls waiting for the main actor.
    private var pendingCalls = BusPendingCalls<ATSPIReplyShape>()

    /// This connection's unique name on the accessibility bus.
    var busName: String { context.busName }

    /// Connects to the accessibility bus, exports the objects and embeds the root in the
    /// registry's desktop (blocking, each step bounded by `callTimeout`).
    init(
        configuration: AccessibilityServer.Configuration, index: ATSPIObjectIndex,
        mailbox: BusMailbox<ATSPIBusRequest>, calls: AsyncStream<ATSPIIncomingCall>.Continuation,
        now: @escaping @Sendable () -> Duration
    ) throws(DBusError) {
        let timeout = configuration.callTimeout.roundedUpMilliseconds
        let address: BusAddress =
            if let address = configuration.busAddress {
                .address(address)
            } else {
                try ATSPIBusAddress.resolve(timeoutMilliseconds: timeout)
            }
        connection = try BusConnection(address: address)
        self.mailbox = mailbox
        self.calls = calls
        self.now = now
        self.index = index
        signalled = index
        throttle = ATSPIEventThrottle(interval: configuration.eventInterval)
        guard let name = connection.uniqueName else { throw .disconnected.with(message: "no unique name") }
        context = ATSPIRouteContext(
            busName: name, desktop: ATSPINames.reference("", ATSPINames.nullPath),
            toolkitVersion: configuration.toolkitVersion)
        // Unowned: the connection, which keeps the handler, is owned by this object.
        try connection.registerFallback(at: ATSPINames.exportedSubtree, handler: .init { [unowned self] in handle($0) })
        context.desktop = try embed(timeoutMilliseconds: timeout)
    }

    /// `Socket.Embed` on the registry's root: the registry lists the application on its
    /// desktop and answers the desktop's reference, which becomes the root's parent.
    private func embed(timeoutMilliseconds: Int32) throws(DBusError) -> DBusValue {
        guard
            let call = BusMessage.methodCall(
                destination: ATSPINames.registryName, path: ATSPINames.rootPath, interface: ATSPINames.socket,
                member: "Embed")
        else { throw .noMemory }
        try call.append([context.reference(ATSPINames.rootPath)])
        let reply: BusMessage
        do {
            reply = try connection.call(call, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw error.with(message: "the AT-SPI registry did not embed the application: \(error.message)")
        }
        guard let desktop = try reply.arguments().first, desktop.signature == "(so)" else {
            throw .failed.with(message: "Embed answered \(reply.signature), not (so)")
        }
        return desktop
    }

    /// The event loop (`BusConnection.runEventLoop`): returns on `.stop` or when the bus
    /// connection is lost.
    func run() {
        connection.runEventLoop(mailbox: mailbox, now: now) { request in
            switch request {
            case .publish(let newIndex):
                index = newIndex
                if throttle.changed(at: now()) { emitChanges() }
            case .answer(let token, let done): reply(to: token, done: done)
            case .stop:
                shutDown()
                return false
            }
            return true
        } afterDispatch: {
            if throttle.tick(at: now()) { emitChanges() }
            return throttle.deadline
        }
    }

    private func shutDown() {
        pendingCalls.failAll(with: .failed.with(message: "the player stopped"), on: connection)
        connection.flush()
    }

    private func emitChanges() {
        let events = ATSPIEvent.changes(from: signalled, to: index, context: context)
        signalled = index
        for event in events {
            guard
                let signal = BusMessage.signal(
                    path: event.path, interface: ATSPINames.eventObject, member: event.member),
                (try? signal.append(event.arguments)) != nil
            else { continue }
            connection.send(signal)
        }
    }

    /// libdbus's handler for the exported subtree: every method call is answered, now or later.
    private func handle(_ message: BusMessage) -> Bool {
        guard message.kind == .methodCall, let member = message.member, let path = message.path else { return false }
        let route: ATSPIRoute
        do {
            route = ATSPIRouter.route(
                path: path, interface: message.interface, member: member, arguments: try message.arguments(),
                index: index, context: context)
        } catch {
            route = .error(error)
        }
        switch route {
        case .reply(let values): sendReply(values, to: message)
        case .error(let error): sendError(error, to: message)
        case .setApplicationID(let id):
            context.applicationID = id
            sendReply([], to: message)
        case .forward(let request, let shape):
            let token = pendingCalls.add(message, shape: shape)
            if case .terminated = calls.yield(ATSPIIncomingCall(token: token, request: request)) {
                _ = pendingCalls.remove(token)
                sendError(.failed.with(message: "the player stopped"), to: message)
            }
        }
        return true
    }

    private func reply(to token: Int, done: Bool) {
        guard let (message, shape) = pendingCalls.remove(token) else { return }
        switch shape {
        case .boolean: sendReply([.boolean(done)], to: message)
        case .empty:
            if done { sendReply([], to: message) } else { sendError(.notSupported, to: message) }
        }
    }

    private func sendReply(_ values: [DBusValue], to message: BusMessage) {
        connection.reply(values, to: message)
    }

    private func sendError(_ error: DBusError, to message: BusMessage) {
        connection.replyError(error, to: message)
    }
}
