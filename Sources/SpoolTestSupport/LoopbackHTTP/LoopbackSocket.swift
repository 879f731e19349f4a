import Foundation
import Glibc

/// Why the loopback server (or a socket helper) could not do its job.
public struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    /// The failing call and the C library's reason, e.g. "bind: Address already in use".
    public var description: String

    init(_ call: String, errno code: Int32 = errno) {
        description = "\(call): \(String(cString: strerror(code)))"
    }
}

/// The socket calls the loopback server makes, each checking errno in one place.
/// Every socket is IPv4 on 127.0.0.1 and close-on-exec.
enum LoopbackSocket {
    /// What a peer did while the server waited between throttled chunks.
    enum PeerActivity {
        case quiet
        case closed
        case sentData
    }

    /// A listening socket bound to 127.0.0.1 on an ephemeral port, and that port.
    static func listen() throws(LoopbackServerError) -> (fd: Int32, port: UInt16) {
        let fd = try boundSocket()
        guard Glibc.listen(fd, 64) == 0 else {
            let error = LoopbackServerError("listen")
            Glibc.close(fd)
            throw error
        }
        guard let port = boundAddress(of: fd)?.port else {
            let error = LoopbackServerError("getsockname")
            Glibc.close(fd)
            throw error
        }
        return (fd, port)
    }

    /// A TCP socket bound to 127.0.0.1:0 (the kernel picks the port), not listening.
    static func boundSocket() throws(LoopbackServerError) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoopbackServerError("socket") }
        var reuse: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port: 0)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = LoopbackServerError("bind")
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// The address and port `fd` is bound to, as getsockname reports them.
    static func boundAddress(of fd: Int32) -> (host: String, port: UInt16)? {
        var address = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        guard result == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil else { return nil }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (host, UInt16(bigEndian: address.sin_port))
    }

    /// Accepts one connection; `nil` when the listening socket was shut down or failed.
    /// Accepted sockets have Nagle's algorithm off so small responses are not delayed.
    static func accept(on fd: Int32) -> Int32? {
        while true {
            let connection = Glibc.accept(fd, nil, nil)
            if connection >= 0 {
                // accept4 is not visible to Swift (GNU extension), so close-on-exec is set here.
                _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
                var noDelay: Int32 = 1
                _ = setsockopt(
                    connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
                return connection
            }
            // A client that gave up before we accepted it is not the server's failure.
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// Writes all of `bytes`; `false` when the peer is gone (EPIPE, ECONNRESET) or the
    /// socket was shut down. MSG_NOSIGNAL: a client hang-up must never raise SIGPIPE,
    /// which would kill the whole test process (Linux has no SO_NOSIGPIPE).
    static func send(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.send(fd, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Writes all of `data`; see `send(_:to:)`.
    static func send(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { send($0, to: fd) }
    }

    /// Reads what is available (blocking until something is); empty at end of stream or
    /// on error, which the server treats alike: the connection is over.
    static func receive(from fd: Int32, maxLength: Int = 64 << 10) -> Data {
        var buffer = Data(count: maxLength)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, maxLength, 0) }
            if count < 0 && errno == EINTR { continue }
            buffer.count = max(0, count)
            return buffer
        }
    }

    /// Waits up to `timeout` for the peer to do something, without consuming its data:
    /// this is how a throttled send both paces itself and notices a hang-up promptly.
    /// With `watchingForData == false` only a hang-up ends the wait early (used once the
    /// peer has pipelined a request, which would otherwise wake the poll at once).
    static func waitForPeer(on fd: Int32, timeout: Duration, watchingForData: Bool = true) -> PeerActivity {
        var entry = pollfd(fd: fd, events: watchingForData ? Int16(POLLIN) : 0, revents: 0)
        let milliseconds = Int32(clamping: Int(max(0, (timeout / .milliseconds(1)).rounded(.up))))
        let ready = poll(&entry, 1, milliseconds)
        guard ready > 0 else { return .quiet }
        if entry.revents & Int16(POLLERR | POLLNVAL) != 0 { return .closed }
        var byte: UInt8 = 0
        let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked > 0 { return .sentData }
        if peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .quiet }
        return .closed
    }

    /// Wakes any thread blocked on `fd` (accept, recv, send, poll) without closing it, so
    /// the descriptor number cannot be reused while that thread still holds it.
    static func shutdown(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Waits (at most `timeout`) until every byte written to `fd` has been acknowledged by
    /// the peer (`SIOCOUTQ` is 0), so that a reset after N bytes means the peer has N bytes:
    /// closing with an RST discards whatever is still queued.
    static func waitUntilAcknowledged(_ fd: Int32, timeout: Duration) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            var queued: Int32 = 0
            // SIOCOUTQ (= TIOCOUTQ): bytes in the send queue not yet acknowledged.
            guard ioctl(fd, UInt(0x5411), &queued) == 0, queued > 0 else { return }
            if waitForPeer(on: fd, timeout: .milliseconds(2), watchingForData: false) == .closed { return }
        }
    }

    /// Makes the next `close(fd)` reset the connection (RST) instead of closing it in
    /// order (FIN): `SO_LINGER` on with a zero timeout.
    static func setResetOnClose(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Closes `fd`.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Whether a TCP connection to `host`:`port` is accepted (a blocking connect; refused
    /// and unreachable both give `false`).
    static func connects(toIPv4 host: String, port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var address = loopbackAddress(port: port)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: INADDR_LOOPBACK.bigEndian)
        return address
    }
}
