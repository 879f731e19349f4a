import Foundation

/// The ASS script a `CaptionStyle` becomes for the text-cue track: script resolution equal
/// to the frame (so every margin and position below is in frame pixels) and one `Default`
/// style.
extension CaptionStyle {
    /// How far glyph edges reach, as a share of the font size: outlines and shadows stay in
    /// proportion when the window or the scale changes.
    static let outlineFraction = 0.07
    static let shadowFraction = 0.06
    /// The padding of the background box around the text, as a share of the font size.
    static let boxPaddingFraction = 0.15

    /// The script header for a `frame`, with the given bottom and side margins in pixels.
    func assHeader(frame: OverlaySize, bottomMargin: Int, sideMargin: Int) -> String {
        let size = fontSize(forVideoHeight: frame.height)
        let boxed = backgroundOpacity > 0
        let outline: Double
        let shadow: Double
        switch (boxed, edgeStyle) {
        case (true, _): (outline, shadow) = (size * Self.boxPaddingFraction, 0)
        case (false, .none), (false, .raised), (false, .depressed): (outline, shadow) = (0, 0)
        case (false, .outline): (outline, shadow) = (size * Self.outlineFraction, 0)
        case (false, .dropShadow): (outline, shadow) = (0, size * Self.shadowFraction)
        }
        // BorderStyle 3 is the opaque box: libass fills it with the outline colour.
        let outlineColor =
            boxed ? Self.assColor(backgroundColor, opacity: backgroundOpacity) : Self.assColor(edgeColor, opacity: 1)
        let fields: [String] = [
            "Default", fontFamily, Self.number(size), Self.assColor(textColor, opacity: textOpacity),
            Self.assColor(textColor, opacity: textOpacity), outlineColor, Self.assColor(edgeColor, opacity: 0.75),
            "0", "0", "0", "0", "100", "100", "0", "0", boxed ? "3" : "1", Self.number(outline), Self.number(shadow),
            "2",
            "\(sideMargin)", "\(sideMargin)", "\(bottomMargin)", "1",
        ]
        return """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: \(frame.width)
            PlayResY: \(frame.height)
            ScaledBorderAndShadow: yes
            WrapStyle: 0
            YCbCr Matrix: None

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
            Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
            MarginR, MarginV, Encoding
            Style: \(fields.joined(separator: ","))

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
    }

    /// The override tags drawing one of the two passes of a raised or depressed edge (both
    /// passes carry the text; the lower layer's shadow goes up-left, the upper's down-right);
    /// empty for the other edge styles, which the style itself draws.
    func edgePassOverrides(frameHeight: Int) -> [String] {
        guard backgroundOpacity == 0 else { return [""] }
        let offset = Self.number(fontSize(forVideoHeight: frameHeight) * Self.shadowFraction / 2)
        let dark = Self.assColorTag(edgeColor, opacity: 0.9)
        let light = Self.assColorTag(.white, opacity: 0.9)
        switch edgeStyle {
        case .none, .outline, .dropShadow: return [""]
        case .raised:
            return [
                "\\4c\(light.color)\\4a\(light.alpha)\\xshad-\(offset)\\yshad-\(offset)",
                "\\4c\(dark.color)\\4a\(dark.alpha)\\xshad\(offset)\\yshad\(offset)",
            ]
        case .depressed:
            return [
                "\\4c\(dark.color)\\4a\(dark.alpha)\\xshad-\(offset)\\yshad-\(offset)",
                "\\4c\(light.color)\\4a\(light.alpha)\\xshad\(offset)\\yshad\(offset)",
            ]
        }
    }

    /// `&HAABBGGRR`, ASS's colour with inverted alpha (00 is opaque).
    static func assColor(_ color: OverlayColor, opacity: Double) -> String {
        let alpha = 255 - Int((Double(color.alpha) * opacity).rounded())
        return String(format: "&H%02X%02X%02X%02X", alpha, color.blue, color.green, color.red)
    }

    /// The parts of an inline colour override: `&HBBGGRR&` and `&HAA&`.
    static func assColorTag(_ color: OverlayColor, opacity: Double) -> (color: String, alpha: String) {
        let alpha = 255 - Int((Double(color.alpha) * opacity).rounded())
        return (
            String(format: "&H%02X%02X%02X&", color.blue, color.green, color.red), String(format: "&H%02X&", alpha)
        )
    }

    /// A number as ASS reads it (no exponent, two decimals at most).
    static func number(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
