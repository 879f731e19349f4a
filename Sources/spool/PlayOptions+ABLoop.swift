/// The A-B loop's option values, as mpv takes them: shared by the command line, spool.conf and
/// the IPC's `ab-loop-a`/`ab-loop-b`/`ab-loop-count` properties.
extension PlayOptions {
    /// A loop point: seconds (not negative), or `no` for none.
    static func loopPoint(_ text: String, for flag: String) throws(UsageError) -> Double? {
        if text == "no" { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            throw UsageError(description: "\(flag): '\(text)' is not a time in seconds or 'no'")
        }
        return seconds
    }

    /// A loop count: a whole number from 0, or `inf`.
    static func loopCount(_ text: String, for flag: String) throws(UsageError) -> ABLoopMachine.Count {
        if text == "inf" { return .infinite }
        guard let times = Int(text), times >= 0 else {
            throw UsageError(description: "\(flag): '\(text)' is not a whole number from 0 or 'inf'")
        }
        return .times(times)
    }
}
