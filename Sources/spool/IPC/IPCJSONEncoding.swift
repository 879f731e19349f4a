import Foundation

/// Writes an `IPCValue` as one line of compact JSON, as mpv's `json_write` does: strings escaped
/// (control characters as `\uXXXX`), doubles with six decimals (mpv's `%f`: a client that
/// compares text sees mpv's), and non-finite doubles (which JSON cannot carry) as null.
extension IPCValue {
    /// The value as compact JSON text (no newline).
    var json: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value):
            guard value.isFinite else {
                output += "null"
                return
            }
            output += String(format: "%f", value)
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.0, to: &output)
                output += ":"
                member.1.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
