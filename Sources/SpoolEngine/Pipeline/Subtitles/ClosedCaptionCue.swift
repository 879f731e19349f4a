import Foundation
import SpoolCore
import SpoolMedia

extension LegibleCue {
    /// The cue of a caption FFmpeg's `ccaption` decoded. Its events place the text on the
    /// decoder's own screen of caption rows (`{\an7}{\pos(38,243)}` in a 384×288 script);
    /// that placement is dropped, so the player view draws captions in its caption style,
    /// bottom centre, like other text cues (`hasOwnStyles` false: the header is FFmpeg's
    /// default, not an author's).
    init(caption: DecodedSubtitle, header: String) {
        let events = caption.assEvents.map(Self.withoutPlacement)
        self.init(
            start: caption.start, end: caption.end, text: caption.text,
            ass: LegibleCue.ASS(header: header, events: events, hasOwnStyles: false))
    }

    /// `event` without `\anN` and `\pos(x,y)` overrides (and the override blocks they
    /// leave empty).
    static func withoutPlacement(_ event: String) -> String {
        event.replacingOccurrences(of: #"\\an[1-9]|\\pos\([^)]*\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "{}", with: "")
    }
}
