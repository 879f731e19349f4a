/// The delay options' values, as mpv takes them: shared by the command line, spool.conf and the
/// IPC's `audio-delay`/`sub-delay` properties.
extension PlayOptions {
    /// A delay: seconds, negative or positive, within a day.
    static func delay(_ text: String, for flag: String) throws(UsageError) -> Double {
        guard let seconds = Double(text), seconds.isFinite, abs(seconds) <= 86_400 else {
            throw UsageError(description: "\(flag): '\(text)' is not a time in seconds")
        }
        return seconds
    }
}
