public import SpoolCore
import SpoolOutput

extension AudioSession {
    /// The output devices (PulseAudio sinks) the player can play on: the route picker's list.
    /// Asks the player's output once playback has begun, otherwise the default PulseAudio
    /// server. Never blocks the caller: the server round trip runs on a thread of its own.
    public func availableOutputs() async throws(AudioOutputError) -> [AudioOutputDevice] {
        let output = router.output
        return try await runOffThePool { () throws(AudioOutputError) -> [AudioOutputDevice] in
            if let output { return try output.availableDevices() }
            return try PulseAudioOutput.availableDevices()
        }
    }

    /// The device the player's audio plays on (or will open on), when known.
    public var currentOutput: String? { router.output?.currentDeviceName }

    /// Plays on device `name` from now on (AVAudioSession.overrideOutputAudioPort's role,
    /// for any device): a playing stream moves there live, keeping what it has queued, and
    /// a route change with reason `override` follows; before playback the next stream opens
    /// there. Throws `.unavailable` for a device the server does not have.
    public func routeOutput(toDevice name: String) async throws(AudioOutputError) {
        guard let output = router.output else {
            guard try await availableOutputs().contains(where: { $0.name == name }) else {
                throw .unavailable("no PulseAudio sink named \(name)")
            }
            router.setPreferredDevice(name)
            return
        }
        try await runOffThePool { () throws(AudioOutputError) in try output.route(toDevice: name) }
        router.setPreferredDevice(name)
    }
}
