/// mpv's A-B loop as a state machine: events in (the points and count set, the playhead's
/// position while playing, seeks), actions out (the exact seek back to A). No clock and no
/// player: `ABLoopFollower` feeds it the player's periodic time observer, and tests feed it
/// positions by hand.
///
/// mpv's rules (player/playloop.c, misc.c): the loop is on when A and B are both set, differ,
/// and loops remain (`ab-loop-count` is not 0); A after B is swapped. Reaching B loops only when
/// the playhead was at or before B when it last moved there by a seek or the points changed
/// (mpv's `ab_loop_clip`), so a seek past B plays on. Each jump back uses up one loop of a
/// finite count; the jump that uses the last one still happens.
struct ABLoopMachine: Equatable, Sendable {
    /// How many times to jump back: `ab-loop-count`.
    enum Count: Equatable, Sendable {
        case infinite
        case times(Int)
    }

    /// What happened.
    enum Event: Equatable, Sendable {
        /// `ab-loop-a` set (nil: `no`).
        case setA(Double?)
        /// `ab-loop-b` set (nil: `no`).
        case setB(Double?)
        case setCount(Count)
        /// The `ab-loop` command (the `l` key) with the playhead at `position`: sets A, then B,
        /// then clears both, as mpv's.
        case mark(at: Double)
        /// The playhead is at `position` while playing.
        case position(Double)
        /// The playhead moved to `position` by a seek (or a new file started there).
        case seeked(to: Double)
        /// The playhead is at `position`, told before the points or the count change (it is
        /// followed only while the loop is on): where the loop decides whether to clip.
        case located(at: Double)
    }

    /// What the player must do.
    enum Action: Equatable, Sendable {
        /// Seek exactly to `seconds` (A).
        case seek(to: Double)
    }

    private(set) var a: Double?
    private(set) var b: Double?
    private(set) var count: Count = .infinite
    /// The playhead was at or before B when it last jumped or the points changed.
    private(set) var isClipping = false
    /// A jump back was asked for and its seek has not been reported yet: positions until
    /// then are from before it.
    private(set) var isJumping = false
    /// Where the playhead was last reported.
    private(set) var lastPosition: Double?

    /// The loop's start and end, in order, while the loop is on.
    var points: (start: Double, end: Double)? {
        guard let a, let b, a != b, count != .times(0) else { return nil }
        return (min(a, b), max(a, b))
    }

    /// Takes `event`; returns what to do now.
    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .setA(let seconds): a = seconds
        case .setB(let seconds): b = seconds
        case .setCount(let newCount): count = newCount
        case .mark(let position):
            lastPosition = position
            if a == nil {
                a = position
            } else if b == nil {
                b = position
            } else {
                (a, b) = (nil, nil)
            }
        case .seeked(let position):
            lastPosition = position
            isJumping = false
        case .located(let position):
            lastPosition = position
            return []
        case .position(let position):
            let isFirst = lastPosition == nil
            lastPosition = position
            // The first position known is where playback started: mpv decides there too.
            if isFirst { updateClipping() }
            guard !isJumping, isClipping, let points, position >= points.end else { return [] }
            if case .times(let left) = count, left > 0 { count = .times(left - 1) }
            isJumping = true
            return [.seek(to: points.start)]
        }
        updateClipping()
        return []
    }

    /// mpv's `update_ab_loop_clip`: loop at B only when the playhead is not past it.
    private mutating func updateClipping() {
        guard let points, let position = lastPosition else {
            isClipping = false
            return
        }
        isClipping = position <= points.end
    }
}
