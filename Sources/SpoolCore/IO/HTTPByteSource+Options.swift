extension HTTPByteSource {
    /// How an `HTTPByteSource` talks to the server.
    public struct Options: Sendable {
        /// How long a request may go without progress (connecting, waiting for the response
        /// head, or between body bytes) before it fails with `.network`. swift-corelibs-
        /// foundation counts whole seconds, so it is rounded down, and at least 1 s.
        public var requestTimeout: Duration
        /// The most bytes buffered ahead of the reader. When a seekable transfer reaches
        /// it, the transfer is paused and continued with a range request once the reader
        /// has drained half of it.
        public var bufferLimit: Int
        /// Extra request headers (authorization, user agent). `Range` and
        /// `Accept-Encoding` are set by the source and must not be given.
        public var headers: [String: String]

        /// Options with a 15 s request timeout and a 4 MiB buffer by default.
        public init(
            requestTimeout: Duration = .seconds(15), bufferLimit: Int = 4 << 20, headers: [String: String] = [:]
        ) {
            self.requestTimeout = requestTimeout
            self.bufferLimit = bufferLimit
            self.headers = headers
        }
    }
}
