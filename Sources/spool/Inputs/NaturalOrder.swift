/// The order a file manager shows names in: runs of digits compare as numbers, so "2.mp4"
/// comes before "10.mp4", and letters compare without regard to case.
enum NaturalOrder {
    /// Whether `a` sorts before `b`. Names that differ only in case or leading zeros still get
    /// a fixed order (by their plain characters), so sorting is deterministic.
    static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let left = chunks(a)
        let right = chunks(b)
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m), .number(let n)):
                if m != n { return isNumericallySmaller(m, n) }
            case (.number, .text):
                return true
            case (.text, .number):
                return false
            case (.text(let s), .text(let t)):
                let (ls, lt) = (s.lowercased(), t.lowercased())
                if ls != lt { return ls < lt }
            }
        }
        if left.count != right.count { return left.count < right.count }
        return a < b
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Substring)
    }

    /// `a10b` as text "a", number "10", text "b".
    private static func chunks(_ name: String) -> [Chunk] {
        var result: [Chunk] = []
        var start = name.startIndex
        while start < name.endIndex {
            let isDigit = name[start].isASCIIDigit
            let end = name[start...].firstIndex { $0.isASCIIDigit != isDigit } ?? name.endIndex
            result.append(isDigit ? .number(name[start..<end]) : .text(String(name[start..<end])))
            start = end
        }
        return result
    }

    /// Compares digit strings of any length without overflowing: fewer significant digits is
    /// smaller, then digit by digit; equal values with more leading zeros sort later.
    private static func isNumericallySmaller(_ m: Substring, _ n: Substring) -> Bool {
        let (sm, sn) = (m.drop { $0 == "0" }, n.drop { $0 == "0" })
        if sm.count != sn.count { return sm.count < sn.count }
        if sm != sn { return sm < sn }
        return m.count < n.count
    }
}

extension Character {
    /// 0-9 only: `isNumber` also accepts other scripts' digits and fractions.
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
