import Foundation
import Spool

/// The outputs `spool play` uses, chosen from `--ao`/`--vo` and what the machine offers.
/// The only place (with `main`) that builds real outputs and clocks.
@MainActor
final class SelectedOutputs {
    let makeAudioOutput: (@Sendable () throws(AudioOutputError) -> any AudioOutput)?
    let videoOutput: (any VideoOutput)?
    /// One-line notices about defaults that fell back (printed to stderr).
    let notices: [String]
    /// Called once when `--frames N` frames have been presented.
    var onFrameLimitReached: (@Sendable () -> Void)?

    init(options: PlayOptions, clock: ContinuousClock) throws {
        makeAudioOutput = nil
        videoOutput = nil
        notices = []
    }

    func stop() {
        videoOutput?.stop()
    }
}
