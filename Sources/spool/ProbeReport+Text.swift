import Foundation
import Spool

extension ProbeReport {
    /// A readable multi-line summary for a terminal, headed by the input's name.
    func text(for input: String) -> String {
        var lines = [input]
        lines.append("  format:    \(format)")
        lines.append("  duration:  \(duration.map { String(format: "%.3f s", $0) } ?? "indefinite (live)")")
        lines.append("  playable:  \(isPlayable ? "yes" : "no")")
        lines.append("  tracks:    \(tracks.count)")
        for (index, track) in tracks.enumerated() {
            lines.append("    #\(index) \(track.summary)")
        }
        if !chapters.isEmpty {
            lines.append("  chapters:  \(chapters.count)")
            for (index, chapter) in chapters.enumerated() {
                lines.append("    #\(index) \(chapter.summary)")
            }
        }
        if let dash { lines += dash.lines }
        if let title = metadata.title { lines.append("  title:     \(title)") }
        if let artist = metadata.artist { lines.append("  artist:    \(artist)") }
        if let album = metadata.album { lines.append("  album:     \(album)") }
        if let artwork = metadata.artwork {
            lines.append("  artwork:   \(artwork.mimeType ?? "unknown type"), \(artwork.bytes) bytes")
        }
        return lines.joined(separator: "\n")
    }
}

extension ProbeReport.Track {
    /// "video h264 320x240 25 fps 697 kb/s", listing only what the track states.
    var summary: String {
        var parts = [kind, codec]
        if let width, let height { parts.append("\(width)x\(height)") }
        if let frameRate { parts.append(String(format: "%g fps", frameRate)) }
        if let sampleRate { parts.append("\(sampleRate) Hz") }
        if let channels { parts.append("\(channels) ch") }
        if let language { parts.append("[\(language)]") }
        if let bitRate { parts.append("\(bitRate / 1000) kb/s") }
        return parts.joined(separator: " ")
    }
}

extension ProbeReport.Chapter {
    /// "0:02.000-0:04.500 Middle part": where it runs, then its title.
    var summary: String {
        let span = "\(Self.clock(start))-\(Self.clock(end))"
        return title.map { "\(span) \($0)" } ?? span
    }

    /// Minutes and seconds to the millisecond ("1:02.500"), hours when needed ("1:00:00.000").
    private static func clock(_ seconds: Double) -> String {
        let milliseconds = Int((max(seconds, 0) * 1000).rounded())
        let (hours, rest) = milliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        let (minutes, fraction) = rest.quotientAndRemainder(dividingBy: 60_000)
        let secondsPart = String(format: "%02d.%03d", fraction / 1000, fraction % 1000)
        return hours > 0 ? String(format: "%d:%02d:", hours, minutes) + secondsPart : "\(minutes):" + secondsPart
    }
}
