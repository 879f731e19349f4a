internal import CPulse

/// Owns a `pa_operation*` started with a success callback, and the callback's result.
///
/// Not `Sendable`: used only with the loop's lock held. The success callback writes into a
/// heap cell this object owns; libpulse never calls it after the operation has finished or
/// been cancelled, and `deinit` cancels a still-running operation before freeing the cell, so
/// the callback can never write into freed memory.
final class PulseOperation {
    /// What the success callback receives as user data.
    private struct Completion {
        /// The loop to signal (`PulseMainloop.callbackUserdata`).
        let mainloopUserdata: UnsafeMutableRawPointer
        /// libpulse's success flag once the callback ran: 1 for success, 0 for failure.
        var success: Int32?
    }

    private let mainloop: PulseMainloop
    /// The operation this object owns (one reference), released in `deinit`.
    private let handle: OpaquePointer
    /// Allocated in `init`, freed in `deinit`, written only by the callback (on the loop thread,
    /// lock held) and read only with the lock held.
    private let completion: UnsafeMutablePointer<Completion>

    /// Starts an operation: `start` receives the success callback and its user data, and
    /// returns libpulse's operation (or `nil` when libpulse refused to start it).
    init?(
        mainloop: PulseMainloop,
        start: (pa_stream_success_cb_t, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        let completion = UnsafeMutablePointer<Completion>.allocate(capacity: 1)
        completion.initialize(to: Completion(mainloopUserdata: mainloop.callbackUserdata))
        let callback: pa_stream_success_cb_t = { _, success, userdata in
            guard let cell = userdata?.assumingMemoryBound(to: Completion.self) else { return }
            cell.pointee.success = success
            PulseMainloop.signal(userdata: cell.pointee.mainloopUserdata)
        }
        guard let handle = start(callback, UnsafeMutableRawPointer(completion)) else {
            completion.deinitialize(count: 1)
            completion.deallocate()
            return nil
        }
        self.mainloop = mainloop
        self.handle = handle
        self.completion = completion
        // Cancellation (for example when the connection dies) wakes waiters too.
        pa_operation_set_state_callback(
            handle, { _, userdata in PulseMainloop.signal(userdata: userdata) }, mainloop.callbackUserdata)
    }

    deinit {
        mainloop.withLock {
            pa_operation_set_state_callback(handle, nil, nil)
            if pa_operation_get_state(handle) == PA_OPERATION_RUNNING {
                pa_operation_cancel(handle)
            }
            pa_operation_unref(handle)
        }
        completion.deinitialize(count: 1)
        completion.deallocate()
    }

    /// Whether the server has not answered yet (and the operation was not cancelled).
    var isRunning: Bool { pa_operation_get_state(handle) == PA_OPERATION_RUNNING }

    /// Whether the server reported success.
    var succeeded: Bool { completion.pointee.success == 1 }
}
