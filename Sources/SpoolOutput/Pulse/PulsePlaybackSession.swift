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
    private let configuration: PulseAudioOutput.Configuration
    private let mainloop: PulseMainloop
    private var context: PulseContext?
    private var stream: PulseStream?
    private var isStopped = false
    private var isPaused: Bool
    private var gain: Float?
    /// Bytes written since the stream opened or was flushed: the latency estimate until the
    /// server's first timing report arrives.
    private var bytesWrittenSinceFlush = 0

    /// A session that will connect on `start`, starting paused and at `gain` as asked before.
    init(configuration: PulseAudioOutput.Configuration, mainloop: PulseMainloop, paused: Bool, gain: Float?) {
        self.configuration = configuration
        self.mainloop = mainloop
        self.isPaused = paused
        self.gain = gain
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
            properties: configuration.streamProperties)
        let initialGain = gain
        try stream.connect(sink: configuration.sink, targetLatency: configuration.targetLatency, gain: initialGain)
        let sinkName = configuration.sink.map { "sink \($0)" } ?? "the default sink"
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
