public import Foundation

/// One period of an MPD: a span of the presentation with its own adaptation sets.
public struct Period: Sendable, Equatable {
    /// `id`.
    public var id: String?
    /// Where the period starts on the presentation timeline, in seconds: `start`, else the end
    /// of the previous period, else 0 for the first period of a static MPD; `nil` when unknown.
    public var start: Double?
    /// How long it lasts, in seconds: `duration`, else up to the next period's start, else up
    /// to `mediaPresentationDuration`; `nil` when unknown (the live edge of a dynamic MPD).
    public var duration: Double?
    /// The period's BaseURLs, resolved against the MPD's.
    public var baseURLs: [URL]
    /// The adaptation sets in order.
    public var adaptationSets: [AdaptationSet]
    /// The `EventStream`s (timed metadata carried in the manifest).
    public var eventStreams: [EventStream]
}

/// An `EventStream` of a period: events of one scheme, times in `timescale` units relative
/// to the period start (less `presentationTimeOffset`).
public struct EventStream: Sendable, Equatable {
    /// `schemeIdUri`.
    public var schemeIDURI: String
    /// `value`.
    public var value: String?
    /// `timescale`, at least 1 (default 1).
    public var timescale: Int64
    /// `presentationTimeOffset` (default 0).
    public var presentationTimeOffset: Int64
    /// The events in order.
    public var events: [Event]

    /// One `Event`.
    public struct Event: Sendable, Equatable {
        /// `presentationTime` (default 0).
        public var presentationTime: Int64
        /// `duration`, when present.
        public var duration: Int64?
        /// `id`, when present.
        public var id: String?
        /// `messageData`, else the element's text.
        public var message: String
    }
}
