internal import CAVFilterLoader
internal import CFFmpeg
import SpoolCore

/// Whether libavfilter accepts a user's chain, asked before playback starts, so that a bad
/// `--af`/`--vf` is a usage error naming it rather than a failure of the first item.
///
/// The check builds the chain once on a stand-in input: 48 kHz stereo for audio, 1280x720
/// yuv420p at 25 fps for video. A chain may still fail on a real stream whose format it
/// cannot take (then that item fails with libavfilter's error).
public enum FilterChainCheck {
    /// Which kind of frames a chain filters.
    public enum Kind: Sendable {
        /// PCM (`--af`).
        case audio
        /// Pictures (`--vf`).
        case video
    }

    /// `nil` when libavfilter builds `chain` for `kind`, otherwise its reason ("Filter not
    /// found", "Invalid argument", or that libavfilter cannot be opened). Never throws or traps
    /// on any text: libavfilter's parser is given the text as a C string and reports errors.
    public static func problem(in chain: String, kind: Kind) -> String? {
        do {
            try AVFilterLibrary.open()
        } catch {
            return "libavfilter cannot be opened"
        }
        guard !chain.utf8.contains(0) else { return "the chain contains a NUL character" }
        // libavfilter's parser reports an unknown name as a bare "Invalid argument".
        if let unknown = filterNames(in: chain).first(where: { !hasFilter(named: $0) }) {
            return "no such filter '\(unknown)'"
        }
        do {
            switch kind {
            case .audio:
                _ = try AudioFilterGraph(format: AudioFormat(sampleRate: 48_000, channelCount: 2), chain: chain)
            case .video:
                try VideoFilterChain(chain: chain, timeBase: Rational(numerator: 1, denominator: 25)).buildForCheck()
            }
            return nil
        } catch {
            return error == .filterNotFound ? "no such filter" : "\(error)"
        }
    }

    /// Whether this libavfilter has a filter called `name`. False when it cannot be opened.
    public static func hasFilter(named name: String) -> Bool {
        guard (try? AVFilterLibrary.open()) != nil else { return false }
        return spool_avfilter_exists(name) != 0
    }

    /// The filter names a chain uses, as far as they can be told without libavfilter's parser:
    /// each piece between the `,` and `;` outside quotes (`'…'`, `\x`), without its `[link]`
    /// labels, up to `=`, `@id` or `[`. A piece that does not start with a plain name is left
    /// out, so every name listed is one the parser will look up.
    static func filterNames(in chain: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in chain {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "'" {
                quoted.toggle()
            } else if !quoted, character == "," || character == ";" {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces.compactMap { piece -> String? in
            var rest = Substring(piece).drop(while: \.isWhitespace)
            while rest.hasPrefix("["), let end = rest.firstIndex(of: "]") {
                rest = rest[rest.index(after: end)...].drop(while: \.isWhitespace)
            }
            let name = rest.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            let next = rest.dropFirst(name.count).first
            let ends = next == nil || next == "=" || next == "@" || next == "[" || next?.isWhitespace == true
            return name.first?.isLetter == true && ends ? String(name) : nil
        }
    }
}
