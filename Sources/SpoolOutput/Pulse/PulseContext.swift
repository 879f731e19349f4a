internal import CPulse

/// Owns a `pa_context`: one connection to a PulseAudio server, attached to a `PulseMainloop`.
///
/// Not `Sendable`: every method (and `init`) must be called with the loop's lock held. The
/// owner (`PulsePlaybackSession`, `PulseServerProbe`) guarantees that. `close()` disconnects
/// and releases the handle; `deinit` does so too, taking the (recursive) lock itself.
final class PulseContext {
    /// The loop this context runs on; kept alive as long as the context is.
    let mainloop: PulseMainloop
    /// The `pa_context*` this object owns; `nil` after `close()`.
    private var handle: OpaquePointer?
    /// The receiver of sink and server changes, kept alive while its callback is registered.
    private var sessionEvents: PulseSessionEvents?

    /// Creates an unconnected context whose `application.name` is `applicationName`.
    init(mainloop: PulseMainloop, applicationName: String) throws(PulseError) {
        self.mainloop = mainloop
        let properties = PulseProperties(["application.name": applicationName])
        guard let api = mainloop.api,
            let handle = properties.withHandle({ pa_context_new_with_proplist(api, applicationName, $0) })
        else { throw PulseError(PA_ERR_INTERNAL, while: "creating a PulseAudio context") }
        self.handle = handle
        pa_context_set_state_callback(
            handle, { _, userdata in PulseMainloop.signal(userdata: userdata) }, mainloop.callbackUserdata)
    }

    deinit {
        mainloop.withLock { close() }
    }

    /// The handle, for the wrappers in this module; `nil` once closed.
    var rawHandle: OpaquePointer? { handle }

    /// Whether the connection is usable or still being set up (not failed, not closed).
    var isGood: Bool {
        guard let handle else { return false }
        return cpulse_context_is_good(pa_context_get_state(handle)) != 0
    }

    /// The error funnel: libpulse's last error on this context, with what Spool was doing.
    func error(while action: String) -> PulseError {
        guard let handle else { return PulseError(PA_ERR_BADSTATE, while: action) }
        return PulseError(code: pa_context_errno(handle), while: action)
    }

    /// Connects to `server` (libpulse's default lookup — `PULSE_SERVER`, client.conf, the
    /// user's runtime socket — when `nil`), never autospawning a daemon, and waits until the
    /// server has accepted the client. Throws `.timeout` when `timeout` passes first, so a
    /// server that accepts the socket but never answers cannot hang the caller, and stops
    /// waiting (throwing `.badState`) as soon as `shouldStop` returns `true`.
    func connect(server: String?, timeout: Duration, shouldStop: () -> Bool) throws(PulseError) {
        let serverName = server ?? "the default PulseAudio server"
        guard let handle, pa_context_connect(handle, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw error(while: "connecting to \(serverName)")
        }
        let connected = try waitBounded(timeout: timeout) { () throws(PulseError) -> Bool in
            let state = pa_context_get_state(handle)
            if state == PA_CONTEXT_READY { return true }
            guard cpulse_context_is_good(state) != 0 else { throw error(while: "connecting to \(serverName)") }
            guard !shouldStop() else { throw PulseError(PA_ERR_BADSTATE, while: "stopped while connecting") }
            return false
        }
        guard connected else {
            throw PulseError(PA_ERR_TIMEOUT, while: "no answer from \(serverName) within \(timeout)")
        }
    }

    /// Waits on the loop until `isDone` returns `true` (then returns `true`) or `timeout`
    /// passes (then `false`). A time event on the loop wakes the wait at the deadline, so the
    /// bound holds even when nothing else happens. Call with the lock held exactly once.
    func waitBounded<Failure: Error>(
        timeout: Duration, until isDone: () throws(Failure) -> Bool
    ) throws(Failure) -> Bool {
        guard let handle else { return try isDone() }
        let deadline = PulseDeadline(after: timeout)
        let timer = pa_context_rttime_new(
            handle, deadline.microseconds, { _, _, _, userdata in PulseMainloop.signal(userdata: userdata) },
            mainloop.callbackUserdata)
        defer {
            if let timer, let free = mainloop.api?.pointee.time_free { free(timer) }
        }
        while true {
            if try isDone() { return true }
            if deadline.remaining == .zero { return false }
            mainloop.wait()
        }
    }

    /// Asks the server to set a sink input's volume (linear gain per channel) and returns at
    /// once; the server applies it within a round trip. Failures are ignored: volume is
    /// advisory and the stream's own state reports a dead connection.
    func setSinkInputVolume(index: UInt32, channelCount: Int, linearGain: Float) {
        guard let handle else { return }
        var volume = pa_cvolume()
        pa_cvolume_set(&volume, UInt32(channelCount), pa_sw_volume_from_linear(Double(linearGain)))
        if let operation = pa_context_set_sink_input_volume(handle, index, &volume, nil, nil) {
            pa_operation_unref(operation)
        }
    }

    /// Reports sink and server changes to `events` from now on, and asks for the server's
    /// current defaults so that a later change of the default sink can be told apart.
    func subscribe(_ events: PulseSessionEvents) {
        guard let handle else { return }
        sessionEvents = events
        pa_context_set_subscribe_callback(handle, PulseSessionEvents.subscriptionCallback, events.userdata)
        let mask = PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SERVER.rawValue
        if let operation = pa_context_subscribe(handle, pa_subscription_mask_t(mask), nil, nil) {
            pa_operation_unref(operation)
        }
        events.requestServerInfo(on: handle)
    }

    /// Disconnects and releases the context. Idempotent.
    func close() {
        guard let handle else { return }
        self.handle = nil
        pa_context_set_state_callback(handle, nil, nil)
        pa_context_set_subscribe_callback(handle, nil, nil)
        sessionEvents = nil
        pa_context_disconnect(handle)
        pa_context_unref(handle)
    }
}
