extension HTTPByteSource {
    /// How an `HTTPByteSource` talks to the server.
    public struct Options: Sendable {
        /// How long a request may go without progress (connecting, waiting for the response
        /// head, or between body bytes) before it fails with `.network`. Both transports
        /// count whole seconds, so it is rounded down, and at least 1 s.
        public var requestTimeout: Duration
        /// The most bytes buffered ahead of the reader. When a seekable transfer reaches
        /// it, the transfer is paused and continued with a range request once the reader
        /// has drained half of it.
        public var bufferLimit: Int
        /// The most bytes already read that are kept, so a backward seek within them moves
        /// the read position without a new request (an MP4 demuxer alternating between a
        /// fragment's video and audio runs made a request per step: 1,064 for a 20 MB file).
        public var backBufferLimit: Int
        /// Extra request headers (authorization, user agent). `Range` and
        /// `Accept-Encoding` are set by the source and must not be given.
        public var headers: [String: String]
        /// Monotonic time, for the receive rate that decides whether a transfer may be
        /// cancelled (see `HTTPTransferState.canCancelSafely(at:)`). Only differences count.
        public var now: @Sendable () -> Duration
        /// Which failures are retried, after how long, and when a silent transfer counts as
        /// stalled (see `LoadErrorPolicy`).
        public var loadErrorPolicy: LoadErrorPolicy
        /// The clock the retry backoff and the stall detection wait on. Tests pass a manual
        /// clock; the default is the continuous clock, like `now`'s, because a byte source is
        /// made deep in the loading path, where no player clock is at hand.
        public var clock: any Clock<Duration>
        /// The HTTP client that carries the requests: URLSession unless given (the product
        /// passes libcurl's, SpoolNetwork's `CurlHTTPTransport`).
        public var transport: any HTTPTransport
        /// The machine's network path (the product passes SpoolNetwork's `NetworkMonitor`).
        /// A transport failure while it is unsatisfied spends no retry: the next attempt
        /// waits until the path is satisfied again, however long that takes, and then resumes
        /// at the byte where the body broke. `nil` (or a loopback host) never waits.
        public var networkPath: (any NetworkPathMonitoring)?

        /// Options with a 15 s request timeout, a 4 MiB buffer and 4 MiB kept behind the
        /// reader, the default load-error
        /// policy and URLSession by default.
        public init(
            requestTimeout: Duration = .seconds(15), bufferLimit: Int = 4 << 20, backBufferLimit: Int = 4 << 20,
            headers: [String: String] = [:],
            now: @escaping @Sendable () -> Duration = Options.monotonic,
            loadErrorPolicy: LoadErrorPolicy = LoadErrorPolicy(),
            clock: any Clock<Duration> = ContinuousClock.continuous,
            transport: any HTTPTransport = URLSessionHTTPTransport(),
            networkPath: (any NetworkPathMonitoring)? = nil
        ) {
            self.transport = transport
            self.networkPath = networkPath
            self.requestTimeout = requestTimeout
            self.bufferLimit = bufferLimit
            self.backBufferLimit = max(0, backBufferLimit)
            self.headers = headers
            self.now = now
            self.loadErrorPolicy = loadErrorPolicy
            self.clock = clock
        }

        /// The default `now`: the continuous clock, from the first reading.
        public static let monotonic: @Sendable () -> Duration = {
            let origin = ContinuousClock.now
            return { ContinuousClock.now - origin }
        }()
    }
}
