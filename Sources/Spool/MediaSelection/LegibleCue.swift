public import SpoolCore

/// One subtitle cue delivered to a `PlayerItemLegibleOutput`: text to show from `start` to
/// `end` on the item's timeline (the times `Player.currentTime()` reports).
public struct LegibleCue: Sendable, Hashable {
    /// When the cue appears, on the item's timeline.
    public var start: MediaTime
    /// When it disappears; never before `start`.
    public var end: MediaTime
    /// The text, lines joined with "\n", markup (`<i>`, `<c.x>`) kept as written.
    public var text: String
    /// WebVTT cue settings as written (`line`, `position`, `align`…); empty for SRT.
    public var settings: [String: String]

    /// A cue.
    public init(start: MediaTime, end: MediaTime, text: String, settings: [String: String] = [:]) {
        self.start = start
        self.end = end
        self.text = text
        self.settings = settings
    }
}
