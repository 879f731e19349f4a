import Spool
import SpoolUI
import Testing

/// libass subtitles at 1280x720: where cues land, when they show, how their markup, WebVTT
/// settings, the caption style and an ASS track's own style change the pixels, and what
/// `render` reports as changed. Screenshots: `.build/test-screenshots/subtitles-*.png`.
@Suite("Subtitle rendering (libass)")
struct SubtitleRendererTests {
    static let frame = OverlaySize(width: 1280, height: 720)

    static func seconds(_ value: Double) -> MediaTime { MediaTime(seconds: value, preferredTimescale: 1000) }

    static func cue(
        _ text: String, from start: Double = 1, to end: Double = 3, _ settings: [String: String] = [:]
    ) -> LegibleCue {
        LegibleCue(start: seconds(start), end: seconds(end), text: text, settings: settings)
    }

    /// The frame showing `cue` (alone) at 2 s.
    static func frame(
        of cue: LegibleCue, style: CaptionStyle = .default, bottomMargin: Int? = nil, markup: SubtitleMarkup = .webVTT
    ) throws -> SubtitleFrame {
        let renderer = try SubtitleRenderer(frameSize: frame, style: style, bottomMargin: bottomMargin)
        renderer.add(cue, markup: markup)
        return renderer.render(at: seconds(2)).frame
    }

