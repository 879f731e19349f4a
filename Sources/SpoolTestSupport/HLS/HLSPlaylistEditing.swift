import Foundation

/// Text edits on ffmpeg's playlists for what its HLS muxer (5.1) leaves out: measured
/// bandwidths, FRAME-RATE, readable rendition names, WebVTT's X-TIMESTAMP-MAP.
enum HLSPlaylistEditing {
    /// Peak (largest segment) and average bit rates of a media playlist's segments, in bits/s.
    struct BitRates {
        var peak = 0
        var average = 0
    }

    /// Rewrites the master at `url`: BANDWIDTH becomes the peak segment bit rate (plus the
    /// largest audio rendition's, for variants with an AUDIO group) followed by
    /// AVERAGE-BANDWIDTH; video variants get FRAME-RATE; rendition NAMEs are renamed.
    static func completeMaster(at url: URL, renditionNames: [String: String], frameRate: String) throws {
        let directory = url.deletingLastPathComponent()
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var groupRates: [String: BitRates] = [:]
        for (index, line) in lines.enumerated() where line.hasPrefix("#EXT-X-MEDIA:") {
            var edited = line
            if let name = attribute("NAME", in: line), let replacement = renditionNames[name] {
                edited = edited.replacingOccurrences(of: "NAME=\"\(name)\"", with: "NAME=\"\(replacement)\"")
            }
            lines[index] = edited
            if let group = attribute("GROUP-ID", in: line), let uri = attribute("URI", in: line),
                attribute("TYPE", in: line) == "AUDIO"
            {
                let rates = try bitRates(ofMediaPlaylist: directory.appendingPathComponent(uri))
                let current = groupRates[group] ?? BitRates()
                groupRates[group] = BitRates(
                    peak: max(current.peak, rates.peak), average: max(current.average, rates.average))
            }
        }
        for index in lines.indices where lines[index].hasPrefix("#EXT-X-STREAM-INF:") {
            guard let uri = lines[(index + 1)...].first(where: { !$0.isEmpty && !$0.hasPrefix("#") }) else { continue }
            var rates = try bitRates(ofMediaPlaylist: directory.appendingPathComponent(uri))
            if let group = attribute("AUDIO", in: lines[index]), let audio = groupRates[group] {
                rates.peak += audio.peak
                rates.average += audio.average
            }
            var line = lines[index].replacingOccurrences(
                of: "BANDWIDTH=[0-9]+", with: "BANDWIDTH=\(rates.peak),AVERAGE-BANDWIDTH=\(rates.average)",
                options: .regularExpression)
            if line.contains("RESOLUTION=") { line += ",FRAME-RATE=\(frameRate)" }
            lines[index] = line
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The variant URIs and rendition URIs of the master at `url`, as written (relative).
    static func playlistURIs(inMaster url: URL) throws -> (variants: [String], renditions: [String]) {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var variants: [String] = []
        var renditions: [String] = []
        var expectingVariant = false
        for line in lines where !line.isEmpty {
            if line.hasPrefix("#EXT-X-STREAM-INF:") {
                expectingVariant = true
            } else if line.hasPrefix("#EXT-X-MEDIA:"), let uri = attribute("URI", in: line) {
                renditions.append(uri)
            } else if !line.hasPrefix("#"), expectingVariant {
                variants.append(line)
                expectingVariant = false
            }
        }
        return (variants, renditions)
    }

    /// Adds `X-TIMESTAMP-MAP=MPEGTS:<mpegts>,LOCAL:00:00:00.000` under the header of every .vtt
    /// file in `directory`: how a player aligns cue times with the MPEG-TS timeline.
    static func insertTimestampMap(intoWebVTTIn directory: URL, mpegts: Int) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "vtt" {
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            guard lines.first?.hasPrefix("WEBVTT") == true else { continue }
            lines.insert("X-TIMESTAMP-MAP=MPEGTS:\(mpegts),LOCAL:00:00:00.000", at: 1)
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
    }

    /// Segment sizes (EXT-X-BYTERANGE lengths, else file sizes) over EXTINF durations.
    static func bitRates(ofMediaPlaylist url: URL) throws -> BitRates {
        let directory = url.deletingLastPathComponent()
        var duration: Double?
        var rangeLength: Int?
        var rates = BitRates()
        var totalBits = 0.0
        var totalSeconds = 0.0
        for line in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n") where !line.isEmpty {
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst("#EXTINF:".count).prefix { $0 != "," })
            } else if line.hasPrefix("#EXT-X-BYTERANGE:") {
                rangeLength = Int(line.dropFirst("#EXT-X-BYTERANGE:".count).prefix { $0 != "@" })
            } else if !line.hasPrefix("#"), let seconds = duration, seconds > 0 {
                let size =
                    try rangeLength
                    ?? (FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(line).path)[.size]
                        as? Int ?? 0)
                let bits = Double(size * 8)
                rates.peak = max(rates.peak, Int((bits / seconds).rounded(.up)))
                totalBits += bits
                totalSeconds += seconds
                duration = nil
                rangeLength = nil
            }
        }
        rates.average = totalSeconds > 0 ? Int((totalBits / totalSeconds).rounded(.up)) : 0
        return rates
    }

    /// The value of attribute `name` in a tag line, without quotes.
    static func attribute(_ name: String, in line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        var rest = line[line.index(after: colon)...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let key = rest[..<equals]
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                value = body[..<end]
                rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            if key == name { return String(value) }
            if rest.first == "," { rest = rest.dropFirst() }
        }
        return nil
    }
}
