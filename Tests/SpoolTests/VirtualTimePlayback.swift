import Foundation
import SpoolCore
import SpoolHLS
import SpoolOutput
import SpoolTestSupport

@testable import Spool
@testable import SpoolEngine

/// One item on the real engine in virtual time: every pipeline thread, the null audio device
/// and the item's download run on one `AutoAdvancingEngineClock`, so seconds of playback take
/// milliseconds and come out the same on an idle or a saturated machine.
///
/// Between two `run(until:)` calls the clock stands at the limit with every engine thread
/// blocked: what a test reads or does there (a seek, a pause) happens at exactly that time.
@MainActor
final class VirtualTimePlayback {
    let clock = AutoAdvancingEngineClock()
    let player: Player
    let item: PlayerItem
    let events: StreamRecorder<PlayerItemEvent>

    /// Plays `bytes` (named by `fileName`, whose extension is FFmpeg's hint) served by
    /// `throttle` on the clock, with the null audio output when `audio`, to `video`. Playback
    /// is asked for at once; nothing moves until `run(until:)`.
    convenience init(
        bytes: Data, fileName: String, throttle: ScriptedResponse.Throttle, audio: Bool,
        video: (any VideoOutput)? = nil
    ) {
        self.init(bytes: bytes, fileName: fileName, throttleFor: { _ in throttle }, audio: audio, video: video)
    }

    /// As above, each response (the open, each seek) paced by `throttleFor(offset)`; `configure`
    /// sets the item up before it is played.
    convenience init(
        bytes: Data, fileName: String, throttleFor: @escaping @Sendable (Int) -> ScriptedResponse.Throttle,
        audio: Bool, video: (any VideoOutput)? = nil, configure: (PlayerItem) -> Void = { _ in }
    ) {
        self.init(
            asset: { clock in
                URLAsset(
                    url: URL(string: "http://127.0.0.1/\(fileName)")!,
                    byteSourceFactory: { url in
                        EngineClockThrottledByteSource(data: bytes, url: url, clock: clock, throttle: throttleFor)
                    })
            }, audio: audio, video: video, configure: configure)
    }

    /// An HLS stream at `url` whose every fetch is answered by the route `makeRoute` makes for
    /// the clock
    /// (`EngineClockHTTPTransport`: no socket, the server's pacing in virtual time).
    convenience init(
        hls url: URL, route makeRoute: (AutoAdvancingEngineClock) -> EngineClockHTTPTransport.Route, audio: Bool,
        video: (any VideoOutput)? = nil, onCancel: (@Sendable (HTTPTransferRequest, Duration) -> Void)? = nil
    ) {
        self.init(
            asset: { clock in
                let route = makeRoute(clock)
                return URLAsset(
                    url: url,
                    resourceFetcherFactory: {
                        StandardResourceFetcher(
                            transport: EngineClockHTTPTransport(clock: clock, route: route, onCancel: onCancel),
                            now: { clock.now() })
                    })
            }, audio: audio, video: video)
    }

    /// The item of the asset `makeAsset` builds on the clock, played to `video` (and the null
    /// audio output when `audio`); `configure` sets the item up before it is played.
    init(
        asset makeAsset: (AutoAdvancingEngineClock) -> URLAsset, audio: Bool, video: (any VideoOutput)? = nil,
        configure: (PlayerItem) -> Void = { _ in }
    ) {
        let clock = clock
        let makeAudio: @Sendable () -> any AudioOutput = { NullAudioOutput(engineClock: clock) }
        var configuration = PlayerConfiguration(
            makeAudioOutput: audio ? makeAudio : nil, videoOutput: video, clock: ManualClock())
        configuration.engineClock = clock
        player = Player(configuration: configuration)
        events = StreamRecorder(player.itemEvents())
        item = PlayerItem(asset: makeAsset(clock))
        configure(item)
        player.replaceCurrentItem(with: item)
        player.play()
    }

    /// Lets the clock run to `instant` (from the item's start) and returns once it stands there.
    func run(until instant: Duration) async {
        await clock.run(until: instant)
    }

    /// The item's counters now.
    var statistics: PlaybackStatistics { item.accessLog().statistics }

    /// Whether the item's end reached the main actor (waiting for it at most 20 s of real time:
    /// the event comes after the engine reported it, later still on a loaded machine).
    func playedToEnd() async -> Bool {
        let id = item.id
        return await events.wait { $0.contains(.didPlayToEnd(itemID: id)) }
    }

    /// Stalls begun and ended, as the main actor's events say, once they have reached
    /// `expected` (or 20 s of real time passed): the events come after the engine counted them,
    /// later still on a loaded machine, so a count read at once may lag. More than expected
    /// shows too.
    func stallEvents(expecting expected: (begun: Int, ended: Int)) async -> (begun: Int, ended: Int) {
        let id = item.id
        func counts(_ events: [PlayerItemEvent]) -> (begun: Int, ended: Int) {
            (events.filter { $0 == .stalled(itemID: id) }.count, events.filter { $0 == .stallEnded(itemID: id) }.count)
        }
        _ = await events.wait { counts($0).begun >= expected.begun && counts($0).ended >= expected.ended }
        return counts(events.elements)
    }

    /// Stops the item and the clock.
    func finish() {
        player.replaceCurrentItem(with: nil)
        clock.stop()
    }
}

extension VirtualTimePlayback {
    /// A configuration whose engine runs on `clock`, with the null audio device paced on it
    /// and `video` as the video output (what a gapless queue in virtual time is built with).
    static func queueConfiguration(on clock: AutoAdvancingEngineClock, video: any VideoOutput) -> PlayerConfiguration {
        let makeAudio: @Sendable () -> any AudioOutput = { NullAudioOutput(engineClock: clock) }
        var configuration = PlayerConfiguration(makeAudioOutput: makeAudio, videoOutput: video, clock: ManualClock())
        configuration.engineClock = clock
        return configuration
    }

    /// An item named `name`.`fileExtension` (FFmpeg's hint) whose every response sends all of
    /// `bytes` at once, on `clock`.
    static func item(
        _ name: String, bytes: Data, clock: AutoAdvancingEngineClock, fileExtension: String = "mp4"
    ) -> PlayerItem {
        PlayerItem(
            asset: URLAsset(
                url: URL(string: "http://127.0.0.1/\(name).\(fileExtension)")!,
                byteSourceFactory: { url in
                    EngineClockThrottledByteSource(
                        data: bytes, url: url, clock: clock,
                        throttle: { _ in ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero) })
                }))
    }
}
