internal import CPulse
internal import SpoolCore

/// The PulseAudio side of one `PulseAudioOutput`: its connection, its playback stream, and
/// the settings that outlive a stream (paused, gain).
///
/// Why unchecked sendability is sound: every stored `var`, and every call into the context
/// and stream it owns, happens inside `mainloop.withLock`. Blocking methods give the lock up
/// only inside `mainloop.wait()` and re-check everything — stopped, connection lost, stream
/// failed — after each wake-up. libpulse's callbacks never touch this object; they only
/// signal the loop, and every state change they could report (context, stream, write
/// request, operation) has such a callback, so no wait can outlive the condition it waits for.
final class PulsePlaybackSession: @unchecked Sendable {
    /// What a session is asked before it opens anything; it keeps these across streams.
    struct Settings {
        /// Whether streams open (and stay) corked.
        var paused = false
        /// The stream volume (linear), or `nil` to leave it to the server.
        var gain: Float?
        /// The audio session the stream presents; `nil` uses the configuration's role.
        var attributes: AudioSessionAttributes?
        /// The sink to play on, overriding the configuration's once the route picker chose one.
        var sink: String?
        /// Where interruptions and route changes go.
        var eventHandler: (@Sendable (AudioSessionEvent) -> Void)?
        /// Called (loop lock held) once a stream has been asked for and before the session waits
        /// for the server to open it: tests use it to act inside that window.
        var streamRequested: (@Sendable () -> Void)?
    }

    private let configuration: PulseAudioOutput.Configuration
    private let mainloop: PulseMainloop
    private var context: PulseContext?
    private var stream: PulseStream?
    private var isStopped = false
    private var isPaused: Bool
    private var gain: Float?
    private var attributes: AudioSessionAttributes?
    private var sink: String?
    /// Whether `start` is waiting for the server to open a stream (the lock is released
    /// meanwhile, and `stream` is not yet the new one).
    private var isOpeningStream = false
    private let streamRequested: (@Sendable () -> Void)?
    /// Cork requests and route changes of the current stream and connection.
    private let events = PulseSessionEvents()
    /// Bytes written since the stream opened or was flushed: the latency estimate until the
    /// server's first timing report arrives.
    private var bytesWrittenSinceFlush = 0

    /// A session that will connect on `start`, with what was asked of the output before.
    init(configuration: PulseAudioOutput.Configuration, mainloop: PulseMainloop, settings: Settings) {
        self.configuration = configuration
        self.mainloop = mainloop
        self.isPaused = settings.paused
        self.gain = settings.gain
        self.attributes = settings.attributes
        self.sink = settings.sink ?? configuration.sink
        self.streamRequested = settings.streamRequested
        events.handler = settings.eventHandler
    }

    /// The stream properties: the configuration's, with the session's role when one is set.
    private var streamProperties: [String: String] {
        configuration.streamProperties.merging(attributes?.pulseStreamProperties ?? [:]) { $1 }
    }

    /// Connects if needed and opens a stream in `format`, both within one
    /// `connectTimeout`; keeps the current stream (and what it has queued) when it is healthy
    /// and already in `format`.
    func start(format: AudioFormat) throws(AudioOutputError) {
        guard PulseStream.canPlay(format) else { throw .unsupportedFormat(format) }
        let deadline = PulseDeadline(after: configuration.connectTimeout)
        try mainloop.withLock { () throws(AudioOutputError) in
            guard !isStopped else { throw .stopped }
            if let stream, stream.format == format, stream.state == PA_STREAM_READY, context?.isGood == true {
                return
            }
            guard mainloop.startThreadIfNeeded() else {
                throw .unavailable("libpulse could not start its event thread")
            }
            let context = try connectedContext(deadline: deadline)
            stream?.close()
            stream = nil
            isOpeningStream = true
            defer {
                // A route request that waited for this stream may go on now.
                isOpeningStream = false
                mainloop.signal()
            }
            do throws(PulseError) {
                stream = try openStream(on: context, format: format, deadline: deadline)
                bytesWrittenSinceFlush = 0
            } catch {
                throw isStopped ? .stopped : .unavailable(error.description)
            }
        }
    }

