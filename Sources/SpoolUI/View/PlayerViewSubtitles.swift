import Foundation
import Spool

/// The subtitles of a `PlayerView`: the current item's cues (through a `PlayerItemLegibleOutput`
/// it adds to each item that becomes current) drawn by a `SubtitleRenderer` for the video's
/// rectangle in the window, and checked against the playhead every `tick` of the view's clock
/// while a cue is held, so a cue appears and goes within one tick of its times.
///
/// Main-actor confined, like the renderer it drives (libass is not thread-safe).
@MainActor
final class PlayerViewSubtitles {
    /// How often the playhead is checked while cues are held (libass reports whether anything
    /// changed, so an unchanged check costs almost nothing).
    static let tick: Duration = .milliseconds(40)

    /// What is showing now, in the video rectangle's coordinates (`frame.frameSize` is its size).
    private(set) var frame: SubtitleFrame?
    /// Called after `frame` changed.
    var changeHandler: (@MainActor () -> Void)?
    /// The look of text cues.
    var style: CaptionStyle {
        get { renderer.style }
        set {
            renderer.style = newValue
            update()
        }
    }

    private let player: Player
    private let renderer: SubtitleRenderer
    private let clock: ControlsClock
    private var output: PlayerItemLegibleOutput?
    private weak var followedItem: PlayerItem?
    private var markup = SubtitleMarkup.webVTT
    private var cueTask: Task<Void, Never>?
    private var tickTask: Task<Void, Never>?
    private var eventsTask: Task<Void, Never>?
    private var heldCues = 0

    /// Subtitles for `player`'s items, checked on `clock`; fails when libass cannot start.
    init(player: Player, clock: ControlsClock, style: CaptionStyle) throws(SubtitleRendererError) {
        self.player = player
        self.clock = clock
        renderer = try SubtitleRenderer(frameSize: OverlaySize(width: 640, height: 360), style: style)
        let events = player.itemEvents()
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                switch event {
                case .currentItemChanged: self.followCurrentItem()
                case .seek: self.restartCues()
                default: break
                }
            }
        }
        followCurrentItem()
    }

    /// Stops following the player.
    func stop() {
        for task in [cueTask, tickTask, eventsTask] { task?.cancel() }
        if let output { followedItem?.remove(output) }
    }

    /// Lays the subtitles out for the video's rectangle size and the pixels to keep clear at its
    /// bottom (the control bar while it shows), then draws them again if that changed anything.
    func layout(videoSize: OverlaySize, bottomMargin: Int?) {
        guard videoSize.width > 0, videoSize.height > 0 else { return }
        if renderer.frameSize != videoSize { renderer.frameSize = videoSize }
        if renderer.bottomMargin != bottomMargin { renderer.bottomMargin = bottomMargin }
        update()
    }

    private func followCurrentItem() {
        let item = player.currentItem
        guard item !== followedItem else { return }
        if let output { followedItem?.remove(output) }
        cueTask?.cancel()
        renderer.removeAllCues()
        try? renderer.setASSTrack(nil)
        heldCues = 0
        followedItem = item
        output = nil
        update()
        guard let item else { return }
        markup = item.externalSubtitleURL?.pathExtension.lowercased() == "srt" ? .subRip : .webVTT
        let output = PlayerItemLegibleOutput()
        item.add(output)
        self.output = output
        let cues = output.cues
        let asset = item.asset
        cueTask = Task { [weak self] in
            // The item's fonts first: its ASS styles may name them, and they cannot be added
            // under a track already drawn (the asset is probed by now, so this is quick).
            let fonts = (try? await asset.load(.attachedFonts)) ?? []
            guard !Task.isCancelled else { return }
            try? self?.renderer.setAttachedFonts(fonts)
            for await cue in cues {
                guard let self else { return }
                if cue.ass != nil || cue.bitmap != nil {
                    self.renderer.addEmbedded(cue)
                } else {
                    self.renderer.add(cue, markup: self.markup)
                }
                self.heldCues += 1
                self.startTicking()
                self.update()
            }
        }
    }

    /// After a seek the output delivers the cues at the new position again.
    private func restartCues() {
        renderer.removeAllCues()
        heldCues = 0
        update()
    }

    private func startTicking() {
        guard tickTask == nil else { return }
        let clock = self.clock
        tickTask = Task { [weak self] in
            var deadline = clock.now()
            while !Task.isCancelled {
                deadline += Self.tick
                do { try await clock.sleep(until: deadline) } catch { return }
                guard let self else { return }
                self.update()
                if self.heldCues == 0 && (self.frame?.isEmpty ?? true) {
                    self.tickTask = nil
                    return
                }
            }
        }
    }

    private func update() {
        let now = player.currentTime()
        let rendering = renderer.render(at: now.isNumeric ? now : .zero)
        guard rendering.changed || frame == nil else { return }
        let next = rendering.frame
        guard next != frame else { return }
        frame = next
        changeHandler?()
    }
}
