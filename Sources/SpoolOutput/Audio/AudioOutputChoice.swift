public import Foundation
public import SpoolCore

/// Which audio output a player plays through, said without writing a factory closure:
/// `PlayerConfiguration(audio: .default, …)` is what an app that just wants sound uses.
public enum AudioOutputChoice: Hashable, Sendable {
    /// No audio output: the player decodes no audio.
    case none
    /// PulseAudio's default sink when a server answers, otherwise the null output (paced by
    /// the player's clock) with one warning line on standard error: a machine without a
    /// sound server still plays the video. The server is asked once, when the first item
    /// with audio opens, on the pipeline's thread (it waits up to a second for an answer).
    case `default`
    /// The output `spec` names (`.pulse(sink:)`, `.wav(path:)`, `.null`), as `--ao` does;
    /// an output that cannot open fails the item (`.pulse` without a server does).
    case spec(AudioOutputSpec)

    /// The factory a `PlayerConfiguration` takes for this choice, `nil` for `.none`. Each
    /// call of the factory makes a new, unstarted output; `clock` paces the null output,
    /// `timed: false` makes it untimed. `.default` decides between PulseAudio and null at the
    /// factory's first call and keeps that decision; `warn` receives its one warning
    /// (standard error, prefixed `spool: `, unless given).
    public func makeFactory(
        clock: any Clock<Duration>, timed: Bool = true,
        warn: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("spool: \($0)\n".utf8)) }
    ) -> (@Sendable () throws(AudioOutputError) -> any AudioOutput)? {
        makeFactory(clock: clock, timed: timed, warn: warn) { AudioOutputs.defaultSpec() }
    }

    /// `makeFactory(clock:timed:warn:)` with `.default`'s question to the server answered by
    /// `defaultSpec` (tests answer it without a server).
    func makeFactory(
        clock: any Clock<Duration>, timed: Bool, warn: @escaping @Sendable (String) -> Void,
        defaultSpec: @escaping @Sendable () -> AudioOutputSpec
    ) -> (@Sendable () throws(AudioOutputError) -> any AudioOutput)? {
        switch self {
        case .none:
            return nil
        case .spec(let spec):
            return { AudioOutputs.make(spec, clock: clock, timed: timed) }
        case .default:
            let decision = DefaultAudioDecision(ask: defaultSpec, warn: warn)
            return { AudioOutputs.make(decision.spec(), clock: clock, timed: timed) }
        }
    }
}

/// `.default`'s choice between PulseAudio and null, made once per factory: asking again for
/// every item would block each one up to a second and warn each time.
private final class DefaultAudioDecision: Sendable {
    private let decided = Locked<AudioOutputSpec?>(nil)
    private let ask: @Sendable () -> AudioOutputSpec
    private let warn: @Sendable (String) -> Void

    init(ask: @escaping @Sendable () -> AudioOutputSpec, warn: @escaping @Sendable (String) -> Void) {
        self.ask = ask
        self.warn = warn
    }

    func spec() -> AudioOutputSpec {
        // Asked under the lock: two items opening at once must not both ask (and both warn).
        let (spec, isNew) = decided.withLock { decided in
            if let decided { return (decided, false) }
            let spec = ask()
            decided = spec
            return (spec, true)
        }
        if isNew, spec == .null { warn("no PulseAudio server answered: playing without sound (null audio output)") }
        return spec
    }
}
