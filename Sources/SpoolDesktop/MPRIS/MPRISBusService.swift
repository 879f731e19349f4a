internal import CDBus
import Foundation

/// What the main actor posts to the bus thread.
enum MPRISBusRequest: Sendable {
    /// The new property values; changed ones are announced (throttled).
    case properties(MPRISPropertyTable)
    /// The main actor's answer to the forwarded call `token`.
    case answer(token: Int, MPRISAnswer)
    /// Emit `Seeked` with this position.
    case seeked(positionMicroseconds: Int64)
    /// Release the name, close the connection and end the thread.
    case stop
}

/// A call the bus thread forwards to the main actor; `token` goes back with the answer.
struct MPRISIncomingCall: Sendable {
    let token: Int
    let request: MPRISRequest
}

/// The bus-thread side of an MPRIS server: owns the connection, answers from the property
/// table, forwards calls to the main actor and replies when they are answered, and emits
/// signals.
///
/// Thread confinement: created by, run on and released on the server's bus thread; it is not
/// `Sendable`. Other threads reach it only through its `BusMailbox`.
final class MPRISBusService: BusThreadService {
    private let connection: BusConnection
    private let mailbox: BusMailbox<MPRISBusRequest>
    private let calls: AsyncStream<MPRISIncomingCall>.Continuation
    private let now: @Sendable () -> Duration
    private var table: MPRISPropertyTable
    private var throttle: PropertiesChangedThrottle
    /// Calls waiting for the main actor.
    private var pendingCalls = BusPendingCalls<MPRISReplyShape>()
    /// The well-known name this service owns.
    private(set) var busName = ""

    /// Connects, exports the object, and takes the first free name of
    /// `org.mpris.MediaPlayer2.<player>`, `….instance<pid>`, `….instance<pid>_2`… (blocking).
    init(
        configuration: MPRISServer.Configuration, table: MPRISPropertyTable, mailbox: BusMailbox<MPRISBusRequest>,
        calls: AsyncStream<MPRISIncomingCall>.Continuation, now: @escaping @Sendable () -> Duration
    ) throws(DBusError) {
        let address: BusAddress =
            if let address = configuration.busAddress { .address(address) } else { try BusAddress.session() }
        connection = try BusConnection(address: address)
        self.mailbox = mailbox
        self.calls = calls
        self.now = now
        self.table = table
        throttle = PropertiesChangedThrottle(interval: configuration.propertiesChangedInterval)
        // Unowned: the connection, which keeps the handler, is owned by this object.
        try connection.registerObject(at: MPRISNames.objectPath, handler: .init { [unowned self] in handle($0) })
        busName = try claimName(configuration.wellKnownName)
    }

    private func claimName(_ base: String) throws(DBusError) -> String {
        let pid = ProcessInfo.processInfo.processIdentifier
        let candidates = [base, "\(base).instance\(pid)"] + (2...16).map { "\(base).instance\(pid)_\($0)" }
        for name in candidates {
            guard BusMessage.isValidBusName(name) else { throw .invalidArgs.with(message: "invalid bus name \(name)") }
            switch try connection.requestName(name, flags: UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE)) {
            case .primaryOwner, .alreadyOwner: return name
            case .inQueue, .exists: continue
            }
        }
        throw .nameTaken.with(message: "\(base) and its instance names are taken")
    }

    /// The event loop (`BusConnection.runEventLoop`): returns on `.stop` or when the bus
    /// connection is lost.
    func run() {
        connection.runEventLoop(mailbox: mailbox, now: now) { request in
            switch request {
            case .properties(let newTable): apply(newTable)
            case .answer(let token, let answer): reply(to: token, with: answer)
            case .seeked(let position): emitSeeked(position)
            case .stop:
                shutDown()
                return false
            }
            return true
        } afterDispatch: {
            perform(throttle.tick(at: now()))
            return throttle.deadline
        }
    }

    private func shutDown() {
        pendingCalls.failAll(with: .failed.with(message: "the player stopped"), on: connection)
        connection.releaseName(busName)
        connection.flush()
    }

    private func apply(_ newTable: MPRISPropertyTable) {
        let changed = newTable.changedKeys(from: table)
        table = newTable
        perform(throttle.propertiesChanged(changed, at: now()))
    }

    private func perform(_ action: PropertiesChangedThrottle.Action) {
        guard case .emit(let keys) = action else { return }
        for interface in [MPRISNames.rootInterface, MPRISNames.playerInterface] {
            let names = keys.filter { $0.interface == interface }.map(\.name)
            guard !names.isEmpty, let properties = table.properties(of: interface) else { continue }
            let changed = properties.filter { names.contains($0.key) }
            let invalidated = names.filter { properties[$0] == nil }.sorted()
            emitSignal(
                interface: MPRISNames.propertiesInterface, member: "PropertiesChanged",
                [.string(interface), .dictionary(changed), .stringArray(invalidated)])
        }
    }

    private func emitSeeked(_ position: Int64) {
        emitSignal(interface: MPRISNames.playerInterface, member: "Seeked", [.int64(position)])
    }

    private func emitSignal(interface: String, member: String, _ values: [DBusValue]) {
        guard let signal = BusMessage.signal(path: MPRISNames.objectPath, interface: interface, member: member),
            (try? signal.append(values)) != nil
        else { return }
        connection.send(signal)
    }

    /// libdbus's handler for the object path: every method call is answered, now or later.
    private func handle(_ message: BusMessage) -> Bool {
        guard message.kind == .methodCall, let member = message.member else { return false }
        let route: MPRISRoute
        do {
            route = MPRISRouter.route(
                interface: message.interface, member: member, arguments: try message.arguments(), table: table,
                introspectionXML: MPRISIntrospection.xml)
        } catch {
            route = .error(error)
        }
        switch route {
        case .reply(let values): sendReply(values, to: message)
        case .error(let error): sendError(error, to: message)
        case .forward(let request, let shape):
            let token = pendingCalls.add(message, shape: shape)
            if case .terminated = calls.yield(MPRISIncomingCall(token: token, request: request)) {
                _ = pendingCalls.remove(token)
                sendError(.failed.with(message: "the player stopped"), to: message)
            }
        }
        return true
    }

    private func reply(to token: Int, with answer: MPRISAnswer) {
        guard let (message, shape) = pendingCalls.remove(token) else { return }
        let position: Int64
        switch answer {
        case .failed(let error): return sendError(error, to: message)
        case .done: position = 0
        case .position(let microseconds): position = microseconds
        }
        switch shape {
        case .empty: sendReply([], to: message)
        case .position: sendReply([.variant(.int64(position))], to: message)
        case .allPlayerProperties:
            var properties = table.player
            properties["Position"] = .int64(position)
            sendReply([.dictionary(properties)], to: message)
        }
    }

    private func sendReply(_ values: [DBusValue], to message: BusMessage) {
        connection.reply(values, to: message)
    }

    private func sendError(_ error: DBusError, to message: BusMessage) {
        connection.replyError(error, to: message)
    }
}
