import Foundation

/// A single `Range: bytes=…` request header, resolved against a body length.
enum ByteRangeRequest {
    /// The range to send.
    case satisfiable(ClosedRange<Int>)
    /// The start is at or past the end of the body: answer 416.
    case unsatisfiable

    /// Parses `bytes=N-`, `bytes=N-M` and `bytes=-S` (the last S bytes). Anything else,
    /// including several ranges, gives `nil`, and RFC 9110 then says: ignore the header.
    init?(header: String, bodyLength: Int) {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("bytes="), !trimmed.contains(",") else { return nil }
        let spec = trimmed.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let first = Int(parts[0].trimmingCharacters(in: .whitespaces))
        let last = Int(parts[1].trimmingCharacters(in: .whitespaces))
        switch (first, last) {
        case (let start?, nil) where parts[1].isEmpty:
            self = start < bodyLength ? .satisfiable(start...(bodyLength - 1)) : .unsatisfiable
        case (let start?, let end?) where start <= end:
            self = start < bodyLength ? .satisfiable(start...min(end, bodyLength - 1)) : .unsatisfiable
        case (nil, let suffix?) where parts[0].isEmpty && suffix > 0:
            self = bodyLength > 0 ? .satisfiable(max(0, bodyLength - suffix)...(bodyLength - 1)) : .unsatisfiable
        default:
            return nil
        }
    }
}
