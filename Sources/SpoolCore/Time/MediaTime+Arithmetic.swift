extension MediaTime: Comparable, Hashable {
    /// Orders times as CMTimeCompare does: negativeInfinity < numeric < positiveInfinity
    /// < indefinite < invalid. Numeric times compare exactly, whatever their timescales.
    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Equal when they denote the same time (`1/2 == 2/4`); special times equal their own kind.
    public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// Hashes the reduced fraction, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        guard isNumeric else { return }
        let divisor = Self.gcd(Int128(value).magnitude, UInt128(timescale))
        hasher.combine(Int128(value) / Int128(divisor))
        hasher.combine(Int128(timescale) / Int128(divisor))
    }

    private static func rank(_ kind: Kind) -> Int {
        switch kind {
        case .negativeInfinity: 0
        case .numeric: 1
        case .positiveInfinity: 2
        case .indefinite: 3
        case .invalid: 4
        }
    }

    private static func compare(_ lhs: MediaTime, _ rhs: MediaTime) -> Int {
        let (lr, rr) = (rank(lhs.kind), rank(rhs.kind))
        if lr != rr { return lr < rr ? -1 : 1 }
        guard lhs.isNumeric else { return 0 }
        let left = Int128(lhs.value) * Int128(rhs.timescale)
        let right = Int128(rhs.value) * Int128(lhs.timescale)
        return left == right ? 0 : (left < right ? -1 : 1)
    }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }

    /// The sum. Exact when the least common timescale fits in `Int32`; otherwise computed in
    /// the larger timescale, rounded. Invalid in, invalid out; indefinite absorbs numeric;
    /// `+∞ + −∞` is invalid; overflow saturates to the infinity of its sign.
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, negateRight: false)
    }

    /// The difference, with the same rules as `+`.
    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        combine(lhs, rhs, negateRight: true)
    }

    /// The time negated (infinities swap; invalid and indefinite are unchanged).
    public static prefix func - (time: MediaTime) -> MediaTime {
        switch time.kind {
        case .numeric:
            guard time.value != .min else { return .positiveInfinity }
            return MediaTime(value: -time.value, timescale: time.timescale)
        case .positiveInfinity: return .negativeInfinity
        case .negativeInfinity: return .positiveInfinity
        case .invalid, .indefinite: return time
        }
    }

    /// The time scaled by an integer factor, saturating to infinity on overflow.
    public static func * (time: MediaTime, factor: Int64) -> MediaTime {
        switch time.kind {
        case .numeric:
            let product = Int128(time.value) * Int128(factor)
            guard let exact = Int64(exactly: product) else {
                return product > 0 ? .positiveInfinity : .negativeInfinity
            }
            return MediaTime(value: exact, timescale: time.timescale)
        case .positiveInfinity, .negativeInfinity:
            if factor == 0 { return .invalid }
            return factor > 0 ? time : -time
        case .invalid, .indefinite:
            return time
        }
    }

    private static func combine(_ lhs: MediaTime, _ rawRight: MediaTime, negateRight: Bool) -> MediaTime {
        let rhs = negateRight ? -rawRight : rawRight
        if lhs.isInvalid || rhs.isInvalid { return .invalid }
        if lhs.isIndefinite || rhs.isIndefinite { return .indefinite }
        switch (lhs.kind, rhs.kind) {
        case (.positiveInfinity, .negativeInfinity), (.negativeInfinity, .positiveInfinity): return .invalid
        case (.positiveInfinity, _), (_, .positiveInfinity): return .positiveInfinity
        case (.negativeInfinity, _), (_, .negativeInfinity): return .negativeInfinity
        default: break
        }
        let common =
            UInt128(lhs.timescale) / gcd(UInt128(lhs.timescale), UInt128(rhs.timescale))
            * UInt128(rhs.timescale)
        let timescale: Int32
        if let exact = Int32(exactly: common) {
            timescale = exact
        } else {
            timescale = max(lhs.timescale, rhs.timescale)
        }
        let left = lhs.convertScale(timescale)
        let right = rhs.convertScale(timescale)
        if !left.isNumeric || !right.isNumeric { return left.isNumeric ? right : left }
        let sum = Int128(left.value) + Int128(right.value)
        guard let exact = Int64(exactly: sum) else { return sum > 0 ? .positiveInfinity : .negativeInfinity }
        return MediaTime(value: exact, timescale: timescale)
    }
}

extension MediaTime: CustomStringConvertible {
    /// `"1.500s (3/2)"` for numeric times, the kind's name otherwise.
    public var description: String {
        switch kind {
        case .numeric: "\(seconds)s (\(value)/\(timescale))"
        case .invalid: "invalid"
        case .indefinite: "indefinite"
        case .positiveInfinity: "+infinity"
        case .negativeInfinity: "-infinity"
        }
    }
}
