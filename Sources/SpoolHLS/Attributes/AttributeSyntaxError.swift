/// Why an attribute list (`NAME=VALUE,NAME="VALUE"`) could not be split into attributes, and
/// where: `column` is the 1-based byte offset in the line.
public struct AttributeSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Equatable {
        /// An attribute with nothing before its `=`.
        case emptyName
        /// A name character other than `A`–`Z`, `0`–`9` and `-`.
        case invalidNameCharacter(Character)
        /// A name with no `=` after it.
        case missingEquals
        /// `NAME=` with no value.
        case emptyValue
        /// A quoted-string with no closing quote.
        case unterminatedQuotedString
        /// Something other than a comma after a closing quote.
        case characterAfterQuotedString(Character)
        /// A quote or whitespace inside an unquoted value.
        case invalidValueCharacter(Character)
        /// The same name twice in one list.
        case duplicateAttribute(String)
    }

    /// The 1-based byte offset in the line where the problem was found.
    public let column: Int
    /// What was wrong.
    public let reason: Reason

    /// An error at `column` for `reason`.
    public init(column: Int, reason: Reason) {
        self.column = column
        self.reason = reason
    }

    /// "column 12: unterminated quoted-string" and the like.
    public var description: String {
        let text =
            switch reason {
            case .emptyName: "attribute name is empty"
            case .invalidNameCharacter(let character):
                "\(quoted(character)) in an attribute name (names are A–Z, 0–9 and '-' only\(hint(for: character)))"
            case .missingEquals: "attribute name without '='"
            case .emptyValue: "attribute value is empty"
            case .unterminatedQuotedString: "unterminated quoted-string"
            case .characterAfterQuotedString(let character):
                "\(quoted(character)) after a quoted-string (expected ',')"
            case .invalidValueCharacter(let character): "invalid character \(quoted(character)) in unquoted value"
            case .duplicateAttribute(let name): "attribute \(name) appears twice"
            }
        return "column \(column): \(text)"
    }

    /// What the author probably meant, for the usual slips.
    private func hint(for character: Character) -> String {
        if character.isLowercase && character.isASCII { return "; write it in upper case" }
        if character.isWhitespace { return "; no blanks before '='" }
        return ""
    }

    private func quoted(_ character: Character) -> String {
        character.isWhitespace ? "whitespace" : "'\(character)'"
    }
}
