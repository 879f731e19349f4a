import Foundation
import Spool
import SpoolUI

/// The user's keys in a session: the terminal's keys, Ctrl-C, and the window's keys and clicks
/// when the on-screen controls are off (with them, the view takes the window's input). A key
/// bound in input.conf runs its command; the others are mpv's defaults.
@MainActor
final class PlayInteraction: PlaySessionObserver {
    private let player: QueuePlayer
    private let outputs: SelectedOutputs
    private let playerView: PlayerView?
    private let statusLine: StatusLineUpdater
    /// Key seeks of at most this many seconds are exact (`--hr-seek`).
    private let exactSeekLimit: Double
    /// What only the session can do: quit, Next with resume, bindings, chapters, PiP.
    weak var session: PlaySession?
    private var keys: TerminalKeys?
    private var interruptSource: (any DispatchSourceSignal)?

    /// Drives `player`; the status line is redrawn after each key. Key seeks of at most
    /// `exactSeekLimit` seconds land exactly on their frame, longer ones on a keyframe.
    init(
        player: QueuePlayer, outputs: SelectedOutputs, playerView: PlayerView?, statusLine: StatusLineUpdater,
        exactSeekLimit: Double = 10
    ) {
        self.exactSeekLimit = exactSeekLimit
        self.player = player
        self.outputs = outputs
        self.playerView = playerView
        self.statusLine = statusLine
    }

    /// Starts reading the terminal's keys and takes Ctrl-C.
    func start() {
        keys = TerminalKeys { press in
            Task { @MainActor [weak self] in
                guard let self, self.session?.runBinding(for: press.name) != true else { return }
                if let key = press.builtIn { self.handle(key) }
            }
        }
        // Ctrl-C quits like `q`: the terminal is restored and --stats still printed.
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.session?.quit() } }
        source.resume()
        interruptSource = source
    }

    /// Gives the terminal back and stops taking Ctrl-C.
    func stop() {
        keys?.restore()
        interruptSource?.cancel()
    }

    /// A window event: mpv's keys and a double click for full screen.
    func handle(_ event: VideoWindowEvent) {
        // With the on-screen controls, the view takes the window's input (and asks back).
        guard playerView?.showsPlaybackControls != true else { return }
        if case .keyDown(let key, _) = event, let name = key.bindingName, session?.runBinding(for: name) == true {
            return
        }
        switch event {
        case .quitRequested: session?.quit()
        case .keyDown(let key, _): handle(window: key)
        case .click(_, _, let clickCount) where clickCount == 2: outputs.toggleFullscreen()
        default: break
        }
    }

    private func handle(window key: VideoWindowKey) {
        switch key {
        case .space: handle(PlayerKey.togglePause)
        case .left: handle(PlayerKey.seekBy(-5))
        case .right: handle(PlayerKey.seekBy(5))
        case .up: handle(PlayerKey.seekBy(60))
        case .down: handle(PlayerKey.seekBy(-60))
        case .pageUp: handle(PlayerKey.chapter(1))
        case .pageDown: handle(PlayerKey.chapter(-1))
        case .leftBracket: handle(PlayerKey.speedDown)
        case .rightBracket: handle(PlayerKey.speedUp)
        case .nine: handle(PlayerKey.volumeDown)
        case .zero: handle(PlayerKey.volumeUp)
        case .m: handle(PlayerKey.toggleMute)
        case .n: handle(PlayerKey.next)
        case .q, .escape: handle(PlayerKey.quit)
        case .f: outputs.toggleFullscreen()
        case .p: session?.togglePictureInPicture()
        case .other(code: 0x73): handle(PlayerKey.screenshot)  // `s` (SDL's code is the character)
        case .other(code: 0x2E): handle(PlayerKey.frameStep)  // `.`
        case .other(code: 0x2C): handle(PlayerKey.frameBackStep)  // `,`
        case .other(code: 0x6C): handle(PlayerKey.abLoop)  // `l`
        case .other(code: 0x7A): handle(PlayerKey.subtitleDelayDown)  // `z`
        case .other(code: 0x78): handle(PlayerKey.subtitleDelayUp)  // `x`
        default: break
        }
    }

    private func handle(_ key: PlayerKey) {
        switch key {
        case .togglePause:
            if player.rate == 0 { player.play() } else { player.pause() }
        case .seekBy(let seconds):
            let now = player.currentTime()
            guard now.isNumeric else { return }
            let target = MediaTime(seconds: max(now.seconds + seconds, 0), preferredTimescale: 1000)
            if abs(seconds) <= exactSeekLimit {
                player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
            } else {
                Task { await player.seek(to: target) }
            }
        case .speedDown, .speedUp:
            let step: Float = key == .speedUp ? 0.25 : -0.25
            player.defaultRate = min(max(player.defaultRate + step, 0.5), 4)
            if player.rate != 0 { player.rate = player.defaultRate }
        case .volumeDown: player.volume -= 0.05
        case .volumeUp: player.volume += 0.05
        case .toggleMute: player.isMuted.toggle()
        case .next: session?.skipToNextItem()
        case .chapter(let step): session?.stepChapter(by: step)
        case .quit: session?.quit()
        case .screenshot: Screenshot.take(player)
        case .frameStep: session?.runCommand("frame-step")
        case .frameBackStep: session?.runCommand("frame-back-step")
        case .abLoop: session?.runCommand("ab-loop")
        case .subtitleDelayDown: session?.runCommand("add sub-delay -0.1")
        case .subtitleDelayUp: session?.runCommand("add sub-delay 0.1")
        }
        statusLine.refresh()
    }
}
