internal import CPulse
internal import SpoolCore

/// Owns a `pa_stream`: one float32 (native-endian, so FLOAT32LE) playback stream on a `PulseContext`.
///
/// Not `Sendable`: every method (and `init`) must be called with the loop's lock held, which
/// `PulsePlaybackSession` guarantees. `close()` disconnects and releases the handle; `deinit`
/// does so too, taking the (recursive) lock itself.
final class PulseStream {
    /// The connection this stream belongs to; kept alive as long as the stream is.
    let context: PulseContext
    /// The sample layout of the stream.
    let format: AudioFormat
    /// `tlength` in bytes: how much audio the server keeps queued (see `connect`).
    private(set) var targetLengthBytes = 0
    /// The `pa_stream*` this object owns; `nil` after `close()`.
    private var handle: OpaquePointer?
    private var sampleSpec: pa_sample_spec
    /// The receiver of cork requests and moves, kept alive while its callbacks are registered.
    private var sessionEvents: PulseSessionEvents?

    /// Creates an unconnected stream of interleaved float samples in `format`, named `name`
    /// (mixers show it), with extra stream properties (`media.role`…). Channels are in WAVE
    /// order (FL FR FC LFE BL BR…), FFmpeg's default order. Throws `.invalid` for a rate or
    /// channel count PulseAudio cannot play.
    init(context: PulseContext, format: AudioFormat, name: String, properties: [String: String]) throws(PulseError) {
        self.context = context
        self.format = format
        sampleSpec = pa_sample_spec(
            format: cpulse_sample_float32ne(), rate: UInt32(clamping: format.sampleRate),
            channels: UInt8(clamping: format.channelCount))
        guard Self.canPlay(format) else { throw PulseError(PA_ERR_INVALID, while: "PulseAudio cannot play \(format)") }
        var channelMap = pa_channel_map()
        pa_channel_map_init_extend(&channelMap, UInt32(format.channelCount), PA_CHANNEL_MAP_WAVEEX)
        guard let contextHandle = context.rawHandle else {
            throw PulseError(PA_ERR_BADSTATE, while: "creating a stream on a closed context")
        }
        let created = PulseProperties(properties).withHandle { [sampleSpec] list in
            withUnsafePointer(to: sampleSpec) { spec in
                pa_stream_new_with_proplist(contextHandle, name, spec, &channelMap, list)
            }
        }
        guard let created else { throw context.error(while: "creating a playback stream") }
        handle = created
        let userdata = context.mainloop.callbackUserdata
        pa_stream_set_state_callback(created, { _, userdata in PulseMainloop.signal(userdata: userdata) }, userdata)
        pa_stream_set_write_callback(created, { _, _, userdata in PulseMainloop.signal(userdata: userdata) }, userdata)
    }

    deinit {
        context.mainloop.withLock { close() }
    }