    /// Writes `buffer`, waiting whenever the server's buffer is full.
    func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        let frameBytes = buffer.format.channelCount * MemoryLayout<Float>.size
        let totalBytes = buffer.frameCount * frameBytes
        // withUnsafeBytes is not typed-throws; carry the typed error out in a Result.
        let result = buffer.samples.withUnsafeBytes { samples in
            Result { () throws(AudioOutputError) in
                try mainloop.withLock { () throws(AudioOutputError) in
                    try write(
                        UnsafeRawBufferPointer(rebasing: samples[..<totalBytes]), format: buffer.format,
                        frameBytes: frameBytes)
                }
            }
        }
        try result.get()
    }

    /// The stream's latency, signed (see `PulseStream.latency()`); before the first timing
    /// report, what was written since the stream opened, capped at the target buffer.
    var latency: Duration {
        mainloop.withLock {
            guard let stream, stream.state == PA_STREAM_READY else { return .zero }
            if let latency = stream.latency() { return latency }
            let frameBytes = stream.format.channelCount * MemoryLayout<Float>.size
            let queuedBytes = min(bytesWrittenSinceFlush, stream.targetLengthBytes)
            return stream.format.duration(ofFrames: queuedBytes / frameBytes)
        }
    }

    /// Corks or uncorks the stream (and remembers it for the next stream). Returns at once.
    func setPaused(_ paused: Bool) {
        mainloop.withLock {
            isPaused = paused
            stream?.setCorked(paused)
        }
    }

    /// Sets the stream's volume on the server (and remembers it for the next stream).
    func setGain(_ gain: Float) {
        mainloop.withLock {
            self.gain = gain
            guard let context, let stream, let index = stream.sinkInputIndex else { return }
            context.setSinkInputVolume(index: index, channelCount: stream.format.channelCount, linearGain: gain)
        }
    }

    /// Discards what the server has queued and waits until it has.
    func flush() {
        mainloop.withLock {
            guard let stream, let operation = stream.flush() else { return }
            _ = try? wait(for: operation, on: stream)
            bytesWrittenSinceFlush = 0
        }
    }

    /// Waits until everything written has played. Throws if the stream fails or is stopped.
    func drain() throws(AudioOutputError) {
        try mainloop.withLock { () throws(AudioOutputError) in
            guard !isStopped else { throw .stopped }
            guard let stream else { return }
            guard let operation = stream.drain() else {
                throw .writeFailed(stream.context.error(while: "draining").description)
            }
            try wait(for: operation, on: stream)
            guard operation.succeeded else {
                throw .writeFailed(stream.context.error(while: "draining").description)
            }
        }
    }

    /// Presents the stream as `attributes` say: the next stream opens with them, and the open
    /// one has its properties replaced on the server.
    func setAttributes(_ attributes: AudioSessionAttributes) {
        mainloop.withLock {
            self.attributes = attributes
            stream?.updateProperties(attributes.pulseStreamProperties)
        }
    }

    /// Sets where interruptions and route changes go.
    func setEventHandler(_ handler: (@Sendable (AudioSessionEvent) -> Void)?) {
        mainloop.withLock { events.handler = handler }
    }

    /// The sink the stream plays on, or the one it will open on.
    var currentSinkName: String? {
        mainloop.withLock { events.sink?.name ?? sink }
    }

    /// The server's sinks, over this session's connection when it has one.
    func devices() throws(AudioOutputError) -> [AudioOutputDevice] {
        let deadline = PulseDeadline(after: configuration.connectTimeout)
        return try mainloop.withLock { () throws(AudioOutputError) -> [AudioOutputDevice] in
            guard !isStopped else { throw .stopped }
            guard mainloop.startThreadIfNeeded() else {
                throw .unavailable("libpulse could not start its event thread")
            }
            let context = try connectedContext(deadline: deadline)
            do throws(PulseError) {
                return try PulseDeviceQuery.devices(on: context, timeout: deadline.remaining)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    /// Plays on sink `name` from now on: an open stream is moved there (keeping what it has
    /// queued), waiting at most `connectTimeout` for the server to confirm. Throws
    /// `.unavailable` when the server refuses (no such sink); the route is then unchanged.
    func route(toSink name: String) throws(AudioOutputError) {
        try mainloop.withLock { () throws(AudioOutputError) in
            // A stream being opened was asked for on the old sink: wait for it and move it,
            // or the choice would be lost (the stream is not `stream` yet).
            if isOpeningStream, let context {
                _ = context.waitBounded(timeout: configuration.connectTimeout) { !isOpeningStream || isStopped }
            }
            guard !isStopped else { throw .stopped }
            guard let stream, let context, let index = stream.sinkInputIndex, let handle = context.rawHandle,
                stream.state == PA_STREAM_READY
            else {
                sink = name
                return
            }
            guard events.sink?.name != name else {
                sink = name
                return
            }
            events.isExpectingMove = true
            defer { events.isExpectingMove = false }
            guard
                let operation = PulseOperation(
                    mainloop: mainloop, start: { pa_context_move_sink_input_by_name(handle, index, name, $0, $1) })
            else { throw .unavailable(context.error(while: "moving the stream to \(name)").description) }
            let finished = context.waitBounded(timeout: configuration.connectTimeout) {
                !operation.isRunning || isStopped || !context.isGood
            }
            guard finished, operation.succeeded else {
                throw .unavailable("PulseAudio did not move the stream to sink \(name) (is there such a sink?)")
            }
            sink = name
        }
    }

    /// The server's index for the stream (its sink input), for tests and diagnostics.
    var sinkInputIndex: UInt32? { mainloop.withLock { stream?.sinkInputIndex } }

    /// Whether the server has reported an underflow on the current stream.
    var hasUnderflowed: Bool { mainloop.withLock { (stream?.lastUnderflowIndex ?? -1) >= 0 } }

    /// Closes stream and connection, wakes every waiter (which then throws `.stopped`) and
    /// stops the loop thread. Idempotent.
    func stop() {
        mainloop.withLock {
            isStopped = true
            stream?.close()
            stream = nil
            context?.close()
            context = nil
            mainloop.signal()
        }
        mainloop.stopThread()
    }

    // MARK: - Lock held

    private func connectedContext(deadline: PulseDeadline) throws(AudioOutputError) -> PulseContext {
        if let context, context.isGood { return context }
        context?.close()
        context = nil
        do throws(PulseError) {
            let context = try PulseContext(mainloop: mainloop, applicationName: configuration.applicationName)
            try context.connect(server: configuration.server, timeout: deadline.remaining) { isStopped }
            context.subscribe(events)
            self.context = context
            return context
        } catch {
            throw isStopped ? .stopped : .unavailable(error.description)
        }
    }

    private func openStream(
        on context: PulseContext, format: AudioFormat, deadline: PulseDeadline
    ) throws(PulseError) -> PulseStream {
        let stream = try PulseStream(
            context: context, format: format, name: configuration.streamName,
            properties: streamProperties)
        stream.observe(events)
        let initialGain = gain
        let sink = self.sink
        try stream.connect(sink: sink, targetLatency: configuration.targetLatency, gain: initialGain)
        streamRequested?()
        let sinkName = sink.map { "sink \($0)" } ?? "the default sink"
        let ready = try context.waitBounded(timeout: deadline.remaining) { () throws(PulseError) -> Bool in
            let state = stream.state
            if state == PA_STREAM_READY { return true }
            guard cpulse_stream_is_good(state) != 0 else {
                throw context.error(while: "opening a playback stream on \(sinkName)")
            }
            guard !isStopped else { throw PulseError(PA_ERR_BADSTATE, while: "stopped while opening a stream") }
            return false
        }
        guard ready else {
            throw PulseError(
                PA_ERR_TIMEOUT, while: "the server did not open a stream within \(configuration.connectTimeout)")
        }
        // Settings changed while the lock was released in the wait above reach the new stream.
        if let gain, gain != initialGain, let index = stream.sinkInputIndex {
            context.setSinkInputVolume(index: index, channelCount: format.channelCount, linearGain: gain)
        }
        events.streamOpened(on: stream.sink)
        // The stream opened corked (see PulseStream.connect); now the sink knows its latency.
        if !isPaused { stream.setCorked(false) }
        return stream
    }

    /// Hands `bytes` (whole frames) to the server as fast as it takes them, waiting on the loop
    /// while it has no room; each wake-up re-checks that the stream can still play.
    private func write(_ bytes: UnsafeRawBufferPointer, format: AudioFormat, frameBytes: Int) throws(AudioOutputError) {
        var offset = 0
        while true {
            let stream = try playingStream(for: format)
            guard offset < bytes.count else { return }
            guard let writable = stream.writableByteCount() else {
                throw .writeFailed(stream.context.error(while: "asking how much to write").description)
            }
            let chunk = min(writable, bytes.count - offset) / frameBytes * frameBytes
            guard chunk > 0 else {
                mainloop.wait()
                continue
            }
            do throws(PulseError) {
                try stream.write(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + chunk]))
            } catch {
                throw .writeFailed(error.description)
            }
            offset += chunk
            bytesWrittenSinceFlush += chunk
        }
    }

    /// The current stream, if it can take audio in `format`; otherwise why not.
    private func playingStream(for format: AudioFormat) throws(AudioOutputError) -> PulseStream {
        guard !isStopped else { throw .stopped }
        guard let stream else { throw .writeFailed("write before start") }
        guard stream.format == format else { throw .unsupportedFormat(format) }
        guard stream.context.isGood, stream.state == PA_STREAM_READY else {
            throw .writeFailed(stream.context.error(while: "playing").description)
        }
        return stream
    }

    /// Waits until `operation` finishes; throws when the output is stopped or the stream or
    /// connection fails first (their state callbacks wake the wait).
    private func wait(for operation: PulseOperation, on stream: PulseStream) throws(AudioOutputError) {
        while operation.isRunning {
            guard !isStopped else { throw .stopped }
            guard stream.context.isGood, stream.state == PA_STREAM_READY else {
                throw .writeFailed(stream.context.error(while: "waiting for the server").description)
            }
            mainloop.wait()
        }
    }
}
