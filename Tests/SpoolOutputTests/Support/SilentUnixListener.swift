import Foundation
import Glibc

/// A Unix socket that listens but never accepts or answers: a "server" that hangs.
///
/// Clients connect (the kernel queues them in the backlog) and then wait forever for a
/// reply, which is how a stuck PulseAudio daemon looks to libpulse.
final class SilentUnixListener {
    /// The socket's path; libpulse's server string is `unix:` + path.
    let path: String
    private let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appending(component: "spool-silent-\(UUID().uuidString.prefix(8)).sock").path(percentEncoded: false)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw ExternalToolError(description: "socket: \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (offset, byte) in pathBytes.prefix(buffer.count - 1).enumerated() { buffer[offset] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ExternalToolError(description: "bind/listen \(path): \(reason)")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
