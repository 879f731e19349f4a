import Foundation
import SpoolDesktop

/// mpv's JSON IPC served on a UNIX socket: each connection gets an `IPCClient`, its lines are
/// answered in order on the main actor through `control`, events go to every client that did not
/// disable them, and observed properties are compared with the player every `pollInterval` (and
/// after every command) so `property-change` follows the player, as mpv's does.
@MainActor
final class IPCServerSession {
    private let server: UnixSocketServer
    private let control: any IPCPlayerControl
    private var clients: [UnixSocketServer.ClientID: IPCClient] = [:]
    private var serveTask: Task<Void, Never>?
    private var pollTask: Task<Void, Never>?
    /// Events raised while a line is handled wait until its reply is sent: a client reads the
    /// reply to `seek` before the `seek` event, as from mpv.
    private var isHandlingLine = false
    private var deferredEvents: [IPCEvent] = []

    /// How often observed properties are compared (time-pos moves continuously).
    static let pollInterval = Duration.milliseconds(50)

    /// Serves on `path`; throws the socket's error (a live socket there, not a socket, too long).
    init(path: String, control: any IPCPlayerControl, clock: ContinuousClock) throws(UnixSocketError) {
        server = try UnixSocketServer(path: path)
        self.control = control
        let events = server.events
        serveTask = Task { [weak self] in
            var events = events
            while let event = await events.next() {
                guard let self else { return }
                self.handle(event)
            }
        }
        pollTask = Task { [weak self, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(for: Self.pollInterval)
                self?.sendPropertyChanges()
            }
        }
    }

    /// Sends `event` to every client that wants it (after the reply being worked out, if any).
    func broadcast(_ event: IPCEvent) {
        if isHandlingLine {
            deferredEvents.append(event)
            return
        }
        for (id, client) in clients {
            if let line = client.line(for: event) { server.send(line, to: id) }
        }
    }

    /// Sends what changed, then `shutdown`, and closes every connection and the socket.
    func stop() async {
        sendPropertyChanges()
        broadcast(.shutdown)
        pollTask?.cancel()
        await server.close()
        serveTask?.cancel()
        clients.removeAll()
    }

    private func handle(_ event: UnixSocketServer.Event) {
        switch event {
        case .connected(let id):
            clients[id] = IPCClient(name: "ipc-\(id.rawValue)")
        case .disconnected(let id):
            clients[id] = nil
        case .lineTooLong(let id):
            server.send(IPCClient.overlongLineReply, to: id)
        case .line(let id, let bytes):
            guard var client = clients[id] else { return }
            isHandlingLine = true
            let reply = client.handle(bytes, control: control)
            isHandlingLine = false
            if clients[id] != nil { clients[id] = client }
            if let reply { server.send(reply, to: id) }
            let events = deferredEvents
            deferredEvents.removeAll()
            for event in events { broadcast(event) }
            sendPropertyChanges()
        }
    }

    private func sendPropertyChanges() {
        guard !clients.isEmpty else { return }
        let state = control.ipcState
        for id in Array(clients.keys) {
            guard var client = clients[id] else { continue }
            let lines = client.propertyChanges(in: state)
            clients[id] = client
            for line in lines { server.send(line, to: id) }
        }
    }
}
