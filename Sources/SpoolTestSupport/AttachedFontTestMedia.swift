public import Foundation

/// Matroska files whose ASS track is styled in a font only the file carries
/// (`RenamedTestFont.family`, attached as a TrueType font), made by the ffmpeg CLI once per
/// test process into the test-media directory.
public enum AttachedFontTestMedia {
    /// The text every event shows: narrow letters, so the fixed-width attached font draws
    /// the line more than twice as wide as the proportional fallback does.
    public static let text = "iiiiiiiiiiii"
    /// When the event shows, in seconds.
    public static let cueStart = 2.0
    /// When the event ends, in seconds.
    public static let cueEnd = 12.0
    /// How long each file plays, in seconds.
    public static let duration = 14

    /// The ASS script: one white, bottom-centred style in the attached family, one event.
    public static var script: String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 640
        PlayResY: 360

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
        MarginR, MarginV, Encoding
        Style: Attached,\(RenamedTestFont.family),32,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,20,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:02.00,0:00:12.00,Attached,,0,0,0,,\(text)

        """
    }

    /// The name the font attachment carries in the file.
    public static let fontFileName = "spool-attached-mono.ttf"
    /// The name of the attachment that is not a font (a text file, which must be ignored).
    public static let notesFileName = "notes.txt"

    /// A flat blue 640x360 H.264 clip with silent AAC, the ASS track (English, default) and
    /// two attachments: the renamed font and a text file. `withFont: false` leaves the font
    /// out, so the style's family is found nowhere.
    public static func mkv(withFont: Bool) async throws -> URL {
        let directory = try TestMedia.directory()
        let output = directory.appendingPathComponent("attached-font-\(withFont ? "with" : "without").mkv")
        if FileManager.default.fileExists(atPath: output.path) { return output }
        let script = try TestMedia.file(named: "attached-font.ass", contents: Data(Self.script.utf8))
        let notes = try TestMedia.file(named: notesFileName, contents: Data("not a font\n".utf8))
        var attachments = ["-attach", notes.path, "-metadata:s:t:0", "mimetype=text/plain"]
        if withFont {
            let font = try RenamedTestFont.file(named: fontFileName)
            attachments += ["-attach", font.path, "-metadata:s:t:1", "mimetype=application/x-truetype-font"]
        }
        let partial = directory.appendingPathComponent("\(UUID().uuidString).mkv")
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "color=c=0x3050a0:size=640x360:rate=25",
                "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo", "-i", script.path,
            ] + attachments + [
                "-map", "0:v", "-map", "1:a", "-map", "2:s", "-t", "\(duration)",
                "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-c:s", "ass",
                "-metadata:s:s:0", "language=eng", "-disposition:s:0", "default", partial.path,
            ], timeout: .seconds(60))
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: partial)
            throw ToolError(description: "ffmpeg: \(result.errorText)")
        }
        try? FileManager.default.moveItem(at: partial, to: output)
        return output
    }
}
