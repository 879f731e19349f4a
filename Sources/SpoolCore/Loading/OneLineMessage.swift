/// A single line describing `error` for a status line or stderr: the error's own
/// description when it has one (Spool's errors all do), never a multi-line dump.
func oneLineMessage(for error: any Error) -> String {
    let text = String(describing: error)
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
