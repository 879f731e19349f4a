internal import CLibass
import Foundation
public import Spool
import SpoolMedia

/// Draws subtitles with libass, the renderer of mpv, VLC and Kodi: text cues
/// (`LegibleCue`s from WebVTT or SubRip, styled by a `CaptionStyle`, placed by their WebVTT
/// settings) and a native ASS track (its own styles), into a `SubtitleFrame` for a frame
/// size; bitmap cues (PGS, DVD, DVB) are composited into the same frame, scaled from their
/// reference size to the frame, neither styled nor moved by the bottom margin.
///
/// `render(at:)` tells whether the picture changed since the previous render (libass's
/// `detect_change`), so a window re-uploads its subtitle texture only then. Cues are kept
/// until they end and are re-laid out when the frame, the style or the bottom margin
/// changes. Not `Sendable` (libass is not thread-safe): use one renderer from one thread.
public final class SubtitleRenderer {
    /// The frame the subtitles are drawn for (the video's display size in the window).
    public var frameSize: OverlaySize { didSet { if frameSize != oldValue { layoutChanged = true } } }
    /// The look of text cues.
    public var style: CaptionStyle { didSet { if style != oldValue { layoutChanged = true } } }
    /// Pixels from the frame's bottom edge to the lowest subtitle line, or nil for the
    /// standard margin (`standardBottomMargin`). Raise it while the controls show so
    /// subtitles sit above the bar; cues placed by WebVTT `line` at the top do not move.
    public var bottomMargin: Int? { didSet { if bottomMargin != oldValue { layoutChanged = true } } }

    private var library: LibassLibrary
    private var textRenderer: LibassRenderer
    /// The fonts `library` holds besides the system's (the item's attachments).
    private var attachedFonts: [AttachedFont] = []
    private var nativeRenderer: LibassRenderer?
    private let converter = TextSubtitleConverter()
    private var cues = TextCueTrack()
    /// Bitmap cues held until they end, in arrival order (stacking order).
    private var bitmapCues: [LegibleCue] = []
    /// The bitmap cues the last frame showed.
    private var shownBitmapCues: [LegibleCue] = []
    private var textTrack: LibassTrack?
    private var nativeTrack: LibassTrack?
    /// The header of the ASS track that embedded cues with their own styles were added to.
    private var embeddedHeader: String?
    private var readOrder = 0
    private var layoutChanged = true
    private var lastFrame: SubtitleFrame
    /// How many ended cues are pruned at once (a rebuild of the track).
    private static let pruneThreshold = 64

    /// A renderer for `frameSize`; fails when libass or its fonts cannot start.
    public init(frameSize: OverlaySize, style: CaptionStyle = .default, bottomMargin: Int? = nil)
        throws(SubtitleRendererError)
    {
        self.frameSize = frameSize
        self.style = style
        self.bottomMargin = bottomMargin
        library = try LibassLibrary()
        textRenderer = try LibassRenderer(library: library)
        lastFrame = .empty(frameSize)
    }

    /// The standard bottom margin: 5 % of the frame's height (the title-safe area).
    public static func standardBottomMargin(forVideoHeight height: Int) -> Int {
        Int((Double(height) * 0.05).rounded())
    }

    private var effectiveBottomMargin: Int {
        bottomMargin ?? Self.standardBottomMargin(forVideoHeight: frameSize.height)
    }

    private var sideMargin: Int { Int((Double(frameSize.width) * 0.05).rounded()) }

    /// Adds a text cue. Its markup is read by FFmpeg's decoder for `markup` (`<i>`, `<b>`,
    /// `<u>`, `<c.x>`…); a cue equal to one already held, or ending before it starts, is
    /// ignored. Text FFmpeg refuses is drawn as plain text.
    public func add(_ cue: LegibleCue, markup: SubtitleMarkup = .webVTT) {
        let converted =
            (try? converter.assText(for: cue.text, markup: markup.decoderMarkup)) ?? Self.plainASSText(cue.text)
        guard let entry = cues.add(cue, assText: converted), !layoutChanged, let textTrack else { return }
        append(entry, to: textTrack)
    }

