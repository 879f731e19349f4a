extension Duration {
    /// The duration in seconds as a `Double`: the adaptive rules do rate arithmetic in floating
    /// point, where nanosecond rounding is far below anything they decide on.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
