import SpoolTestSupport
import SpoolUI

/// A model driven on a manual clock: inputs, reports and waits at the clock's time.
struct ControlsHarness {
    let clock = ManualClock()
    var model: PlayerControlsModel

    static let size = OverlaySize(width: 1280, height: 720)

    /// Ten minutes of media playing from 1:23 at 80 % volume.
    static let playing = PlaybackSnapshot(
        phase: .playing, currentTime: 83, duration: 600, loadedRanges: [0...120], volume: 0.8, title: "Big Buck Bunny")

    init(
        _ playback: PlaybackSnapshot = ControlsHarness.playing, size: OverlaySize = ControlsHarness.size,
        configuration: PlayerControlsConfiguration = PlayerControlsConfiguration()
    ) {
        model = PlayerControlsModel(configuration: configuration, windowSize: size, playback: playback, at: .zero)
    }

    var now: Duration { clock.now.offset }

    @discardableResult
    mutating func send(_ input: PlayerControlsInput) -> [PlayerControlsAction] {
        model.handle(input, at: now)
    }

    @discardableResult
    mutating func key(_ key: PlayerControlsKey, _ modifiers: PlayerControlsKey.Modifiers = []) -> [PlayerControlsAction]
    {
        model.handle(.key(key, modifiers: modifiers), at: now)
    }

    @discardableResult
    mutating func click(_ control: PlayerControl) -> [PlayerControlsAction] {
        let point = center(of: control)
        return send(.pointerPressed(at: point, clickCount: 1)) + send(.pointerReleased(at: point))
    }

    /// Lets `duration` pass on the manual clock and fires what fell due.
    mutating func wait(_ duration: Duration) {
        clock.advance(by: duration)
        model.advance(to: now)
    }

    mutating func report(_ playback: PlaybackSnapshot) {
        model.update(playback, at: now)
    }

    mutating func report(_ change: (inout PlaybackSnapshot) -> Void) {
        var playback = model.playback
        change(&playback)
        model.update(playback, at: now)
    }

    func frame(of control: PlayerControl) -> OverlayRect {
        model.layout.frame(of: control) ?? OverlayRect(x: -100, y: -100, width: 0, height: 0)
    }

    func center(of control: PlayerControl) -> OverlayPoint {
        let frame = frame(of: control)
        return OverlayPoint(x: frame.midX, y: frame.midY)
    }

    /// A point over the bare video (the middle of the upper half).
    static let overVideo = OverlayPoint(x: 640, y: 200)
}
