public import SpoolCore

extension PulseMediaRole {
    /// The role that realises an audio session on PulseAudio.
    ///
    /// Stock policy modules act on roles: module-role-cork and module-role-ducking default to
    /// `trigger_roles=phone` and `cork_roles`/`ducking_roles=music,video`. So a call is
    /// `phone` (it corks others' music and video); playback is `video` (mode moviePlayback)
    /// or `music` (other modes), which calls interrupt; and whatever must mix both ways —
    /// `ambient`, or a call with `mixWithOthers` — is `game`, a role those modules neither
    /// trigger on nor cork.
    public init(session attributes: AudioSessionAttributes) {
        if attributes.category == .ambient {
            self = .game
        } else if attributes.isCommunication {
            self = attributes.options.contains(.mixWithOthers) ? .game : .phone
        } else {
            self = attributes.mode == .moviePlayback ? .video : .music
        }
    }
}

extension AudioSessionAttributes {
    /// The stream properties a PulseAudio stream carries for this session: `media.role`, and
    /// the session itself under `spool.audio-session.*` for policy scripts (PipeWire's
    /// WirePlumber rules match any property).
    public var pulseStreamProperties: [String: String] {
        var optionNames: [String] = []
        if options.contains(.mixWithOthers) { optionNames.append("mixWithOthers") }
        if options.contains(.duckOthers) { optionNames.append("duckOthers") }
        if options.contains(.allowBluetooth) { optionNames.append("allowBluetooth") }
        if options.contains(.defaultToSpeaker) { optionNames.append("defaultToSpeaker") }
        return [
            "media.role": PulseMediaRole(session: self).rawValue,
            "spool.audio-session.category": category.rawValue,
            "spool.audio-session.mode": mode.rawValue,
            "spool.audio-session.options": optionNames.joined(separator: ","),
        ]
    }
}
