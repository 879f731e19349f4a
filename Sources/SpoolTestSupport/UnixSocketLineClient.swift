import Foundation
import Glibc

/// A blocking UNIX-socket client for the tests (lines out, lines in), used only on dedicated
/// threads (`runOnDedicatedThread`): every call blocks, reads for at most 20 s.
public final class UnixSocketLineClient: Sendable {
    private let descriptor: Int32

    /// Connects to the socket at `path`; throws when nothing listens there.
    public init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ToolError(description: "connect \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Sends `bytes` whole (unless the connection ends).
    public func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads until `count` lines arrived (or the connection ends or 20 s pass).
    public func readLines(_ count: Int) -> [String] {
        readLines { $0.count >= count }
    }

    /// Reads until the whole lines read so far satisfy `done` (or the connection ends or 20 s
    /// pass): for replies that arrive among events the test does not count.
    public func readLines(until done: ([String]) -> Bool) -> [String] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func lines() -> [String] {
            let complete = data.lastIndex(of: 0x0A).map { data[...$0] } ?? []
            return String(decoding: complete, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        while !done(lines()) {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { break }
            data += buffer[0..<got]
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Ends the sending side (the server reads end of file; replies still arrive).
    public func shutdownWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Whether the server closed the connection (a read returns 0).
    public func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }

    deinit { close(descriptor) }
}
