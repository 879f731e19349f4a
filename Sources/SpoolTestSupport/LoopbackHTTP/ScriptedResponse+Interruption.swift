extension ScriptedResponse {
    /// A fault part-way through a response body, after `afterBodyBytes` bytes of the body
    /// as sent (of the range, for a 206).
    ///
    /// Every fault is bounded: a stall ends after its duration, or when the client closes
    /// the connection, or when the server stops.
    public struct Interruption: Sendable, Equatable {
        /// What happens at that byte.
        public enum Kind: Sendable, Equatable {
            /// The connection is reset (RST, as `SO_LINGER` 0 makes `close` do): bytes still
            /// in flight may be lost, as with a real reset.
            case reset
            /// Nothing more is sent for the duration, then the body continues; `nil` waits
            /// until the client leaves or the server stops.
            case stall(Duration?)
        }

        /// What happens.
        public var kind: Kind
        /// Body bytes sent before it happens.
        public var afterBodyBytes: Int

        /// `kind` after `afterBodyBytes` body bytes.
        public init(_ kind: Kind, afterBodyBytes: Int) {
            self.kind = kind
            self.afterBodyBytes = max(0, afterBodyBytes)
        }
    }
}
