public import SpoolCore

/// A video output that shows nothing: it accepts every pixel format as it is, counts what
/// it is given and returns at once (mpv's `vo=null`). For benchmarks of the decode path,
/// for headless runs, and for tests.
public final class NullVideoOutput: VideoOutput {
    /// "null".
    public let name = "null"
    /// `nil`: every format is taken as it is, so the engine never converts for this output.
    public let acceptedPixelFormats: Set<PixelFormat>? = nil

    private struct State {
        var presented = 0
        var isStopped = false
    }
    private let state = Locked(State())
    private let onPresent: (@Sendable (any VideoFrame) -> Void)?

    /// An output that discards frames. `onPresent`, when given, is called with each frame
    /// on the presenting thread before `present` returns (tests use it to see every frame).
    public init(onPresent: (@Sendable (any VideoFrame) -> Void)? = nil) {
        self.onPresent = onPresent
    }

    /// How many frames `present` has accepted.
    public var framesPresented: Int { state.withLock { $0.presented } }

    /// Counts `frame`, then hands it to the `onPresent` callback. Throws `.stopped` after `stop()`.
    public func present(_ frame: any VideoFrame) throws(VideoOutputError) {
        try state.withLock { (state: inout State) throws(VideoOutputError) in
            guard !state.isStopped else { throw .stopped }
            state.presented += 1
        }
        onPresent?(frame)
    }

    /// Refuses every later frame. Idempotent; callable from any thread.
    public func stop() {
        state.withLock { $0.isStopped = true }
    }
}