    /// Adds a cue of a subtitle track inside the media file (`cue.ass` set; without it, the
    /// same as `add(_:markup:)` for WebVTT). An ASS/SSA track's events are drawn with its own
    /// header and styles, on an ASS track that is replaced when the header changes; other
    /// tracks' events (SubRip, mov_text, WebVTT, already ASS text from FFmpeg's decoders) are
    /// drawn in `style` like sidecar cues.
    /// A bitmap cue (`cue.bitmap` set) is held until it ends and drawn as its author placed it.
    public func addEmbedded(_ cue: LegibleCue) {
        if cue.bitmap != nil {
            if cue.end > cue.start, !bitmapCues.contains(cue) { bitmapCues.append(cue) }
            return
        }
        guard let ass = cue.ass else { return add(cue) }
        if ass.hasOwnStyles {
            if embeddedHeader != ass.header {
                guard (try? setASSTrack(ASSSubtitleTrack(header: ass.header))) != nil else { return }
                embeddedHeader = ass.header
            }
            for line in ass.events { addASSEvent(ASSSubtitleEvent(start: cue.start, end: cue.end, line: line)) }
            return
        }
        let text = ass.events.map(TextSubtitleConverter.textField(ofDialogue:)).joined(separator: "\\N")
        guard let entry = cues.add(cue, assText: text), !layoutChanged, let textTrack else { return }
        append(entry, to: textTrack)
    }

    /// Makes `fonts` (an item's `attachedFonts`) available to ASS styles that name them,
    /// replacing the previous item's; the system's fonts stay. Call it before adding the
    /// item's cues: a change of fonts starts libass afresh, which drops the ASS track set by
    /// `setASSTrack` or embedded cues (the text cues are laid out again). A no-op when the
    /// fonts are unchanged.
    public func setAttachedFonts(_ fonts: [AttachedFont]) throws(SubtitleRendererError) {
        guard fonts != attachedFonts else { return }
        // libass removes memory fonts only from a library nothing uses any more
        // (ass_clear_fonts), so a new set gets a new library and renderers.
        let fresh = try LibassLibrary()
        for font in fonts { fresh.addFont(named: font.name, data: font.data) }
        textRenderer = try LibassRenderer(library: fresh)
        library = fresh
        attachedFonts = fonts
        nativeRenderer = nil
        nativeTrack = nil
        textTrack = nil
        embeddedHeader = nil
        layoutChanged = true
    }

    /// Forgets every text cue (a new item, a seek that re-delivers them).
    public func removeAllCues() {
        cues.removeAll()
        bitmapCues.removeAll()
        layoutChanged = true
    }

    /// Shows `track` (nil: none) alongside the text cues, replacing the previous ASS track.
    public func setASSTrack(_ track: ASSSubtitleTrack?) throws(SubtitleRendererError) {
        embeddedHeader = nil
        guard let track else {
            nativeTrack = nil
            layoutChanged = true
            return
        }
        let loaded = try LibassTrack(library: library, header: track.header)
        if nativeRenderer == nil { nativeRenderer = try LibassRenderer(library: library) }
        nativeTrack = loaded
        for event in track.events { addASSEvent(event) }
        layoutChanged = true
    }

    /// Adds an event to the ASS track (a packet read later); ignored without a track.
    public func addASSEvent(_ event: ASSSubtitleEvent) {
        let start = event.start.libassMilliseconds
        nativeTrack?.addEvent(
            event.line, startMilliseconds: start, durationMilliseconds: max(event.end.libassMilliseconds - start, 0))
    }

