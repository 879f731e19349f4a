import Glibc
import SpoolCore

/// The listening socket of a `UnixSocketServer`: bound, mode 0600, listening, non-blocking.
///
/// Ownership: `bind` returns the only owner of `descriptor`; the server thread's loop takes it
/// over and calls `close()` once, which also removes the socket file when it is still the one
/// bound here (same device and inode), so a newer server's socket at the path is never removed.
struct UnixSocketListener: Sendable {
    let descriptor: Int32
    let path: String
    private let device: UInt64
    private let inode: UInt64

    /// Binds `path`, replacing only a stale socket there. The socket appears at `path` only
    /// once it listens: it is bound under a temporary name beside it, set up, and then linked
    /// to `path`. Why: a client that waits for the file and then connects (the usual way to
    /// wait for an IPC server, mpv's clients included) was refused (`ECONNREFUSED`) when it
    /// came between bind(2) and listen(2), once in five runs under load.
    static func bind(path: String) throws(UnixSocketError) -> UnixSocketListener {
        guard !path.isEmpty else { throw UnixSocketError(description: "the IPC socket path is empty") }
        _ = try socketAddress(path)
        // Where the temporary name would not fit a socket address, bound at `path` directly.
        let temporary = temporaryPath(beside: path)
        let bindPath = (try? socketAddress(temporary)) != nil ? temporary : path
        var address = try socketAddress(bindPath)
        try removeStaleSocket(at: path)
        if bindPath != path { unlink(bindPath) }
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure("cannot create a socket", path) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let error = failure("cannot bind", path)
            Glibc.close(descriptor)
            throw error
        }
        // Narrowed before listen(2) and before it is at `path`: nobody can connect with the
        // umask's mode.
        var info = stat()
        guard chmod(bindPath, 0o600) == 0, lstat(bindPath, &info) == 0, listen(descriptor, 64) == 0 else {
            let error = failure("cannot set up", path)
            Glibc.close(descriptor)
            unlink(bindPath)
            throw error
        }
        guard bindPath != path else {
            return UnixSocketListener(
                descriptor: descriptor, path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
        // link(2), not rename(2): a socket another server put at `path` meanwhile is refused,
        // never replaced.
        let linked = link(bindPath, path) == 0
        let linkError = linked ? nil : failure("cannot bind", path)
        unlink(bindPath)
        if let linkError {
            Glibc.close(descriptor)
            throw linkError
        }
        return UnixSocketListener(
            descriptor: descriptor, path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// A short name in `path`'s directory (the same file system, for link(2)), unique to this
    /// process and call.
    private static func temporaryPath(beside path: String) -> String {
        let serial = temporarySerial.withLock { serial in
            serial += 1
            return serial
        }
        let name = ".spool-ipc-\(getpid())-\(serial)"
        guard let slash = path.lastIndex(of: "/") else { return name }
        return path[...slash] + name
    }

    private static let temporarySerial = Locked(0)

    /// Closes the socket and removes its file if it is still ours.
    func close() {
        Glibc.close(descriptor)
        var info = stat()
        if lstat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode {
            unlink(path)
        }
    }

    private static func socketAddress(_ path: String) throws(UnixSocketError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity, !bytes.contains(0) else {
            throw UnixSocketError(
                description: "\(path): a UNIX socket path must be shorter than \(capacity) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }

    /// A socket nobody listens on is left over from a run that died: removed. A live socket or
    /// anything else is refused.
    private static func removeStaleSocket(at path: String) throws(UnixSocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw UnixSocketError(description: "\(path) exists and is not a socket; not replacing it")
        }
        var address = try socketAddress(path)
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw failure("cannot create a socket", path) }
        defer { Glibc.close(probe) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if connected == 0 {
            throw UnixSocketError(description: "\(path): another program is listening on this socket")
        }
        guard errno == ECONNREFUSED, unlink(path) == 0 || errno == ENOENT else {
            throw failure("cannot replace the stale socket", path)
        }
    }

    /// Non-blocking and close-on-exec (accept(2) and pipe(2) give neither; accept4 and pipe2 are
    /// not in Swift's Glibc module).
    static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func failure(_ what: String, _ path: String) -> UnixSocketError {
        UnixSocketError(description: "\(path): \(what) (\(String(cString: strerror(errno))))")
    }
}

/// A pipe that wakes the server thread's `poll(2)` (Swift's Glibc module has no eventfd).
/// Owns both descriptors for the server's life (closed when the server is released, after its
/// thread has ended).
final class UnixSocketWake: Sendable {
    /// The end `poll` watches.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws(UnixSocketError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw UnixSocketError(description: "cannot create a pipe (\(String(cString: strerror(errno))))")
        }
        for end in ends { UnixSocketListener.makeNonBlocking(end) }
        (descriptor, writeEnd) = (ends[0], ends[1])
    }

    /// Makes the next (or current) poll return. A full pipe already wakes it.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Clears the signal (server thread).
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &bytes, bytes.count) > 0 {}
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }
}
