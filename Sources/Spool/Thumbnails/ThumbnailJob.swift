import SpoolCore

/// One pending image request: its settings and the completion that answers it exactly once,
/// whoever comes first — the worker with a result, or a cancellation with `.cancelled`.
final class ThumbnailJob: Sendable {
    typealias Completion = @Sendable (Result<GeneratedImage, ImageGenerationError>) -> Void

    let request: FrameRequest
    let maximumSize: PixelSize?
    /// The libavfilter chain the found picture runs through before scaling, if any.
    let videoFilterChain: String?
    private let completion = Locked<Completion?>(nil)

    init(
        request: FrameRequest, maximumSize: PixelSize?, videoFilterChain: String? = nil,
        completion: @escaping Completion
    ) {
        self.request = request
        self.maximumSize = maximumSize
        self.videoFilterChain = videoFilterChain
        self.completion.withLock { $0 = completion }
    }

    /// Whether the job was answered (done or cancelled): the worker skips or abandons it.
    var isFinished: Bool { completion.withLock { $0 == nil } }

    /// Answers the job unless it was answered already; returns whether this call did.
    @discardableResult
    func finish(_ result: Result<GeneratedImage, ImageGenerationError>) -> Bool {
        guard
            let completion = completion.withLock({ state -> Completion? in
                defer { state = nil }
                return state
            })
        else { return false }
        completion(result)
        return true
    }
}
