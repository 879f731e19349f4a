import Spool
import SpoolUI

/// Picture-in-Picture for the SDL window (`p` in the window): toggles it, keeps the on-screen
/// controls' button in step, logs its transitions (`pictureInPicture` in `--events`) and says on
/// stderr why it could not start.
@MainActor
final class PictureInPictureFollower: PlaySessionObserver {
    /// nil where Picture-in-Picture is not possible (no window).
    private let controller: PictureInPictureController?
    private var task: Task<Void, Never>?

    /// Makes `player`'s Picture-in-Picture controller (none without a window).
    init(player: QueuePlayer) {
        controller = PictureInPictureController(player: player)
    }

    /// Whether there is a window to float.
    var isPossible: Bool { controller != nil }

    /// Follows the controller's events until `stop()`.
    func start(events: EventLog, names: PlayItemNames, player: QueuePlayer, controls: PlayerControlsController?) {
        guard let controller else { return }
        let stream = controller.events()
        task = Task {
            for await event in stream {
                if case .failedToStart(let error) = event { StandardError.report("\(error)") }
                controls?.isPictureInPictureActive = controller.isPictureInPictureActive
                events.write("pictureInPicture", item: names.currentName(in: player), ["event": "\(event)"])
            }
        }
    }

    /// Into the floating window, or back to the main one. The floating window's own buttons are
    /// handled by the controller; refusals (an audio-only item, nothing shown yet) arrive as
    /// events.
    func toggle() {
        guard let controller else { return }
        if controller.isPictureInPictureActive {
            controller.stopPictureInPicture()
        } else {
            controller.startPictureInPicture()
        }
    }

    /// Stops following the controller.
    func stop() { task?.cancel() }
}
