import SpoolCore

extension Demuxer {
    /// Stops a demuxer from any thread, including while it is still opening.
    ///
    /// Make one before the demuxer (its opening blocks too), hand it to `Demuxer.init`, and
    /// keep it wherever cancellation comes from. `cancel()` raises the flag FFmpeg polls
    /// (`AVIOInterruptCB`) and cancels the byte source, so a read blocked inside the source
    /// returns at once; the demuxer's blocked call then throws `FFmpegError.exit`.
    public final class Canceller: Sendable {
        let interrupt = InterruptFlag()
        private let source = Locked<(any ByteSource)?>(nil)

        /// A canceller not yet raised.
        public init() {}

        /// Stops the demuxer it was given to: idempotent, callable from any thread at any
        /// time, before, during or after the demuxer opens.
        public func cancel() {
            interrupt.raise()
            let attached = source.withLock { $0 }
            attached?.cancel()
        }

        /// Whether `cancel()` has been called.
        public var isCancelled: Bool { interrupt.isRaised }

        /// Remembers the source a demuxer reads, so `cancel()` reaches it; returns `false`
        /// (and cancels the source) when cancellation came first.
        func attach(_ attached: any ByteSource) -> Bool {
            source.withLock { $0 = attached }
            // Raised between the store and here, or before it: either way the source must
            // see the cancellation, and cancelling a source twice is harmless.
            guard !interrupt.isRaised else {
                attached.cancel()
                return false
            }
            return true
        }
    }
}
