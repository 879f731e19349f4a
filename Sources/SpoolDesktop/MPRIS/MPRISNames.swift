/// The names the MPRIS specification fixes.
enum MPRISNames {
    /// The one object an MPRIS player exports.
    static let objectPath = "/org/mpris/MediaPlayer2"
    /// The root interface (identity, raise, quit).
    static let rootInterface = "org.mpris.MediaPlayer2"
    /// The player interface (transport, metadata).
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The standard properties interface.
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// The standard introspection interface.
    static let introspectableInterface = "org.freedesktop.DBus.Introspectable"
    /// The standard ping interface (libdbus answers it itself).
    static let peerInterface = "org.freedesktop.DBus.Peer"
    /// The track ID meaning "no track" (the one path under /org/mpris a player may use).
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    /// Where Spool's track IDs live (outside /org/mpris, which the specification reserves).
    static let trackPathPrefix = "/org/spool/track/"
}
