/// A device audio can be routed to (a PulseAudio sink), as the route picker lists it.
public struct AudioOutputDevice: Hashable, Sendable, CustomStringConvertible {
    /// The name to route by (`--audio-device NAME`, `pactl` sink name).
    public let name: String
    /// What a person reads in a picker ("Built-in Audio Analog Stereo").
    public let description: String
    /// Whether the server plays on this device when no device is named.
    public let isDefault: Bool

    /// A device.
    public init(name: String, description: String, isDefault: Bool) {
        self.name = name
        self.description = description
        self.isDefault = isDefault
    }
}
