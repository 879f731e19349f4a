extension Duration {
    /// The duration in seconds as a `Double`: the adaptive rules do rate arithmetic in floating
    /// point, where nanosecond rounding is far below anything they decide on.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// A duration of `seconds` (which must be finite), rounded to the nanosecond.
    static func secondsValue(_ seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
}
