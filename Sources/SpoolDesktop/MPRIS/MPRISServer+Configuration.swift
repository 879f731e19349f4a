extension MPRISServer {
    /// How the player presents itself on the bus. Every field has a default suitable for
    /// `spool`; apps embedding Spool set their own name, identity and desktop entry.
    public struct Configuration: Sendable {
        /// The bus name's last element: `org.mpris.MediaPlayer2.<playerName>`, or
        /// `org.mpris.MediaPlayer2.<playerName>.instance<pid>` when another player has it.
        /// `playerctl -p <playerName>` finds it.
        public var playerName: String
        /// MPRIS `Identity`: the name shown to people.
        public var identity: String
        /// MPRIS `DesktopEntry`: the .desktop file's basename, if the app installs one.
        public var desktopEntry: String?
        /// MPRIS `SupportedUriSchemes`; `OpenUri` refuses other schemes.
        public var supportedURISchemes: [String]
        /// MPRIS `SupportedMimeTypes`.
        public var supportedMIMETypes: [String]
        /// The shortest time between two `PropertiesChanged` signals: a burst of changes
        /// inside it goes out as one signal carrying the latest values.
        public var propertiesChangedInterval: Duration
        /// A new `elapsedPlaybackTime` further than this (in seconds) from where playback
        /// should be is announced as a seek (the MPRIS `Seeked` signal).
        public var seekThreshold: Double
        /// The bus to connect to (a D-Bus address); `nil` for the session bus.
        public var busAddress: String?

        /// The media types FFmpeg plays that desktops commonly hand to a player.
        public static let defaultMIMETypes = [
            "audio/aac", "audio/flac", "audio/mp4", "audio/mpeg", "audio/ogg", "audio/opus", "audio/wav",
            "audio/webm", "audio/x-flac", "audio/x-matroska", "audio/x-wav", "video/mp2t", "video/mp4",
            "video/mpeg", "video/ogg", "video/quicktime", "video/webm", "video/x-matroska", "video/x-msvideo",
            "application/vnd.apple.mpegurl", "application/x-mpegurl",
        ]

        /// A configuration; see each property for what it means.
        public init(
            playerName: String = "spool", identity: String = "Spool", desktopEntry: String? = "spool",
            supportedURISchemes: [String] = ["file", "http", "https"],
            supportedMIMETypes: [String] = Configuration.defaultMIMETypes,
            propertiesChangedInterval: Duration = .milliseconds(100), seekThreshold: Double = 0.5,
            busAddress: String? = nil
        ) {
            self.playerName = playerName
            self.identity = identity
            self.desktopEntry = desktopEntry
            self.supportedURISchemes = supportedURISchemes
            self.supportedMIMETypes = supportedMIMETypes
            self.propertiesChangedInterval = propertiesChangedInterval
            self.seekThreshold = seekThreshold
            self.busAddress = busAddress
        }

        /// `org.mpris.MediaPlayer2.<playerName>`.
        var wellKnownName: String { "org.mpris.MediaPlayer2.\(playerName)" }
    }
}
