internal import CPulse
internal import SpoolCore

/// Turns what the server tells one playback session — cork requests on its stream, sinks
/// appearing and going, the default sink changing — into audio-session events.
///
/// Not `Sendable`: libpulse calls the callbacks below on the loop thread with the loop's lock
/// held, and the owning session touches this object only inside `mainloop.withLock`. The
/// stream and context that register the callbacks hold this object strongly until they have
/// unregistered them (`close()`), so the unretained user data never dangles.
final class PulseSessionEvents {
    /// A sink as the stream saw it.
    struct Sink: Equatable {
        /// The server's index of the sink.
        let index: UInt32
        /// The sink's name.
        let name: String
    }

    /// Receives the events; called on the loop thread, lock held, so it must return at once.
    var handler: (@Sendable (AudioSessionEvent) -> Void)?
    /// The sink the stream plays on now.
    private(set) var sink: Sink?
    /// The sink the server moved the stream away from without being asked, until the server
    /// reports whether that sink was removed (the stream moves before the removal is announced).
    private var movedFrom: Sink?
    /// Whether Spool asked the server to move the stream, so the next move is an override.
    var isExpectingMove = false
    /// The server's default sink as last reported; `nil` before the first report.
    private var defaultSinkName: String?

    /// The user data to register with the callbacks: this object, unretained.
    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseSessionEvents? {
        userdata.map { Unmanaged<PulseSessionEvents>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Records where a freshly opened stream plays.
    func streamOpened(on sink: Sink?) {
        self.sink = sink
        movedFrom = nil
    }

    private func emit(_ event: AudioSessionEvent) {
        handler?(event)
    }

    // MARK: - Callbacks (loop thread, lock held)

    /// `pa_stream_event_cb_t`: policy modules ask streams to cork and uncork by event name.
    static let streamEventCallback: pa_stream_event_cb_t = { _, name, _, userdata in
        guard let events = from(userdata), let name else { return }
        switch String(cString: name) {
        case "request-cork": events.emit(.interruption(.began, options: []))
        case "request-uncork": events.emit(.interruption(.ended, options: .shouldResume))
        default: break
        }
    }

    /// `pa_stream_notify_cb_t` for moves: the server moved the stream to another sink.
    static let streamMovedCallback: pa_stream_notify_cb_t = { stream, userdata in
        guard let events = from(userdata), let stream else { return }
        let index = pa_stream_get_device_index(stream)
        let name = pa_stream_get_device_name(stream).map { String(cString: $0) } ?? ""
        events.streamMoved(to: Sink(index: index, name: name))
    }

    /// `pa_context_subscribe_cb_t`: sinks removed, server defaults changed.
    static let subscriptionCallback: pa_context_subscribe_cb_t = { context, type, index, userdata in
        guard let events = from(userdata) else { return }
        let facility = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        let kind = type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
        if facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue, kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue {
            events.sinkRemoved(index: index)
        } else if facility == PA_SUBSCRIPTION_EVENT_SERVER.rawValue, let context {
            events.requestServerInfo(on: context)
        }
    }

    /// `pa_server_info_cb_t`: the answer to `requestServerInfo`.
    private static let serverInfoCallback: pa_server_info_cb_t = { _, info, userdata in
        guard let events = from(userdata), let info, let name = info.pointee.default_sink_name else { return }
        events.defaultSinkReported(String(cString: name))
    }

    /// Asks for the server's defaults; the answer arrives in `serverInfoCallback`. The
    /// operation is released at once: libpulse still calls back, or cancels it with the context.
    func requestServerInfo(on context: OpaquePointer) {
        if let operation = pa_context_get_server_info(context, Self.serverInfoCallback, userdata) {
            pa_operation_unref(operation)
        }
    }

    // MARK: - Interpretation

    private func streamMoved(to newSink: Sink) {
        let oldSink = sink
        sink = newSink
        guard let oldSink, oldSink != newSink else { return }
        if isExpectingMove {
            isExpectingMove = false
            emit(.routeChange(.override, previousDevice: oldSink.name))
        } else {
            movedFrom = oldSink
        }
    }

    private func sinkRemoved(index: UInt32) {
        if let movedFrom, movedFrom.index == index {
            self.movedFrom = nil
            emit(.routeChange(.oldDeviceUnavailable, previousDevice: movedFrom.name))
        } else if let sink, sink.index == index {
            // Announced before the move (or the stream is about to be killed): the next move
            // is the rescue, not news.
            self.sink = nil
            emit(.routeChange(.oldDeviceUnavailable, previousDevice: sink.name))
        }
    }

    private func defaultSinkReported(_ name: String) {
        defer { defaultSinkName = name }
        guard let previous = defaultSinkName, previous != name else { return }
        emit(.routeChange(.newDeviceAvailable, previousDevice: sink?.name ?? previous))
    }
}
