internal import CFFmpeg

/// The one funnel through which FFmpeg return codes become Swift results (the swift-nio
/// `System.swift` habit): every status-returning FFmpeg call is wrapped here, so error
/// handling is uniform and "try again" / "end of stream" are never mistaken for failures.
enum FFmpegCall {
    /// What a feed/drain call (`av_read_frame`, `avcodec_receive_frame`, …) reported.
    enum Progress: Equatable {
        /// The call did its work; the non-negative return value.
        case done(Int32)
        /// `AVERROR(EAGAIN)`: feed more input or drain output, then call again.
        case tryAgain
        /// `AVERROR_EOF`: no more output will come.
        case endOfStream
    }

    /// Returns a non-negative code unchanged and throws a negative one as `FFmpegError`.
    @discardableResult
    static func check(_ code: Int32) throws(FFmpegError) -> Int32 {
        guard code >= 0 else { throw FFmpegError(rawValue: code) }
        return code
    }

    /// Like `check`, but reports EAGAIN and EOF as values: they steer the feed/drain loops.
    static func progress(_ code: Int32) throws(FFmpegError) -> Progress {
        if code >= 0 { return .done(code) }
        let error = FFmpegError(rawValue: code)
        switch error {
        case .tryAgain: return .tryAgain
        case .endOfFile: return .endOfStream
        default: throw error
        }
    }
}
