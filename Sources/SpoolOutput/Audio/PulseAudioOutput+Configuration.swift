extension PulseAudioOutput {
    /// How a `PulseAudioOutput` presents itself to the server and where it plays.
    public struct Configuration: Sendable, Hashable {
        /// The client's `application.name` (mixers group streams under it). Default "Spool".
        public var applicationName: String
        /// The stream's name (`media.name`): what mixers list, typically the media title.
        public var streamName: String
        /// The stream's `media.role`. Default `.video`.
        public var role: PulseMediaRole
        /// The sink (device) to play on, by name; `nil` plays on the server's default sink.
        public var sink: String?
        /// The server to connect to in libpulse's syntax (`unix:/path`, `tcp:host:port`);
        /// `nil` uses libpulse's lookup (`PULSE_SERVER`, client.conf, the user's session).
        public var server: String?
        /// The longest `start` waits for the server to accept the client and open the stream
        /// before throwing `.unavailable`. Default 2 s.
        public var connectTimeout: Duration
        /// The total output latency asked of the server (`tlength`). Default 150 ms: low
        /// enough for responsive pause and seek, high enough that a busy machine refilling
        /// every ~40 ms does not underrun.
        public var targetLatency: Duration

        /// A configuration; every parameter has the default documented on its property.
        public init(
            applicationName: String = "Spool",
            streamName: String = "Playback",
            role: PulseMediaRole = .video,
            sink: String? = nil,
            server: String? = nil,
            connectTimeout: Duration = .seconds(2),
            targetLatency: Duration = .milliseconds(150)
        ) {
            self.applicationName = applicationName
            self.streamName = streamName
            self.role = role
            self.sink = sink
            self.server = server
            self.connectTimeout = connectTimeout
            self.targetLatency = targetLatency
        }

        /// The stream properties this configuration sets.
        var streamProperties: [String: String] {
            ["media.role": role.rawValue, "media.name": streamName, "application.name": applicationName]
        }
    }
}
