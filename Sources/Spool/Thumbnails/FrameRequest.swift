import SpoolCore
import SpoolMedia

/// One frame to find, on the asset's timeline (0 is its start), with the tolerances in force
/// when it was asked for.
struct FrameRequest: Sendable {
    var time: MediaTime
    var toleranceBefore: MediaTime
    var toleranceAfter: MediaTime

    /// The earliest acceptable frame time; `nil` when any earlier frame will do.
    var earliest: MediaTime? {
        guard toleranceBefore.isNumeric else { return toleranceBefore.isInfinite ? nil : time }
        return time - max(toleranceBefore, .zero)
    }

    /// The latest acceptable frame time; `nil` when any later frame will do.
    var latest: MediaTime? {
        guard toleranceAfter.isNumeric else { return toleranceAfter.isInfinite ? nil : time }
        return time + max(toleranceAfter, .zero)
    }
}

/// A frame found for a request and its time on the asset's timeline.
struct FoundFrame {
    let frame: DecodedVideoFrame
    let actualTime: MediaTime
}