    @Test("A cue shows glyph pixels in the lower part of the frame only between its start and end")
    func showsDuringCue() async throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.add(Self.cue("Hello, subtitles"))
        #expect(renderer.render(at: Self.seconds(0.5)).frame.isEmpty)
        let showing = renderer.render(at: Self.seconds(2)).frame
        #expect(!showing.isEmpty)
        #expect(showing.bounds.y > 720 * 3 / 4)
        #expect(showing.bounds.maxY <= 720)
        #expect(abs(showing.bounds.midX - 640) <= 4)
        let full = showing.fullFrame
        #expect(full.isTransparent(in: OverlayRect(x: 0, y: 0, width: 1280, height: 520)))
        #expect(Ink.box(of: full, where: Ink.isWhite) != nil)
        try await SubtitleScreenshots.save(showing, as: "subtitles-default")
        #expect(renderer.render(at: Self.seconds(3.5)).frame.isEmpty)
        #expect(renderer.render(at: Self.seconds(3)).frame.isEmpty)
    }

    @Test("Italics and bold change the pixels; bold is wider")
    func italicAndBold() throws {
        let plain = try Self.frame(of: Self.cue("Subtitle text"))
        let italic = try Self.frame(of: Self.cue("<i>Subtitle text</i>"))
        let bold = try Self.frame(of: Self.cue("<b>Subtitle text</b>"))
        #expect(italic.image != plain.image)
        #expect(bold.image != plain.image)
        #expect(bold.bounds.width > plain.bounds.width)
        // Class spans are dropped, not drawn as text.
        let classed = try Self.frame(of: Self.cue("<c.yellow>Subtitle text</c>"))
        #expect(classed == plain)
    }

    @Test("SubRip markup: <font color> draws in that colour")
    func subRipColour() throws {
        let frame = try Self.frame(of: Self.cue("<font color=\"#ff0000\">Red words</font>"), markup: .subRip)
        #expect(Ink.box(of: frame.fullFrame, where: Ink.isRed) != nil)
        #expect(Ink.box(of: frame.fullFrame, where: Ink.isWhite) == nil)
    }

    @Test("line:0 puts the cue at the top; line:-1 is the bottom")
    func lineZeroTop() throws {
        let top = try Self.frame(of: Self.cue("At the top", ["line": "0"]))
        #expect(top.bounds.y >= 0)
        #expect(top.bounds.maxY < 720 / 4)
        let bottom = try Self.frame(of: Self.cue("At the top", ["line": "-1"]))
        #expect(bottom.bounds == (try Self.frame(of: Self.cue("At the top"))).bounds)
        // line:2 is two lines further down than line:0.
        let third = try Self.frame(of: Self.cue("At the top", ["line": "2"]))
        let lineHeight = CaptionStyle.default.fontSize(forVideoHeight: 720)
        #expect(abs(Double(third.bounds.y - top.bounds.y) - 2 * lineHeight) <= 3)
    }

    @Test("line:50% with center line alignment puts the cue in the middle")
    func linePercent() throws {
        let middle = try Self.frame(of: Self.cue("Middle", ["line": "50%,center"]))
        #expect(abs(middle.bounds.midY - 360) <= 6)
        let startAligned = try Self.frame(of: Self.cue("Middle", ["line": "50%"]))
        #expect(abs(startAligned.bounds.y - 360) <= 8)
    }

    @Test("align:start puts the cue on the left, align:end on the right")
    func alignStart() throws {
        let left = try Self.frame(of: Self.cue("Left words", ["align": "start"]))
        #expect(left.bounds.x < 1280 / 8)
        #expect(left.bounds.maxX < 640)
        let right = try Self.frame(of: Self.cue("Right words", ["align": "end"]))
        #expect(right.bounds.maxX > 1280 * 7 / 8)
        #expect(right.bounds.x > 640)
    }

    @Test("position:10%,line-left anchors the cue's left edge at 10 % of the width")
    func positionPercent() throws {
        let placed = try Self.frame(of: Self.cue("Placed", ["position": "10%,line-left"]))
        #expect(abs(placed.bounds.x - 128) <= 6)
        #expect(placed.bounds.y > 720 * 3 / 4)
        let centred = try Self.frame(of: Self.cue("Placed", ["position": "75%"]))
        #expect(abs(centred.bounds.midX - 960) <= 6)
    }

    @Test("The bottom margin moves bottom cues up by about that many pixels, not top ones")
    func bottomMargin() throws {
        let standard = SubtitleRenderer.standardBottomMargin(forVideoHeight: 720)
        let low = try Self.frame(of: Self.cue("Above the bar"))
        let raised = try Self.frame(of: Self.cue("Above the bar"), bottomMargin: standard + 200)
        #expect(abs((low.bounds.maxY - raised.bounds.maxY) - 200) <= 3)
        let top = try Self.frame(of: Self.cue("Top", ["line": "0"]))
        let topRaised = try Self.frame(of: Self.cue("Top", ["line": "0"]), bottomMargin: standard + 200)
        #expect(top.bounds == topRaised.bounds)
    }

    @Test("The margin can change while a cue shows: the next render reports the change")
    func marginChangeWhileShowing() throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.add(Self.cue("Moving"))
        let before = renderer.render(at: Self.seconds(2))
        renderer.bottomMargin = 150
        let after = renderer.render(at: Self.seconds(2.1))
        #expect(after.changed)
        #expect(before.frame.bounds.maxY - after.frame.bounds.maxY > 100)
    }

    @Test("The standard size is about 5.3 % of the height: lines are that far apart")
    func standardSize() throws {
        let style = CaptionStyle(edgeStyle: .none)
        let twoLines = try Self.frame(of: Self.cue("H\nH"), style: style).fullFrame
        let rows = Ink.rows(of: twoLines, where: Ink.isWhite)
        let tops = Ink.runStarts(rows)
        try #require(tops.count == 2)
        let lineHeight = Double(tops[1] - tops[0])
        #expect(abs(lineHeight - 720 * 0.053) <= 2)
        // A capital's height is about 0.63 of the line (DejaVu Sans's cap height).
        let capital = try #require(
            Ink.box(of: Self.frame(of: Self.cue("H"), style: style).fullFrame, where: Ink.isWhite))
        #expect(Double(capital.height) > lineHeight * 0.5 && Double(capital.height) < lineHeight * 0.8)
        let doubled = try #require(
            Ink.box(
                of: Self.frame(of: Self.cue("H"), style: CaptionStyle(fontScale: 2, edgeStyle: .none)).fullFrame,
                where: Ink.isWhite))
        #expect(abs(Double(doubled.height) - 2 * Double(capital.height)) <= 3)
    }

    @Test("Edge styles and the background box change the pixels around the glyphs")
    func edgeStyles() async throws {
        var frames: [CaptionStyle.EdgeStyle: SubtitleFrame] = [:]
        for edge in CaptionStyle.EdgeStyle.allCases {
            frames[edge] = try Self.frame(of: Self.cue("Edges"), style: CaptionStyle(edgeStyle: edge))
        }
        #expect(Set(frames.values.map(\.image.pixels)).count == CaptionStyle.EdgeStyle.allCases.count)
        let none = try #require(frames[.none])
        let outline = try #require(frames[.outline])
        #expect(outline.bounds.width > none.bounds.width)
        #expect(Ink.box(of: outline.fullFrame, where: Ink.isBlack) != nil)
        #expect(Ink.box(of: none.fullFrame, where: Ink.isBlack) == nil)
        let boxed = try Self.frame(
            of: Self.cue("Boxed"), style: CaptionStyle(backgroundColor: .black, backgroundOpacity: 0.75))
        let rect = boxed.bounds.insetBy(dx: 2, dy: 2)
        #expect(boxed.fullFrame.minimumAlpha(in: rect) >= 180)
        try await SubtitleScreenshots.save(boxed, as: "subtitles-boxed")
    }

    @Test("A window colour fills a rectangle behind the lines")
    func window() throws {
        let style = CaptionStyle(windowColor: OverlayColor(red: 0, green: 0, blue: 255), windowOpacity: 1)
        let frame = try Self.frame(of: Self.cue("Window"), style: style)
        let corner = frame.fullFrame.color(atX: frame.bounds.x + 1, y: frame.bounds.y + 1)
        #expect(corner == OverlayColor(red: 0, green: 0, blue: 255))
    }

    @Test("An ASS track keeps its own style: red text, top-centre alignment")
    func assTrackStyle() async throws {
        let header = Self.assHeader(alignment: 8)
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        try renderer.setASSTrack(
            ASSSubtitleTrack(
                header: header,
                events: [
                    ASSSubtitleEvent(start: Self.seconds(1), end: Self.seconds(3), line: "0,0,Sign,,0,0,0,,Red sign")
                ]))
        #expect(renderer.render(at: Self.seconds(0.5)).frame.isEmpty)
        let frame = renderer.render(at: Self.seconds(2)).frame
        let full = frame.fullFrame
        let red = try #require(Ink.box(of: full, where: Ink.isRed))
        #expect(red.maxY < 720 / 4)
        #expect(abs(red.midX - 640) <= 8)
        #expect(Ink.box(of: full, where: Ink.isWhite) == nil)
        try await SubtitleScreenshots.save(frame, as: "subtitles-ass-track")
        // Text cues show alongside it, in the caption style.
        renderer.add(Self.cue("Dialogue"))
        let both = renderer.render(at: Self.seconds(2)).frame.fullFrame
        #expect(Ink.box(of: both, where: Ink.isRed) == red)
        #expect(try #require(Ink.box(of: both, where: Ink.isWhite)).y > 720 * 3 / 4)
    }

    @Test("An ASS track's bottom lines move up with the bottom margin as well")
    func assTrackMargin() throws {
        func frame(bottomMargin: Int?) throws -> SubtitleFrame {
            let renderer = try SubtitleRenderer(frameSize: Self.frame, bottomMargin: bottomMargin)
            try renderer.setASSTrack(
                ASSSubtitleTrack(
                    header: Self.assHeader(alignment: 2),
                    events: [
                        ASSSubtitleEvent(start: Self.seconds(1), end: Self.seconds(3), line: "0,0,Sign,,0,0,0,,Low")
                    ]
                ))
            return renderer.render(at: Self.seconds(2)).frame
        }
        let standard = SubtitleRenderer.standardBottomMargin(forVideoHeight: 720)
        let low = try frame(bottomMargin: nil)
        let raised = try frame(bottomMargin: standard + 200)
        #expect(low.bounds.maxY > 720 * 9 / 10)
        #expect(abs((low.bounds.maxY - raised.bounds.maxY) - 200) <= 12)
    }

    @Test("size:40% with align:start wraps long text inside the left 40 %")
    func sizeSetting() throws {
        let text = "A long line of subtitle text that cannot fit in less than half of the frame"
        let wide = try Self.frame(of: Self.cue(text, ["align": "start"]))
        let narrow = try Self.frame(of: Self.cue(text, ["align": "start", "size": "40%"]))
        #expect(narrow.bounds.maxX <= 1280 * 45 / 100)
        #expect(narrow.bounds.height > wide.bounds.height)
    }

    @Test("WebVTT entities are decoded and braces are drawn, not read as ASS tags")
    func entitiesAndBraces() throws {
        let escaped = try Self.frame(of: Self.cue("Tom &amp; {\\an8}Jerry"))
        #expect(escaped.bounds.y > 720 * 3 / 4)
        let plain = try Self.frame(of: Self.cue("Tom & {\\an8}Jerry"))
        #expect(escaped == plain)
    }

    @Test("render reports unchanged within a cue, changed when it ends or another starts")
    func detectChange() throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.add(Self.cue("Steady", from: 1, to: 3))
        renderer.add(Self.cue("Next", from: 4, to: 5))
        #expect(renderer.render(at: Self.seconds(0.5)).changed)  // the first render
        #expect(!renderer.render(at: Self.seconds(0.9)).changed)
        let first = renderer.render(at: Self.seconds(1.5))
        #expect(first.changed)
        let same = renderer.render(at: Self.seconds(2.5))
        #expect(!same.changed)
        #expect(same.frame == first.frame)
        let ended = renderer.render(at: Self.seconds(3.2))
        #expect(ended.changed)
        #expect(ended.frame.isEmpty)
        #expect(!renderer.render(at: Self.seconds(3.5)).changed)
        let next = renderer.render(at: Self.seconds(4.5))
        #expect(next.changed)
        #expect(!next.frame.isEmpty)
    }

    @Test("Overlapping cues both show, stacked; a cue delivered twice is drawn once")
    func overlapping() async throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.add(Self.cue("First speaker", from: 1, to: 4))
        let single = renderer.render(at: Self.seconds(1.5)).frame
        renderer.add(Self.cue("Second speaker", from: 2, to: 5))
        renderer.add(Self.cue("First speaker", from: 1, to: 4))
        let both = renderer.render(at: Self.seconds(3)).frame
        try await SubtitleScreenshots.save(both, as: "subtitles-overlapping")
        let tops = Ink.runStarts(Ink.rows(of: both.fullFrame, where: Ink.isWhite))
        #expect(tops.count == 2)
        #expect(both.bounds.height > single.bounds.height * 3 / 2)
        let second = renderer.render(at: Self.seconds(4.5)).frame
        #expect(second.bounds.height < both.bounds.height)
        // After a removal nothing is left.
        renderer.removeAllCues()
        #expect(renderer.render(at: Self.seconds(3)).frame.isEmpty)
    }

    @Test("A long run of cues: every one shows in its second and changes the frame (pruning keeps the live ones)")
    func manyCues() throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        for index in 0..<150 { renderer.add(Self.cue("Cue \(index)", from: Double(index), to: Double(index + 1))) }
        var previous: SubtitleFrame?
        for index in 0..<150 {
            let rendering = renderer.render(at: Self.seconds(Double(index) + 0.5))
            #expect(rendering.changed)
            #expect(!rendering.frame.isEmpty)
            #expect(rendering.frame != previous)
            previous = rendering.frame
        }
        #expect(renderer.render(at: Self.seconds(151)).frame.isEmpty)
    }

    @Test("A resized frame lays the cue out again at the new size")
    func resize() throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.add(Self.cue("Resized"))
        let small = renderer.render(at: Self.seconds(2)).frame
        renderer.frameSize = OverlaySize(width: 1920, height: 1080)
        let large = renderer.render(at: Self.seconds(2))
        #expect(large.changed)
        #expect(large.frame.frameSize == OverlaySize(width: 1920, height: 1080))
        #expect(abs(Double(large.frame.bounds.height) / Double(small.bounds.height) - 1.5) < 0.15)
    }

    /// A 640x360 script with one style, "Sign": DejaVu Sans 28, red, no outline, at
    /// `alignment` (numpad), 20 units from the edge.
    static func assHeader(alignment: Int) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 640
        PlayResY: 360

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
        MarginR, MarginV, Encoding
        Style: Sign,DejaVu Sans,28,&H000000FF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,\(alignment),10,10,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """
    }
}
