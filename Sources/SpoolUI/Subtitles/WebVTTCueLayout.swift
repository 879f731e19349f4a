/// Where a WebVTT cue goes, in ASS terms: an alignment (`\an`, numpad layout) and either
/// margins (libass then stacks cues that overlap, as a browser does) or an explicit `\pos`.
///
/// Maps the cue settings `line` (a line number, negative from the bottom, or a percentage
/// with `start`/`center`/`end` line alignment), `position` (a percentage with
/// `line-left`/`center`/`line-right`), `align` (`start`/`left`, `center`, `end`/`right`)
/// and `size` (the box's width, as a percentage). `vertical` and regions are not drawn.
struct WebVTTCueLayout: Equatable {
    /// The numpad alignment: 1–3 bottom, 4–6 middle, 7–9 top; left, centre, right.
    var alignment: Int
    /// An explicit anchor point in frame pixels, or `nil` to place by margins.
    var position: (x: Int, y: Int)?
    /// Margins in frame pixels (the event's MarginL, MarginR, MarginV).
    var marginLeft: Int
    var marginRight: Int
    var marginVertical: Int

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.alignment == rhs.alignment && lhs.position?.x == rhs.position?.x && lhs.position?.y == rhs.position?.y
            && (lhs.marginLeft, lhs.marginRight, lhs.marginVertical)
                == (rhs.marginLeft, rhs.marginRight, rhs.marginVertical)
    }

    /// The override tags for this layout (`{\an2}`, `{\an7\pos(128,72)}`).
    var overrideTags: String {
        guard let position else { return "\\an\(alignment)" }
        return "\\an\(alignment)\\pos(\(position.x),\(position.y))"
    }

    private enum Horizontal { case left, center, right }
    private enum Vertical { case top, middle, bottom }

    /// The layout of a cue with `settings` in a `frame`, for lines `lineHeight` pixels high,
    /// the lowest line `bottomMargin` above the bottom edge, and `sideMargin` kept free at the
    /// left, right and top.
    init(settings: [String: String], frame: OverlaySize, lineHeight: Double, bottomMargin: Int, sideMargin: Int) {
        let width = Double(frame.width)
        let height = Double(frame.height)
        let textAlign = Self.horizontal(settings["align"]) ?? .center
        var horizontal = textAlign
        var x: Double?
        if let (percent, anchor) = Self.percentage(settings["position"]) {
            x = width * percent / 100
            switch anchor {
            case "line-left": horizontal = .left
            case "line-right": horizontal = .right
            case "center": horizontal = .center
            default: break
            }
        }
        var vertical = Vertical.bottom
        var y: Double?
        var verticalMargin = bottomMargin
        if let line = settings["line"], line != "auto" {
            let (value, lineAlign) = Self.split(line)
            if value.hasSuffix("%"), let percent = Double(value.dropLast()), (0...100).contains(percent) {
                y = height * percent / 100
                switch lineAlign {
                case "center": vertical = .middle
                case "end": vertical = .bottom
                default: vertical = .top
                }
            } else if let number = Int(value) {
                if number >= 0 {
                    vertical = .top
                    verticalMargin = sideMargin + Int((Double(number) * lineHeight).rounded())
                } else {
                    verticalMargin = bottomMargin + Int((Double(-number - 1) * lineHeight).rounded())
                }
            }
        }
        var left = sideMargin
        var right = sideMargin
        if let (size, _) = Self.percentage(settings["size"]), size < 100 {
            let free = Int((width * (100 - size) / 100).rounded())
            switch horizontal {
            case .left: right = max(right, free)
            case .right: left = max(left, free)
            case .center: (left, right) = (max(left, free / 2), max(right, free / 2))
            }
        }
        let row = [Vertical.bottom: 0, .middle: 3, .top: 6][vertical]!
        let column = [Horizontal.left: 1, .center: 2, .right: 3][horizontal]!
        alignment = row + column
        marginLeft = left
        marginRight = right
        marginVertical = verticalMargin
        if x != nil || y != nil {
            let anchorX =
                x
                ?? {
                    switch horizontal {
                    case .left: Double(sideMargin)
                    case .center: width / 2
                    case .right: width - Double(sideMargin)
                    }
                }()
            let anchorY = y ?? (vertical == .top ? Double(verticalMargin) : height - Double(verticalMargin))
            position = (Int(anchorX.rounded()), Int(anchorY.rounded()))
        } else {
            position = nil
        }
    }

    private static func horizontal(_ value: String?) -> Horizontal? {
        switch value {
        case "start", "left": .left
        case "center", "middle": .center
        case "end", "right": .right
        default: nil
        }
    }

    /// "10%,line-left" as (10, "line-left"); `nil` unless the value is a percentage in 0…100.
    private static func percentage(_ value: String?) -> (Double, String?)? {
        guard let value else { return nil }
        let (number, anchor) = split(value)
        guard number.hasSuffix("%"), let percent = Double(number.dropLast()), (0...100).contains(percent) else {
            return nil
        }
        return (percent, anchor)
    }

    private static func split(_ value: String) -> (String, String?) {
        let parts = value.split(separator: ",", maxSplits: 1).map(String.init)
        return (parts.first ?? "", parts.count > 1 ? parts[1] : nil)
    }
}
