public import SpoolCore

/// Builds audio outputs from their command-line description.
public enum AudioOutputs {
    /// A new, unstarted output for `spec`. `clock` paces the null output (ignored by the
    /// others), and `timed: false` makes it untimed; `pulse` configures a PulseAudio output,
    /// whose sink the spec's `pulse:SINK` overrides. Creating an output does no I/O.
    public static func make(
        _ spec: AudioOutputSpec,
        clock: any Clock<Duration>,
        timed: Bool = true,
        pulse: PulseAudioOutput.Configuration = PulseAudioOutput.Configuration()
    ) -> any AudioOutput {
        switch spec {
        case .pulse(let sink):
            var configuration = pulse
            if let sink { configuration.sink = sink }
            return PulseAudioOutput(configuration: configuration)
        case .wav(let path):
            return WAVFileOutput(path: path)
        case .null:
            return NullAudioOutput(clock: clock, timed: timed)
        }
    }

    /// `pulse` when a PulseAudio server answers within `timeout`, otherwise `null`: the
    /// default when the user names no output. Blocks up to `timeout`; call it off the
    /// cooperative pool.
    public static func defaultSpec(server: String? = nil, timeout: Duration = .seconds(1)) -> AudioOutputSpec {
        PulseAudioOutput.isServerAvailable(server: server, timeout: timeout) ? .pulse(sink: nil) : .null
    }
}
