import Foundation

/// A server's `Retry-After` answer (RFC 9110 §10.2.3) to a 503 or 429: how long it asks the
/// client to wait before the same request.
///
/// Only delta-seconds are read. An HTTP-date would need the client's and the server's clocks
/// to agree, and a wrong one would hold playback for nothing, so it is ignored (the caller's
/// own backoff applies, as RFC 9110 allows).
public enum RetryAfter {
    /// The statuses whose `Retry-After` asks for a later retry of the same request.
    public static func applies(toStatus status: Int) -> Bool {
        status == 503 || status == 429
    }

    /// The wait before retrying a refusal with `status` that said `retryAfter`: that wait,
    /// cut to `cap`, for a 503 or 429; `nil` otherwise (the caller's backoff applies).
    public static func wait(_ retryAfter: Duration?, status: Int, atMost cap: Duration) -> Duration? {
        guard let retryAfter, applies(toStatus: status) else { return nil }
        return min(max(retryAfter, .zero), cap)
    }

    /// The wait `value` asks for, when it is delta-seconds (digits only, surrounding blanks
    /// allowed); `nil` for an HTTP-date or anything malformed. Never negative; absurdly long
    /// values saturate rather than overflow (callers bound the wait anyway).
    public static func delay(_ value: String) -> Duration? {
        let digits = value.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        // More than 9 digits is over 30 years: cap it before converting.
        guard digits.count <= 9, let seconds = Int64(digits) else { return .seconds(999_999_999) }
        return .seconds(seconds)
    }
}
