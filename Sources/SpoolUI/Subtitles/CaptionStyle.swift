/// How text subtitles look: the counterpart of MACaptionAppearance (Apple) and
/// CaptionStyleCompat (Android). It styles cues that carry no style of their own (WebVTT,
/// SubRip); ASS/SSA tracks keep theirs.
///
/// Colours are `OverlayColor`s whose own alpha is multiplied by the matching opacity, so
/// `textColor: .white, textOpacity: 0.5` is half-transparent white.
public struct CaptionStyle: Sendable, Hashable {
    /// What is drawn around each glyph to keep it readable over the picture.
    public enum EdgeStyle: Sendable, Hashable, CaseIterable {
        /// Nothing.
        case none
        /// A black outline around every glyph.
        case outline
        /// A soft shadow below and to the right.
        case dropShadow
        /// Lit from the top left: a light edge above, a dark one below (drawn twice, as
        /// ExoPlayer's SubtitlePainter does).
        case raised
        /// Lit from the bottom right: a dark edge above, a light one below.
        case depressed
    }

    /// The share of the video height the text's line takes at `fontScale` 1: 5.3 %, the size
    /// CEA-708 decoders and the platforms' caption settings call "standard" (38 px at 720p,
    /// 57 px at 1080p).
    public static let standardTextHeightFraction = 0.053

    /// The text size relative to the standard size (0.25…4; 1.5 is "large").
    public var fontScale: Double
    /// The font family, resolved by fontconfig (so aliases such as "sans-serif" work).
    public var fontFamily: String
    /// The text colour.
    public var textColor: OverlayColor
    /// The text opacity, 0…1.
    public var textOpacity: Double
    /// The colour of the box behind each line.
    public var backgroundColor: OverlayColor
    /// The opacity of that box, 0…1; 0 draws no box.
    public var backgroundOpacity: Double
    /// The colour of a rectangle behind all the lines showing together, or `nil` for none
    /// (CEA-708's "window").
    public var windowColor: OverlayColor?
    /// The opacity of the window, 0…1.
    public var windowOpacity: Double
    /// The edge drawn around glyphs. With a background box the box stands in for the edge,
    /// since libass draws the box where the outline would be (ASS BorderStyle 3).
    public var edgeStyle: EdgeStyle
    /// The colour of the edge (outline or the dark side of a shadow).
    public var edgeColor: OverlayColor

    /// A style; every value is clamped to its range.
    public init(
        fontScale: Double = 1, fontFamily: String = "sans-serif", textColor: OverlayColor = .white,
        textOpacity: Double = 1, backgroundColor: OverlayColor = .black, backgroundOpacity: Double = 0,
        windowColor: OverlayColor? = nil, windowOpacity: Double = 0, edgeStyle: EdgeStyle = .outline,
        edgeColor: OverlayColor = .black
    ) {
        self.fontScale = min(max(fontScale, 0.25), 4)
        self.fontFamily = fontFamily
        self.textColor = textColor
        self.textOpacity = min(max(textOpacity, 0), 1)
        self.backgroundColor = backgroundColor
        self.backgroundOpacity = min(max(backgroundOpacity, 0), 1)
        self.windowColor = windowColor
        self.windowOpacity = min(max(windowOpacity, 0), 1)
        self.edgeStyle = edgeStyle
        self.edgeColor = edgeColor
    }

    /// White text with a black outline and no box, at the standard size.
    ///
    /// Outlined rather than boxed: it is what the libass players (mpv, VLC, Kodi) and most
    /// streaming services default to; it hides the least of the picture, and an outline keeps
    /// white text readable on white and black alike. A translucent box is one setting away
    /// (`backgroundOpacity`), as in the platforms' caption settings.
    public static let `default` = CaptionStyle()

    /// The font size in pixels for a video `height` pixels high: the line's height, as ASS
    /// measures a font size (ascender plus descender).
    public func fontSize(forVideoHeight height: Int) -> Double {
        max(Double(height) * Self.standardTextHeightFraction * fontScale, 1)
    }
}
