/// Remembers whether any of the last few decoded pictures was damaged.
///
/// "Last few" rather than "last": with B-frames the picture decoded from the final packet
/// can be shown a few pictures before the stream's last one, so the damage of a cut-off packet
/// surfaces within the decoder's reordering depth of the end.
struct RecentCorruption {
    /// How many of the latest pictures count (H.264 and HEVC reorder at most a handful).
    static let window = 4
    private var flags: [Bool] = []

    /// Notes the next picture.
    mutating func note(_ isCorrupt: Bool) {
        flags.append(isCorrupt)
        if flags.count > Self.window { flags.removeFirst() }
    }

    /// Whether a damaged picture is among the latest `window`.
    var isSet: Bool { flags.contains(true) }
}
