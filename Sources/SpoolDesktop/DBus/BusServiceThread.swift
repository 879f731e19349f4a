import Foundation
import SpoolCore

/// A bus service that runs on a thread of its own: created there, run there, released there.
protocol BusThreadService: AnyObject {
    /// The name clients reach the service by.
    var busName: String { get }
    /// The service's event loop; returns when the service stopped or lost the bus.
    func run()
}

/// Starts bus services on their own threads, so that libdbus's blocking calls and `poll`
/// never run on the main actor or the cooperative pool.
enum BusServiceThread {
    /// Makes the service with `makeService` on a new thread called `name`, then runs it
    /// there. Returns the service's bus name as soon as it is made (clients can reach it), or
    /// the error `makeService` threw, the thread then having ended. However the thread ends,
    /// `finished` runs on it as its last step but one, and then `lifecycle` reports it done.
    static func start(
        name: String, lifecycle: BusThreadLifecycle, finished: @escaping @Sendable () -> Void,
        makeService: @escaping @Sendable () throws(DBusError) -> any BusThreadService
    ) async -> Result<String, DBusError> {
        await withCheckedContinuation { started in
            SpoolThread.start(name) {
                defer {
                    finished()
                    lifecycle.finish()
                }
                let service: any BusThreadService
                do throws(DBusError) {
                    service = try makeService()
                } catch {
                    started.resume(returning: .failure(error))
                    return
                }
                started.resume(returning: .success(service.busName))
                service.run()
            }
        }
    }
}
