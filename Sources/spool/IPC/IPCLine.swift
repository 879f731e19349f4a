/// One line a client sent, classified as mpv's `mp_ipc_consume_next_command` does: blank lines
/// and `#` comments are skipped; a line starting with `{` is a JSON request (answered, with its
/// `request_id` copied back whatever its type); anything else is a text command (input.conf
/// syntax, never answered).
enum IPCLine: Equatable {
    case skip
    /// A JSON request that names a command.
    case request(IPCRequest)
    /// A `{` line that is not a usable request: answered with `error` and the id, if any.
    case invalid(requestID: IPCValue?)
    /// A text command's arguments (`set pause yes` → ["set", "pause", "yes"]).
    case text([IPCValue])

    /// Classifies one line (without its newline).
    static func classify(_ line: [UInt8]) -> IPCLine {
        guard let first = line.firstIndex(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return .skip }
        switch line[first] {
        case UInt8(ascii: "#"): return .skip
        case UInt8(ascii: "{"):
            guard let message = try? IPCJSONParser.parse(Array(line[first...])) else {
                return .invalid(requestID: nil)
            }
            return IPCRequest(message: message).map(IPCLine.request) ?? .invalid(requestID: message["request_id"])
        default:
            let words = IPCTextCommand.split(String(decoding: line[first...], as: UTF8.self))
            return words.isEmpty ? .skip : .text(words.map(IPCValue.string))
        }
    }
}

/// A JSON request: `{"command": ["name", args...], "request_id": N, "async": bool}`.
struct IPCRequest: Equatable {
    /// The command's name (the array's first element, a string).
    let name: String
    /// The arguments after the name, as sent.
    let arguments: [IPCValue]
    /// Copied into the reply as sent (mpv accepts any type, warning about non-integers).
    let requestID: IPCValue?

    /// The request in `message`, or nil when it is not an object with a non-empty `command`
    /// array whose first element is a string (mpv: "invalid parameter").
    init?(message: IPCValue) {
        guard case .array(let command)? = message["command"], case .string(let name)? = command.first else {
            return nil
        }
        self.name = name
        arguments = Array(command.dropFirst())
        requestID = message["request_id"]
    }

    init(name: String, arguments: [IPCValue], requestID: IPCValue?) {
        self.name = name
        self.arguments = arguments
        self.requestID = requestID
    }
}

/// Splits a text command into words as mpv's input.conf parser does for the common cases:
/// whitespace separates, `"..."` (with `\` escapes) and `'...'` quote, and `#` starts a comment.
enum IPCTextCommand {
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var hasWord = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\r", "\n":
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            case "#" where !hasWord:
                return words
            case "\"":
                hasWord = true
                while let next = iterator.next(), next != "\"" {
                    if next == "\\", let escaped = iterator.next() {
                        current.append(escaped == "n" ? "\n" : escaped)
                    } else {
                        current.append(next)
                    }
                }
            case "'":
                hasWord = true
                while let next = iterator.next(), next != "'" { current.append(next) }
            default:
                hasWord = true
                current.append(character)
            }
        }
        if hasWord { words.append(current) }
        return words
    }
}
