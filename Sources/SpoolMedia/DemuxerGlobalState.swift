import Foundation

/// The FFmpeg demuxers that touch process-wide state without a lock of their own, and the one
/// lock that serialises every call into a context they read.
///
/// Why: FFmpeg's DASH demuxer parses its manifest with libxml2 and then calls
/// `xmlCleanupParser()`, which frees libxml2's global parser state. Two DASH contexts at once
/// (the probe and the closed-caption scan of one input, a thumbnail beside playback) freed it
/// under each other: "double free or corruption" in 2 of 30 untimed runs of an MPD written by
/// the ffmpeg CLI. Initialising libxml2 once does not help, since every parse tears it down
/// again. Other formats never take the lock, so a slow HTTP open never waits for a DASH one.
enum DemuxerGlobalState {
    /// FFmpeg's names of the demuxers whose calls are serialised (their `read_header`, packet
    /// reads and seeks may parse XML: a live MPD is re-read while reading packets).
    static let serialisedFormats: Set<String> = ["dash"]

    /// Held across each FFmpeg call into a context of a serialised format.
    private static let lock = NSLock()

    /// Runs `body` holding the lock when `isSerialised`, else runs it directly.
    static func call<Result, Failure: Error>(
        serialised isSerialised: Bool, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard isSerialised else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
