import Foundation
import Spool
import SpoolCore

/// The outputs `spool play` uses, chosen from `--ao`/`--vo` and what the machine offers.
/// With `main`, the only place that builds real outputs and clocks.
@MainActor
final class SelectedOutputs {
    /// Whether playback must run untimed: asked for, or forced by an output that does not
    /// keep time (a WAV file is written as fast as decoding goes, so nothing may be dropped).
    let isUntimed: Bool
    let makeAudioOutput: (@Sendable () throws(AudioOutputError) -> any AudioOutput)?
    let videoOutput: (any VideoOutput)?
    /// The desktop window, when the video goes to one (also inside a `--frames` limit).
    private(set) var window: SDLVideoOutput?
    /// One-line notices about defaults that fell back (printed to stderr).
    let notices: [String]
    /// Called once when `--frames N` frames have been presented (set before playing).
    private let frameLimitReached: FrameLimitSignal

    /// What to do when the `--frames` limit is reached.
    func onFrameLimitReached(_ action: @escaping @Sendable () -> Void) { frameLimitReached.set(action) }

    private init(
        makeAudioOutput: (@Sendable () throws(AudioOutputError) -> any AudioOutput)?, videoOutput: (any VideoOutput)?,
        notices: [String], isUntimed: Bool, signal: FrameLimitSignal
    ) {
        self.isUntimed = isUntimed
        self.frameLimitReached = signal
        self.makeAudioOutput = makeAudioOutput
        self.videoOutput = videoOutput
        self.notices = notices
    }

    static func make(options: PlayOptions, clock: ContinuousClock) async throws -> SelectedOutputs {
        var notices: [String] = []
        let audioSpec: AudioOutputSpec?
        switch options.audio {
        case .none: audioSpec = nil
        case .null: audioSpec = .null
        case .pulse(let sink): audioSpec = .pulse(sink: sink)
        case .wav(let path): audioSpec = .wav(path: path)
        case .automatic:
            // Asking the server blocks (up to a second when none answers): not on the main actor.
            let spec = await Task.detached { AudioOutputs.defaultSpec() }.value
            if spec == .null {
                notices.append("no PulseAudio server answered: playing without sound (null audio output)")
            }
            audioSpec = spec
        }
        if let device = options.audioDevice, options.audio == .pulse(sink: device) {
            try await AudioDevices.check(device)
        }
        var isUntimed = options.isUntimed
        if case .wav = audioSpec { isUntimed = true }
        let timed = !isUntimed
        var makeAudio: (@Sendable () throws(AudioOutputError) -> any AudioOutput)?
        if let audioSpec {
            let make: @Sendable () -> any AudioOutput = { AudioOutputs.make(audioSpec, clock: clock, timed: timed) }
            makeAudio = make
        }
        let windowEvents = WindowEventSignal()
        var video: (any VideoOutput)?
        switch options.video {
        case .frameMD5(let path): video = try FrameMD5VideoOutput(path: path)
        case .null: video = NullVideoOutput()
        case .none: video = nil
        case .sdl: video = try await window(for: options, events: windowEvents)
        case .automatic:
            // A window when a display is named, else no video. A named display that cannot
            // take a window is said on stderr, never dropped silently; and no separate probe
            // with a shorter bound than the window's own can turn a display slow to answer
            // (a loaded machine) into playback without video.
            if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
                do {
                    video = try await window(for: options, events: windowEvents)
                } catch {
                    notices.append("\(error): playing without video")
                }
            }
        }
        let window = video as? SDLVideoOutput
        let signal = FrameLimitSignal()
        if let limit = options.frameLimit, let output = video {
            video = FrameLimitVideoOutput(wrapping: output, limit: limit) { signal.fire() }
        }
        let selected = SelectedOutputs(
            makeAudioOutput: makeAudio, videoOutput: video, notices: notices, isUntimed: isUntimed, signal: signal)
        selected.windowEvents = windowEvents
        selected.window = window
        return selected
    }

    /// Keys and window events from the video window (set before playing).
    private(set) var windowEvents = WindowEventSignal()

    /// What to do with window events.
    func onWindowEvent(_ action: @escaping @Sendable (VideoWindowEvent) -> Void) { windowEvents.set(action) }

    /// Toggles the window's fullscreen state, if there is a window.
    func toggleFullscreen() { (videoOutput as? SDLVideoOutput)?.toggleFullscreen() }

    private static func window(for options: PlayOptions, events: WindowEventSignal) async throws -> SDLVideoOutput {
        let title = options.inputs.count == 1 ? "\(options.inputs[0]) — Spool" : "Spool"
        let configuration = SDLVideoOutput.Configuration(
            title: title, initialSize: options.windowSize.map { ($0.width, $0.height) },
            startsFullscreen: options.startsFullScreen, parentWindow: options.parentWindow)
        return try await SDLVideoOutput(configuration: configuration) { event in events.fire(event) }
    }

    func stop() {
        videoOutput?.stop()
    }
}

/// Carries the `--frames` callback from the render thread to the session, which sets it
/// after the outputs exist.
final class FrameLimitSignal: Sendable {
    private let action = Locked<(@Sendable () -> Void)?>(nil)

    func set(_ newAction: @escaping @Sendable () -> Void) { action.withLock { $0 = newAction } }
    func fire() { action.withLock { $0 }?() }
}

/// Carries window events from the SDL thread to the session, which sets the handler later.
final class WindowEventSignal: Sendable {
    private let action = Locked<(@Sendable (VideoWindowEvent) -> Void)?>(nil)

    func set(_ newAction: @escaping @Sendable (VideoWindowEvent) -> Void) { action.withLock { $0 = newAction } }
    func fire(_ event: VideoWindowEvent) { action.withLock { $0 }?(event) }
}
