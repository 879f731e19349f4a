extension Duration {
    /// This duration in whole microseconds (libpulse's `pa_usec_t` unit), rounded toward zero.
    var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// This duration in whole nanoseconds, rounded toward zero.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
