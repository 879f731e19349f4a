import Glibc

/// The server thread's loop: accepts, reads lines, writes queued output, with `poll(2)` over
/// non-blocking descriptors. Created on and confined to that thread (not `Sendable`); it owns
/// the listener and every client descriptor and closes them all before the thread ends.
final class UnixSocketLoop {
    struct Limits: Sendable {
        let line: Int
        let undelivered: Int
    }

    private struct Client {
        let id: Int
        let descriptor: Int32
        var buffer: [UInt8] = []
        /// Inside a line that was too long: bytes are dropped up to the next newline.
        var isDiscarding = false
    }

    private let listener: UnixSocketListener
    private let server: UnixSocketServer
    private let continuation: AsyncStream<UnixSocketServer.Event>.Continuation
    private let limits: Limits
    private var clients: [Client] = []
    private var nextID = 1
    /// More clients than this are turned away at accept (each costs a descriptor).
    private let maximumClients = 64

    init(
        listener: UnixSocketListener, server: UnixSocketServer,
        continuation: AsyncStream<UnixSocketServer.Event>.Continuation, limits: Limits
    ) {
        self.listener = listener
        self.server = server
        self.continuation = continuation
        self.limits = limits
    }

    func run() {
        while true {
            let (closing, hasOutput, readingPaused) = server.shared.withLock { state in
                (state.isClosing, Set(state.outbox.filter { !$0.value.isEmpty }.keys), state.isReadingPaused)
            }
            if closing { break }
            closeFinishedDisconnections(hasOutput: hasOutput)
            var descriptors = [
                pollfd(fd: server.wake.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            for client in clients {
                var events = readingPaused ? 0 : Int16(POLLIN)
                if hasOutput.contains(client.id) { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: client.descriptor, events: events, revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 { continue }  // EINTR
            if descriptors[0].revents != 0 { server.wake.drain() }
            if descriptors[1].revents & Int16(POLLIN) != 0 { acceptClients() }
            // Indices shift as clients go: walk the snapshot by id.
            let polled = zip(clients.map(\.id), descriptors.dropFirst(2).map(\.revents))
            for (id, revents) in polled where revents != 0 {
                guard let index = clients.firstIndex(where: { $0.id == id }) else { continue }
                if revents & Int16(POLLOUT) != 0, !flush(index) { continue }
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { read(index) }
            }
        }
        // What was queued last (mpv's `shutdown`) goes out if the client can take it now.
        for index in clients.indices.reversed() {
            if flush(index) { drop(index) }
        }
        listener.close()
        continuation.finish()
        let waiters = server.shared.withLock { state in
            state.isFinished = true
            defer { state.closeWaiters.removeAll() }
            return state.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func acceptClients() {
        while true {
            let descriptor = accept(listener.descriptor, nil, nil)
            guard descriptor >= 0 else { return }  // EAGAIN: no more waiting
            UnixSocketListener.makeNonBlocking(descriptor)
            guard clients.count < maximumClients else {
                close(descriptor)
                continue
            }
            let id = nextID
            nextID += 1
            clients.append(Client(id: id, descriptor: descriptor))
            server.shared.withLock { _ = $0.live.insert(id) }
            continuation.yield(.connected(UnixSocketServer.ClientID(rawValue: id)))
        }
    }

    /// Writes what is queued for the client at `index`; returns false if it was dropped.
    private func flush(_ index: Int) -> Bool {
        let id = clients[index].id
        let pending = server.shared.withLock { state in
            defer { state.outbox[id] = [] }
            return state.outbox[id] ?? []
        }
        var written = 0
        while written < pending.count {
            let count = pending[written...].withUnsafeBytes { raw in
                send(clients[index].descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                written += count
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                break
            } else {
                drop(index)
                return false
            }
        }
        if written < pending.count {
            let rest = Array(pending[written...])
            server.shared.withLock { state in
                if state.live.contains(id) { state.outbox[id] = rest + (state.outbox[id] ?? []) }
            }
        }
        return true
    }

    private func read(_ index: Int) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        // A bounded amount per wake-up, so one flooding client cannot starve the others.
        for _ in 0..<16 {
            let count = chunk.withUnsafeMutableBytes { recv(clients[index].descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                take(chunk[0..<count], at: index)
                if server.shared.withLock({ $0.isReadingPaused }) { return }
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                return
            } else {
                // Hung up: a last line without a newline still counts, as mpv reads it.
                if !clients[index].buffer.isEmpty, !clients[index].isDiscarding {
                    deliver(clients[index].buffer, from: clients[index].id)
                }
                drop(index)
                return
            }
        }
    }

    private func take(_ bytes: ArraySlice<UInt8>, at index: Int) {
        var rest = bytes
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: 0x0A)
            let piece = rest[..<(newline ?? rest.endIndex)]
            rest = newline.map { rest[($0 + 1)...] } ?? []
            if clients[index].isDiscarding {
                if newline != nil { clients[index].isDiscarding = false }
                continue
            }
            if clients[index].buffer.count + piece.count > limits.line {
                clients[index].buffer = []
                clients[index].isDiscarding = newline == nil
                continuation.yield(.lineTooLong(UnixSocketServer.ClientID(rawValue: clients[index].id)))
                continue
            }
            clients[index].buffer += piece
            if newline != nil {
                let line = clients[index].buffer
                clients[index].buffer = []
                deliver(line, from: clients[index].id)
            }
        }
    }

    private func deliver(_ line: [UInt8], from id: Int) {
        server.shared.withLock { state in
            state.undeliveredBytes += line.count + 1
            if state.undeliveredBytes > limits.undelivered {
                state.isReadingPaused = true
                state.resumeReadingBelow = limits.undelivered / 2
            }
        }
        continuation.yield(.line(UnixSocketServer.ClientID(rawValue: id), line))
    }

    /// Closes clients that asked to be disconnected once their output is written.
    private func closeFinishedDisconnections(hasOutput: Set<Int>) {
        let leaving = server.shared.withLock { $0.disconnecting }
        for id in leaving where !hasOutput.contains(id) {
            if let index = clients.firstIndex(where: { $0.id == id }) { drop(index) }
        }
        server.shared.withLock { state in
            if state.isReadingPaused, state.undeliveredBytes < state.resumeReadingBelow {
                state.isReadingPaused = false
            }
        }
    }

    private func drop(_ index: Int) {
        let client = clients.remove(at: index)
        close(client.descriptor)
        server.shared.withLock { state in
            state.live.remove(client.id)
            state.outbox[client.id] = nil
            state.disconnecting.remove(client.id)
        }
        continuation.yield(.disconnected(UnixSocketServer.ClientID(rawValue: client.id)))
    }
}
