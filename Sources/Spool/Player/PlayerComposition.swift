import SpoolCore

/// What a player is made of besides its configuration: its audio session, the audio output its
/// items share, and how each item's pipeline is made.
///
/// `Player` and `QueuePlayer` both build theirs here, so no player can make an audio output
/// that bypasses its session (a queue player once did: `spool play` got no interruptions,
/// roles or routes).
@MainActor
struct PlayerComposition {
    let audioSession: AudioSession
    let sharedAudio: SharedAudioOutput?
    let makePlayback: ItemPlaybackFactory
    /// The network path the player's waiting reason follows.
    var networkPath: (any NetworkPathMonitoring)?

    /// The real engine into `configuration`'s outputs. Every audio output it makes joins the
    /// session before it starts, so the stream opens with the session's role and reports
    /// interruptions and route changes.
    static func engine(_ configuration: PlayerConfiguration) -> PlayerComposition {
        let audioSession = AudioSession()
        let sharedAudio = configuration.makeAudioOutput.map { make in
            SharedAudioOutput(make: joining(audioSession.router, make))
        }
        return PlayerComposition(
            audioSession: audioSession, sharedAudio: sharedAudio,
            makePlayback: { item in
                PipelinePlayback(request: item.pipelineRequest, configuration: configuration, sharedAudio: sharedAudio)
            }, networkPath: PlaybackNetworkPath.shared)
    }

    /// Pipelines made by `makePlayback` (tests), without a shared output: a session of its own.
    static func scripted(
        _ makePlayback: @escaping ItemPlaybackFactory, networkPath: (any NetworkPathMonitoring)? = nil
    ) -> PlayerComposition {
        PlayerComposition(
            audioSession: AudioSession(), sharedAudio: nil, makePlayback: makePlayback, networkPath: networkPath)
    }

    /// `make`, with each output it makes attached to `router` (on the pipeline thread that
    /// opens it) before anyone starts it.
    static func joining(
        _ router: AudioSessionRouter, _ make: @escaping @Sendable () throws(AudioOutputError) -> any AudioOutput
    ) -> @Sendable () throws(AudioOutputError) -> any AudioOutput {
        { () throws(AudioOutputError) -> any AudioOutput in
            let output = try make()
            router.attach(output)
            return output
        }
    }
}

/// Makes the pipeline for an item (the real engine, or a fake in tests).
typealias ItemPlaybackFactory = @MainActor (PlayerItem) -> any ItemPlayback