    /// Connects the stream for playback to `sink` (the server's default sink when `nil`),
    /// corked: the owner uncorks it once it is ready.
    ///
    /// Buffering: `tlength` is `targetLatency` of audio — the total latency the server aims
    /// for, its own sink latency included (`PA_STREAM_ADJUST_LATENCY`: the server splits it
    /// between the sink and the stream's buffer). The server picks `minreq`, `prebuf`
    /// (playback starts once that much is queued) and `maxlength`. Timing: the client
    /// interpolates the latency between the automatic timing updates the server sends, so
    /// `latency()` is cheap and smooth.
    ///
    /// Why corked: a suspended sink resumes when an uncorked stream arrives, before the
    /// stream's latency request reaches it, and may render its idle-sized block (two seconds
    /// for PulseAudio's null sink) ahead at once — that much silence before our audio. Opening
    /// corked lets the sink learn the latency first. `gain` (linear) sets the initial volume;
    /// `nil` leaves it to the server.
    func connect(sink: String?, targetLatency: Duration, gain: Float?) throws(PulseError) {
        guard let handle else { throw PulseError(PA_ERR_BADSTATE, while: "connecting a closed stream") }
        // At least 1 ms: libpulse needs a positive target, and a negative one cannot be a usec_t.
        let targetLength = pa_usec_to_bytes(UInt64(max(targetLatency.microseconds, 1_000)), &sampleSpec)
        targetLengthBytes = targetLength
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32(clamping: targetLength), prebuf: UInt32.max,
            minreq: UInt32.max, fragsize: UInt32.max)
        let flags =
            PA_STREAM_INTERPOLATE_TIMING.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
            | PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_START_CORKED.rawValue
        var volume = pa_cvolume()
        if let gain {
            pa_cvolume_set(&volume, UInt32(format.channelCount), pa_sw_volume_from_linear(Double(gain)))
        }
        let result = withUnsafePointer(to: &volume) { volumePointer in
            pa_stream_connect_playback(
                handle, sink, &attributes, pa_stream_flags_t(flags), gain == nil ? nil : volumePointer, nil)
        }
        guard result >= 0 else { throw context.error(while: "connecting a playback stream") }
    }

    /// The stream's state (`PA_STREAM_TERMINATED` once closed).
    var state: pa_stream_state_t {
        guard let handle else { return PA_STREAM_TERMINATED }
        return pa_stream_get_state(handle)
    }

    /// The server's index of this stream (its sink input), `nil` until the stream is ready.
    var sinkInputIndex: UInt32? {
        guard let handle else { return nil }
        let index = pa_stream_get_index(handle)
        return index == cpulse_invalid_index() ? nil : index
    }

    /// How many bytes the server accepts now without overflowing `tlength`; `nil` on error.
    func writableByteCount() -> Int? {
        guard let handle else { return nil }
        let count = pa_stream_writable_size(handle)
        return count < 0 ? nil : count  // (size_t)-1 signals an error
    }

    /// Queues `bytes` (whole frames) at the write position. libpulse copies them.
    func write(_ bytes: UnsafeRawBufferPointer) throws(PulseError) {
        guard let handle, let base = bytes.baseAddress else { return }
        guard pa_stream_write(handle, base, bytes.count, nil, 0, PA_SEEK_RELATIVE) >= 0 else {
            throw context.error(while: "writing to the playback stream")
        }
    }

    /// How long until the last written sample is heard, interpolated from the server's latest
    /// timing report; `nil` before the first report arrives. Negative when the server has
    /// played past the last written sample (libpulse reports such latencies as a magnitude
    /// plus a `negative` flag; this restores the sign).
    func latency() -> Duration? {
        guard let handle else { return nil }
        var magnitudeMicroseconds: pa_usec_t = 0
        var negative: Int32 = 0
        guard pa_stream_get_latency(handle, &magnitudeMicroseconds, &negative) >= 0 else { return nil }
        let magnitude = Duration.microseconds(Int64(clamping: magnitudeMicroseconds))
        return negative != 0 ? .zero - magnitude : magnitude
    }

    /// The write index of the most recent underflow, or -1 if none happened yet.
    var lastUnderflowIndex: Int64 {
        guard let handle else { return -1 }
        return pa_stream_get_underflow_index(handle)
    }

    /// Corks (pauses) or uncorks the stream; returns at once.
    func setCorked(_ corked: Bool) {
        guard let handle, let operation = pa_stream_cork(handle, corked ? 1 : 0, nil, nil) else { return }
        pa_operation_unref(operation)
    }

    /// Starts discarding everything queued; wait on the operation for completion.
    func flush() -> PulseOperation? {
        guard let handle else { return nil }
        return PulseOperation(mainloop: context.mainloop) { pa_stream_flush(handle, $0, $1) }
    }

    /// Starts waiting for the queue to play out; wait on the operation for completion.
    func drain() -> PulseOperation? {
        guard let handle else { return nil }
        return PulseOperation(mainloop: context.mainloop) { pa_stream_drain(handle, $0, $1) }
    }

    /// Routes the server's cork requests and moves of this stream to `events`.
    func observe(_ events: PulseSessionEvents) {
        guard let handle else { return }
        sessionEvents = events
        pa_stream_set_event_callback(handle, PulseSessionEvents.streamEventCallback, events.userdata)
        pa_stream_set_moved_callback(handle, PulseSessionEvents.streamMovedCallback, events.userdata)
    }

    /// The sink the stream plays on, `nil` until the stream is ready.
    var sink: PulseSessionEvents.Sink? {
        guard let handle, state == PA_STREAM_READY else { return nil }
        let index = pa_stream_get_device_index(handle)
        guard index != cpulse_invalid_index() else { return nil }
        return PulseSessionEvents.Sink(
            index: index, name: pa_stream_get_device_name(handle).map { String(cString: $0) } ?? "")
    }

    /// Replaces the stream's properties named in `properties` (`media.role`…) on the server;
    /// returns at once. Policy modules see the new values from then on.
    func updateProperties(_ properties: [String: String]) {
        guard let handle else { return }
        let operation = PulseProperties(properties).withHandle { list in
            pa_stream_proplist_update(handle, PA_UPDATE_REPLACE, list, nil, nil)
        }
        if let operation { pa_operation_unref(operation) }
    }

    /// Disconnects and releases the stream. Idempotent.
    func close() {
        guard let handle else { return }
        self.handle = nil
        pa_stream_set_state_callback(handle, nil, nil)
        pa_stream_set_write_callback(handle, nil, nil)
        pa_stream_set_event_callback(handle, nil, nil)
        pa_stream_set_moved_callback(handle, nil, nil)
        sessionEvents = nil
        pa_stream_disconnect(handle)
        pa_stream_unref(handle)
    }
}

extension PulseStream {
    /// Whether PulseAudio can play `format` at all (rate and channel count within its limits).
    static func canPlay(_ format: AudioFormat) -> Bool {
        guard format.sampleRate <= Int(PA_RATE_MAX), format.channelCount <= Int(PA_CHANNELS_MAX) else { return false }
        var spec = pa_sample_spec(
            format: cpulse_sample_float32ne(), rate: UInt32(format.sampleRate), channels: UInt8(format.channelCount))
        return pa_sample_spec_valid(&spec) != 0
    }
}
