import Foundation
import Glibc
import SpoolDesktop
import SpoolTestSupport
import Testing

/// `UnixSocketServer` on real sockets: lines in, lines out, several clients, the socket file's
/// rules (mode, stale, not a socket, live), the line limit, and closing.
@Suite("UNIX socket server (integration)", .serialized, .timeLimit(.minutes(3)))
struct UnixSocketServerIntegrationTests {
    private static func path() -> String {
        "/tmp/spool-uss-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    }

    /// Collects `count` events (bounded by the suite's time limit).
    private static func take(_ count: Int, from events: inout UnixSocketServer.Events) async -> [UnixSocketServer.Event]
    {
        var taken: [UnixSocketServer.Event] = []
        while taken.count < count, let event = await events.next() { taken.append(event) }
        return taken
    }

    @Test("two clients: their lines arrive in order, each gets its own replies; mode 0600")
    func twoClients() async throws {
        let path = Self.path()
        let server = try UnixSocketServer(path: path)
        var events = server.events
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)

        let first = try await runOnDedicatedThread { try UnixSocketLineClient(path: path) }
        let connected = await Self.take(1, from: &events)
        guard case .connected(let firstID) = connected.first else { Issue.record("\(connected)"); return }
        let second = try await runOnDedicatedThread { try UnixSocketLineClient(path: path) }
        let connectedSecond = await Self.take(1, from: &events)
        guard case .connected(let secondID) = connectedSecond.first else { Issue.record("\(connectedSecond)"); return }
        #expect(firstID != secondID)

        // Split across writes and joined in one: lines are reassembled either way.
        first.write(Array("al".utf8))
        second.write(Array("b1\nb2\n".utf8))
        first.write(Array("pha\n\nlast".utf8))
        let lines = await Self.take(4, from: &events)
        let firstLines = lines.compactMap { event -> String? in
            if case .line(firstID, let bytes) = event { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }
        let secondLines = lines.compactMap { event -> String? in
            if case .line(secondID, let bytes) = event { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }
        #expect(firstLines == ["alpha", ""])
        #expect(secondLines == ["b1", "b2"])

        server.send("to-first", to: firstID)
        server.send("to-second", to: secondID)
        #expect(await runOnDedicatedThread { first.readLines(1) } == ["to-first"])
        #expect(await runOnDedicatedThread { second.readLines(1) } == ["to-second"])

        // A last line without a newline counts when the client hangs up.
        first.shutdownWriting()
        let tail = await Self.take(2, from: &events)
        #expect(tail == [.line(firstID, Array("last".utf8)), .disconnected(firstID)])

        await server.close()
        #expect(await runOnDedicatedThread { second.isClosedByServer() })
        #expect(await events.next() == .disconnected(secondID))
        #expect(await events.next() == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "close() removes the socket file")
    }

    @Test("a line over the limit is refused once and dropped; the next line still arrives")
    func overlongLine() async throws {
        let path = Self.path()
        let server = try UnixSocketServer(path: path, maximumLineLength: 1000)
        var events = server.events
        let client = try await runOnDedicatedThread { try UnixSocketLineClient(path: path) }
        _ = await Self.take(1, from: &events)
        let long = [UInt8](repeating: 0x78, count: 5000)
        await runOnDedicatedThread {
            client.write(Array(long[0..<3000]))
            client.write(Array(long[3000...]) + Array("\nok\n".utf8))
        }
        let received = await Self.take(2, from: &events)
        #expect(received.count == 2)
        if case .lineTooLong = received.first {} else { Issue.record("expected lineTooLong, got \(received)") }
        if case .line(_, let bytes) = received.last {
            #expect(bytes == Array("ok".utf8))
        } else {
            Issue.record("\(received)")
        }
        await server.close()
    }

    @Test("the socket path: a stale socket is replaced, a live one and a regular file are refused and kept")
    func pathRules() async throws {
        let path = Self.path()
        // A stale socket: bound, then its server gone without removing it.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        close(stale)
        let server = try UnixSocketServer(path: path)

        // Live: refused, and the live server keeps working.
        #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: path) }
        var events = server.events
        _ = try await runOnDedicatedThread { try UnixSocketLineClient(path: path) }
        if case .connected = await events.next() {} else { Issue.record("the live server lost its socket") }
        await server.close()

        let file = Self.path()
        try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }
        #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: file) }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep")

        let long = "/tmp/" + String(repeating: "x", count: 200)
        #expect(throws: UnixSocketError.self) { try UnixSocketServer(path: long) }
    }
    @Test("the socket file appears only once it listens: a client connecting the moment it sees it is never refused")
    func appearsListening() async throws {
        let directory = "/tmp/spool-uss-dir-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/mpv.sock"
        // A client spinning on the path, as one waiting for a player's socket does: it connects
        // the moment the file is there. Bound then listening, a client between the two was refused.
        var refusals = 0
        for _ in 0..<1000 {
            let watcher = Task.detached { () -> Int32 in
                while !Task.isCancelled {
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                    defer { close(probe) }
                    var address = sockaddr_un()
                    address.sun_family = sa_family_t(AF_UNIX)
                    withUnsafeMutableBytes(of: &address.sun_path) { raw in
                        for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
                    }
                    let connected = withUnsafePointer(to: &address) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                        }
                    }
                    return connected == 0 ? 0 : errno
                }
                return -1
            }
            let server: UnixSocketServer
            do { server = try UnixSocketServer(path: path) } catch {
                watcher.cancel()
                throw error
            }
            let result = await watcher.value
            if result == ECONNREFUSED { refusals += 1 }
            #expect(result == 0, "connect: \(String(cString: strerror(result)))")
            // Nothing but the socket in its directory: the temporary name is gone.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["mpv.sock"])
            await server.close()
        }
        #expect(refusals == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
