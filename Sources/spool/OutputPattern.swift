/// An output file name that may hold one printf-style number (`OUT-%03d.png`), as ffmpeg's
/// image2 muxer names its files; `%%` is a literal percent sign.
struct OutputPattern: Equatable {
    struct PatternError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private var prefix: String
    private var suffix: String
    /// The `%0Nd` width; `nil` for a name without a number.
    private var width: Int?

    /// Whether the name holds a number.
    var isNumbered: Bool { width != nil }

    /// A name used as it is (no pattern).
    init(literal: String) {
        prefix = literal
        suffix = ""
        width = nil
    }

    /// Parses `text`; throws for a `%` that is neither `%%` nor `%d`/`%0Nd` (`%Nd` pads with
    /// zeros too), or more than one number.
    init(_ text: String) throws(PatternError) {
        var before = ""
        var after = ""
        var width: Int?
        var characters = text[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if width == nil { before.append(character) } else { after.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if width == nil { before.append("%") } else { after.append("%") }
                continue
            }
            let digits = characters.prefix { $0.isNumber }
            characters.removeFirst(digits.count)
            guard characters.popFirst() == "d" else {
                throw PatternError(description: "'\(text)': a % must be %d, %0Nd or %%")
            }
            guard width == nil else { throw PatternError(description: "'\(text)' holds more than one number") }
            width = min(Int(digits) ?? 0, 32)
        }
        guard !text.isEmpty else { throw PatternError(description: "the output name is empty") }
        prefix = before
        suffix = after
        self.width = width
    }

    /// The file name for picture `number` (from 1); the name itself when it holds no number.
    func name(for number: Int) -> String {
        guard let width else { return prefix }
        let digits = String(number)
        let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
        return prefix + padded + suffix
    }
}
