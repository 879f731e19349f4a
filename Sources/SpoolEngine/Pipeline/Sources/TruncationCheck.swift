import SpoolCore

/// Tells, at the end of a file, whether the file ends before its media does — a download
/// cut short, a copy interrupted — so the item fails to play to its end instead of
/// pretending it finished (issue 3; mpv and ffplay just stop).
///
/// Two signs, both cheap and both silent in FFmpeg:
/// - the container states a duration (a header or index: MP4, Matroska, FLAC…) and the
///   packets read end well before it;
/// - an MPEG transport stream whose end is not a whole number of transport packets (188, 192
///   or 204 bytes) after the last packet read: it was cut inside one. Counted from that
///   packet, not from the start of the file: garbage a stream picked up on the way (which
///   the demuxer resynchronises after) shifts every later packet, and a complete file with
///   1000 bytes of it inside is not cut. A transport stream cut exactly on a packet boundary
///   is a valid, shorter stream; nothing can tell it apart.
struct TruncationCheck {
    /// Where the timeline starts; the stated duration counts from here.
    let startTime: MediaTime
    /// The stated duration, or `nil` when the container states none (FFmpeg estimated it).
    let declaredDuration: MediaTime?
    /// FFmpeg's name of the container format.
    let formatName: String
    /// The file's length in bytes, when known.
    let byteLength: Int64?
    /// The latest end (start + duration) the played tracks state, when they do.
    let declaredStreamEnd: MediaTime?

    /// The latest end (presentation time + duration) of the packets read so far.
    private(set) var mediaEnd: MediaTime = .invalid
    /// The furthest byte position a packet read so far starts at, when the demuxer says.
    private(set) var lastPacketPosition: Int64?

    init(
        startTime: MediaTime, declaredDuration: MediaTime?, formatName: String, byteLength: Int64?,
        declaredStreamEnd: MediaTime? = nil
    ) {
        self.declaredStreamEnd = declaredStreamEnd
        self.startTime = startTime
        self.declaredDuration = declaredDuration
        self.formatName = formatName
        self.byteLength = byteLength
    }

    /// Notes a packet read: where its content starts (presentation, else decode time), how
    /// long it lasts, and where in the input it starts (`bytePosition`, when known).
    mutating func note(
        presentationTime: MediaTime, decodeTime: MediaTime, duration: MediaTime, bytePosition: Int64? = nil
    ) {
        if let bytePosition, bytePosition > lastPacketPosition ?? -1 { lastPacketPosition = bytePosition }
        let start = presentationTime.isNumeric ? presentationTime : decodeTime
        guard start.isNumeric else { return }
        let end = duration.isNumeric ? start + duration : start
        if !mediaEnd.isNumeric || end > mediaEnd { mediaEnd = end }
    }

    /// Why the file ends early, or `nil` when nothing says it does. Call at the end of file.
    func earlyEnd() -> String? {
        if formatName == "mpegts", let byteLength, byteLength > 0,
            Self.transportPacketSizes.allSatisfy({ (byteLength - min(lastPacketPosition ?? 0, byteLength)) % $0 != 0 })
        {
            return "the file ends early: it stops inside a transport packet (\(byteLength) bytes)"
        }
        guard let declaredDuration, declaredDuration.isNumeric, declaredDuration > .zero, mediaEnd.isNumeric
        else { return nil }
        let origin = startTime.isNumeric ? startTime : .zero
        let played = (mediaEnd - origin).seconds
        let stated = declaredDuration.seconds
        // Headers round, and edit lists or encoder priming shift a track's end a little;
        // a real cut loses far more than this.
        let tolerance = max(Self.minimumMissingSeconds, stated * Self.minimumMissingFraction)
        guard stated - played > tolerance else { return nil }
        // The tracks' own stated ends, where they are known, are what the media must reach:
        // an MP4 whose edit list starts with an empty edit states the whole duration from
        // time zero (ffmpeg: start 10 s, duration 14 s for 4 s of media), its track 10…14 s.
        if let declaredStreamEnd, declaredStreamEnd.isNumeric, (declaredStreamEnd - mediaEnd).seconds <= tolerance {
            return nil
        }
        return "the file ends early: its media stops at \(Self.format(played)) of \(Self.format(stated))"
    }

    static let transportPacketSizes: [Int64] = [188, 192, 204]
    static let minimumMissingSeconds = 0.5
    static let minimumMissingFraction = 0.01

    private static func format(_ seconds: Double) -> String {
        let tenths = Int((max(seconds, 0) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