    /// The subtitles showing at `time` (the item's timeline) and whether they differ from
    /// the previous render's. The first render always reports a change.
    public func render(at time: MediaTime) -> SubtitleRendering {
        var forced = false
        if cues.entries.count >= Self.pruneThreshold, cues.removeEnded(before: time, minimum: Self.pruneThreshold) {
            layoutChanged = true
        }
        if layoutChanged {
            rebuildTextTrack()
            forced = true
        }
        guard let textTrack else { return SubtitleRendering(changed: forced, frame: lastFrame) }
        let milliseconds = time.libassMilliseconds
        // Bitmap cues showing at `time`, on libass's millisecond clock so they change with the text.
        bitmapCues.removeAll { $0.end.libassMilliseconds <= milliseconds }
        let showing = bitmapCues.filter { $0.start.libassMilliseconds <= milliseconds }
        let bitmapsChanged = showing != shownBitmapCues
        shownBitmapCues = showing
        textRenderer.setFrameSize(frameSize)
        let window = style.windowColor.map { $0.fading(style.windowOpacity) }
        let frame = textRenderer.render(textTrack, at: milliseconds) { textImages, textChange -> SubtitleFrame? in
            let compose = { (nativeImages: UnsafeMutablePointer<ASS_Image>?, nativeChange: Int32) -> SubtitleFrame? in
                guard forced || bitmapsChanged || textChange != 0 || nativeChange != 0 else { return nil }
                var compositor = SubtitleCompositor()
                if let window, let box = Self.bounds(of: textImages) {
                    let padding = Int(self.style.fontSize(forVideoHeight: self.frameSize.height) * 0.25)
                    compositor.underlay = (box.insetBy(dx: -padding, dy: -padding), window)
                }
                let bitmaps = BitmapSubtitlePlacement.placements(of: showing, in: self.frameSize)
                return compositor.compose([nativeImages, textImages], bitmaps: bitmaps, frame: self.frameSize)
            }
            guard let nativeTrack, let nativeRenderer else { return compose(nil, 0) }
            nativeRenderer.setFrameSize(frameSize)
            let raise = Double(effectiveBottomMargin - Self.standardBottomMargin(forVideoHeight: frameSize.height))
            nativeRenderer.setLinePosition(min(max(raise / Double(max(frameSize.height, 1)) * 100, 0), 100))
            return nativeRenderer.render(nativeTrack, at: milliseconds, compose)
        }
        guard let frame else { return SubtitleRendering(changed: false, frame: lastFrame) }
        let changed = forced || frame != lastFrame
        lastFrame = frame
        return SubtitleRendering(changed: changed, frame: frame)
    }

    private func rebuildTextTrack() {
        layoutChanged = false
        let header = style.assHeader(frame: frameSize, bottomMargin: effectiveBottomMargin, sideMargin: sideMargin)
        guard let track = try? LibassTrack(library: library, header: header) else {
            textTrack = nil
            return
        }
        textTrack = track
        for entry in cues.entries { append(entry, to: track) }
    }

    private func append(_ entry: TextCueTrack.Entry, to track: LibassTrack) {
        let lines = TextCueTrack.eventLines(
            for: entry, style: style, frame: frameSize, bottomMargin: effectiveBottomMargin, sideMargin: sideMargin,
            readOrder: &readOrder)
        let start = entry.cue.start.libassMilliseconds
        let duration = max(entry.cue.end.libassMilliseconds - start, 0)
        for line in lines { track.addEvent(line, startMilliseconds: start, durationMilliseconds: duration) }
    }

    private static func bounds(of list: UnsafeMutablePointer<ASS_Image>?) -> OverlayRect? {
        var union: OverlayRect?
        var image = list
        while let current = image {
            let item = current.pointee
            if item.w > 0, item.h > 0 {
                let rect = OverlayRect(x: Int(item.dst_x), y: Int(item.dst_y), width: Int(item.w), height: Int(item.h))
                union = union.map { SubtitleCompositor.union($0, rect) } ?? rect
            }
            image = item.next
        }
        return union
    }

    /// Text as ASS without markup: braces and backslashes escaped, lines joined with `\N`.
    static func plainASSText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "{", with: "\\{")
            .replacingOccurrences(of: "}", with: "\\}").replacingOccurrences(of: "\n", with: "\\N")
    }
}

/// What `SubtitleRenderer.render(at:)` produced.
public struct SubtitleRendering: Sendable, Equatable {
    /// Whether `frame` differs from the previous render's (re-upload only then).
    public let changed: Bool
    /// The subtitles showing; empty when none is.
    public let frame: SubtitleFrame
}
