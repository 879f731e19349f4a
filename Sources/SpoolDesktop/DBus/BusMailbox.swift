import Glibc
import SpoolCore

/// Requests for the bus thread from other threads, and the pipe that wakes it.
///
/// Why not call libdbus from the sending thread: the connection's event loop is parked in
/// `poll(2)` on its own thread, and libdbus would queue a message sent from elsewhere but
/// not write it until that loop woke up. Instead every other thread posts here; the bus
/// thread drains the queue each time it wakes, so only it ever touches the connection.
final class BusMailbox<Request: Sendable>: Sendable {
    private let requests = Locked<[Request]>([])
    /// The pipe's read end, which the bus thread polls; drained by the bus thread.
    let wakeDescriptor: Int32
    /// The pipe's write end: one byte per post. Non-blocking, so a full pipe (the bus thread
    /// has not drained thousands of posts yet, and will wake anyway) never blocks a poster.
    private let wakeWriteDescriptor: Int32

    /// A mailbox with its own wake-up pipe; `nil` if the process is out of file descriptors.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = ends[0]
        wakeWriteDescriptor = ends[1]
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriteDescriptor)
    }

    /// Queues `request` and wakes the bus thread. Safe from any thread; never blocks.
    func post(_ request: Request) {
        requests.withLock { $0.append(request) }
        var byte: UInt8 = 1
        _ = write(wakeWriteDescriptor, &byte, 1)
    }

    /// Everything posted so far, oldest first (bus thread).
    func takeAll() -> [Request] {
        requests.withLock { requests in
            defer { requests.removeAll() }
            return requests
        }
    }

    /// Empties the pipe after a wake-up (bus thread).
    func drainWakeUps() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeDescriptor, &buffer, buffer.count) > 0 {}
    }
}
