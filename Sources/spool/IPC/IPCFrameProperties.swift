/// The frame and A-B loop properties, mpv's names and types: `estimated-frame-number` (the
/// playhead × the frame rate, rounded), `estimated-frame-count` (the duration × the frame rate,
/// whole frames, as mpv's `get_frame_count`), `ab-loop-a`/`ab-loop-b` (seconds, or the string
/// `no`) and `ab-loop-count` (a whole number, or the string `inf`).
enum IPCFrameProperties {
    /// The value of `name` in `state`; unavailable without a file with a known frame rate.
    static func value(_ name: String, in state: IPCPlayerState) -> Result<IPCValue, IPCError> {
        switch name {
        case "estimated-frame-number":
            guard state.current != nil, let rate = state.frameRate, let position = state.position else {
                return .failure(.propertyUnavailable)
            }
            return .success(.int(Int64((position * rate).rounded())))
        case "estimated-frame-count":
            guard state.current != nil, let rate = state.frameRate, let duration = state.duration else {
                return .failure(.propertyUnavailable)
            }
            return .success(.int(Int64(duration * rate)))
        case "ab-loop-a": return .success(state.abLoopA.map(IPCValue.double) ?? .string("no"))
        case "ab-loop-b": return .success(state.abLoopB.map(IPCValue.double) ?? .string("no"))
        case "ab-loop-count":
            switch state.abLoopCount {
            case .infinite: return .success(.string("inf"))
            case .times(let times): return .success(.int(Int64(times)))
            }
        default: return .failure(.propertyNotFound)
        }
    }

    /// What writing `value` to `name` asks: a point as seconds or `no`, a count as a whole
    /// number from 0 or `inf`; anything else is mpv's "unsupported format".
    static func write(_ name: String, _ value: IPCValue) -> Result<IPCAction, IPCError> {
        let text = value.string ?? value.number.map { String($0) }
        switch name {
        case "ab-loop-a", "ab-loop-b":
            // A point may be nil (`no`): unwrapping `try?` would take that for a bad value.
            let point: Double?
            do throws(PlayOptions.UsageError) {
                guard let text else { return .failure(.propertyFormat) }
                point = try PlayOptions.loopPoint(text, for: name)
            } catch {
                return .failure(.propertyFormat)
            }
            return .success(.setLoopPoint(name == "ab-loop-a" ? .a : .b, point))
        case "ab-loop-count":
            if let number = value.number, number == number.rounded(), number >= 0, number < 1e9 {
                return .success(.setLoopCount(.times(Int(number))))
            }
            guard let text, let count = try? PlayOptions.loopCount(text, for: name) else {
                return .failure(.propertyFormat)
            }
            return .success(.setLoopCount(count))
        default: return .failure(.propertyNotFound)
        }
    }
}
