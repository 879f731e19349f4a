public import SpoolCore

/// The audio session on PulseAudio: the session's category becomes the stream's `media.role`,
/// cork and uncork requests from the server's policy modules become interruptions, and sinks
/// going away or the default sink changing become route changes.
extension PulseAudioOutput: RoutableAudioOutput {
    /// Presents the stream as `attributes` say (`media.role` and `spool.audio-session.*`):
    /// before `start` for the stream it opens, afterwards by updating the open stream.
    public func setSessionAttributes(_ attributes: AudioSessionAttributes) {
        updateSession({ $0.attributes = attributes }, open: { $0.setAttributes(attributes) })
    }

    /// Reports interruptions (cork and uncork requests) and route changes (our sink removed,
    /// the default sink changed, our own moves) to `handler`, on libpulse's thread.
    public func setSessionEventHandler(_ handler: (@Sendable (AudioSessionEvent) -> Void)?) {
        updateSession({ $0.eventHandler = handler }, open: { $0.setEventHandler(handler) })
    }

    /// The sink the stream plays on (the server's choice once open), or the one it will open on.
    public var currentDeviceName: String? {
        switch phaseSnapshot {
        case .idle(let settings): settings.sink ?? configuration.sink
        case .open(let session): session.currentSinkName
        case .stopped: nil
        }
    }

    /// The server's sinks, with their descriptions and which is the default; over the output's
    /// own connection once started, otherwise over a short-lived one. Blocks up to about
    /// `Configuration.connectTimeout`.
    public func availableDevices() throws(AudioOutputError) -> [AudioOutputDevice] {
        switch phaseSnapshot {
        case .open(let session): try session.devices()
        case .stopped: throw .stopped
        case .idle: try Self.availableDevices(server: configuration.server, timeout: configuration.connectTimeout)
        }
    }

    /// Plays on sink `name`: an open stream moves there at once (the session then reports a
    /// route change with reason `override`); otherwise the next stream opens there, once the
    /// server confirms the sink exists. Blocks up to about `Configuration.connectTimeout`;
    /// throws `.unavailable` for a sink the server does not have.
    public func route(toDevice name: String) throws(AudioOutputError) {
        switch phaseSnapshot {
        case .open(let session):
            try session.route(toSink: name)
        case .stopped:
            throw .stopped
        case .idle:
            let devices = try Self.availableDevices(server: configuration.server, timeout: configuration.connectTimeout)
            guard devices.contains(where: { $0.name == name }) else {
                throw .unavailable("no PulseAudio sink named \(name)")
            }
            updateSession({ $0.sink = name }, open: { try? $0.route(toSink: name) })
        }
    }

    /// The sinks of the server at `server` (libpulse's default lookup when `nil`), over a
    /// connection made for the purpose. Blocks up to about `timeout`: call it off the
    /// cooperative pool. The command line lists these for `--audio-device`.
    public static func availableDevices(server: String? = nil, timeout: Duration = .seconds(2))
        throws(AudioOutputError) -> [AudioOutputDevice]
    {
        let output = PulseAudioOutput(configuration: Configuration(server: server, connectTimeout: timeout))
        defer { output.stop() }
        let session = try output.phase.withLock { (phase) throws(AudioOutputError) -> PulsePlaybackSession in
            try output.openSession(&phase, settings: PulsePlaybackSession.Settings())
        }
        return try session.devices()
    }
}
