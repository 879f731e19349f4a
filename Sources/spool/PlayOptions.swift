import Foundation
import Spool

/// The flags of `spool play`, parsed and validated. Every invalid flag is a usage error with a
/// message naming it; nothing is silently ignored.
struct PlayOptions: Equatable {
    enum VideoChoice: Equatable {
        case automatic, sdl, null, none
        case frameMD5(path: String)
    }

    enum AudioChoice: Equatable {
        case automatic, null, none
        case pulse(sink: String?)
        case wav(path: String)
    }

    enum LoopCount: Equatable {
        case times(Int)
        case forever
    }

    var inputs: [String] = []
    var video: VideoChoice = .automatic
    var audio: AudioChoice = .automatic
    /// The PulseAudio sink `--audio-device` named: checked against the server's sinks first.
    var audioDevice: String?
    var isUntimed = false
    var startSeconds: Double?
    var frameLimit: Int?
    var decoderThreads = 0
    var speed: Float = 1
    var volumePercent: Float = 100
    var isMuted = false
    var loop: LoopCount = .times(1)
    var eventsPath: String?
    var printsStatistics = false
    var publishesMPRIS = true
    var mprisName = "spool"
    var writesNowPlayingArtwork = false
    /// HLS: the highest variant BANDWIDTH to choose (0 = no cap).
    var maxBitrate: Double = 0
    /// HLS: the largest variant resolution to choose.
    var maxResolution: PixelSize?
    /// The forward buffer in seconds (0 = automatic).
    var bufferSeconds: Double = 0
    /// HLS: a pinned variant index; `nil` = adaptive.
    var variant: Int?
    /// HLS: the audio rendition's language (`--audio-lang`); `nil` = automatic.
    var audioLanguage: String?
    /// HLS: the subtitle rendition's language (`--sub-lang`); `[]` = off, `nil` = automatic.
    var subtitleLanguages: [String]?
    /// A sidecar subtitle file (`--sub`) for every input.
    var subtitlePath: String?
    /// HLS: choose no variant larger than the window (`--no-viewport-cap` turns it off).
    var limitsResolutionToViewport = true
    /// HLS: play the interstitials (EXT-X-DATERANGE CLASS="com.apple.hls.interstitial").
    var playsInterstitials = true

    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        spool play [options] URL|PATH...     (several inputs play as a queue)
          --vo sdl|null|framemd5:FILE   video output (default: a window when $DISPLAY is set, else none)
          --ao pulse[:SINK]|wav:FILE|null
                                        audio output (default: PulseAudio when a server answers, else null)
          --audio-device NAME           play on PulseAudio sink NAME (`spool devices` lists them)
          --no-video, --no-audio        ignore the video / audio track
          --untimed                     present every frame as fast as possible
          --start SEC                   start at SEC seconds
          --frames N                    stop after N video frames are presented
          --decoder-threads N           video decoder threads (0 = automatic)
          --speed X                     playback rate, 0.5 to 4 (pitch preserved)
          --volume 0-100, --mute        audio volume
          --loop N|inf                  play each input N times (or forever)
          --events FILE                 write one JSON object per event (JSON Lines)
          --stats                       print one JSON object of playback statistics on exit
          --no-mpris                    do not publish the player on the D-Bus session bus (MPRIS)
          --mpris-name NAME             the MPRIS player name (default spool: org.mpris.MediaPlayer2.spool)
          --max-bitrate BPS             HLS: choose no variant above BPS bits per second
          --max-resolution WxH          HLS: choose no variant larger than WxH
          --no-viewport-cap             HLS: choose variants larger than the window too
          --buffer SEC                  forward buffer in seconds (0 = automatic)
          --variant N|auto              HLS: play variant N of the multivariant playlist (default auto)
          --audio-lang LANG             HLS: play the audio rendition in LANG (en, fr, pt-BR…)
          --sub-lang LANG|off           HLS: show the subtitle rendition in LANG, or none
          --sub FILE                    subtitles from a WebVTT (.vtt) or SubRip (.srt) file
          --no-interstitials            HLS: play the primary content only, without its interstitials
          --now-playing                 also publish the cover art (written to a cache file) over MPRIS
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> PlayOptions {
        var options = PlayOptions()
        var remaining = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let next = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        func number(_ text: String, for flag: String) throws(UsageError) -> Double {
            guard let number = Double(text), number.isFinite else {
                throw UsageError(description: "\(flag): '\(text)' is not a number")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--vo": options.video = try parseVideo(try value(for: argument))
            case "--ao": options.audio = try parseAudio(try value(for: argument))
            case "--audio-device":
                let name = try value(for: argument)
                guard !name.isEmpty else { throw UsageError(description: "--audio-device needs a sink name") }
                options.audio = .pulse(sink: name)
                options.audioDevice = name
            case "--no-video": options.video = .none
            case "--no-audio": options.audio = .none
            case "--untimed": options.isUntimed = true
            case "--start":
                let seconds = try number(try value(for: argument), for: argument)
                guard seconds >= 0 else { throw UsageError(description: "--start must not be negative") }
                options.startSeconds = seconds
            case "--frames":
                let text = try value(for: argument)
                guard let frames = Int(text), frames > 0 else {
                    throw UsageError(description: "--frames: '\(text)' is not a positive whole number")
                }
                options.frameLimit = frames
            case "--decoder-threads":
                let text = try value(for: argument)
                guard let threads = Int(text), (0...64).contains(threads) else {
                    throw UsageError(description: "--decoder-threads: '\(text)' is not a number from 0 to 64")
                }
                options.decoderThreads = threads
            case "--speed":
                let speed = try number(try value(for: argument), for: argument)
                guard (0.5...4).contains(speed) else { throw UsageError(description: "--speed must be from 0.5 to 4") }
                options.speed = Float(speed)
            case "--volume":
                let volume = try number(try value(for: argument), for: argument)
                guard (0...100).contains(volume) else {
                    throw UsageError(description: "--volume must be from 0 to 100")
                }
                options.volumePercent = Float(volume)
            case "--mute": options.isMuted = true
            case "--loop":
                let text = try value(for: argument)
                if text == "inf" {
                    options.loop = .forever
                } else if let times = Int(text), times > 0 {
                    options.loop = .times(times)
                } else {
                    throw UsageError(description: "--loop: '\(text)' is not a positive whole number or 'inf'")
                }
            case "--events": options.eventsPath = try value(for: argument)
            case "--stats": options.printsStatistics = true
            case "--no-mpris": options.publishesMPRIS = false
            case "--no-interstitials": options.playsInterstitials = false
            case "--mpris-name":
                let name = try value(for: argument)
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                    throw UsageError(description: "--mpris-name: '\(name)' must be letters, digits or _")
                }
                options.mprisName = name
            case "--now-playing": options.writesNowPlayingArtwork = true
            case "--max-bitrate":
                let bitrate = try number(try value(for: argument), for: argument)
                guard bitrate >= 0 else { throw UsageError(description: "--max-bitrate must not be negative") }
                options.maxBitrate = bitrate
            case "--max-resolution":
                let text = try value(for: argument)
                let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                    throw UsageError(description: "--max-resolution: '\(text)' is not WIDTHxHEIGHT")
                }
                options.maxResolution = PixelSize(width: parts[0], height: parts[1])
            case "--no-viewport-cap": options.limitsResolutionToViewport = false
            case "--buffer":
                let seconds = try number(try value(for: argument), for: argument)
                guard (0...600).contains(seconds) else {
                    throw UsageError(description: "--buffer must be from 0 to 600 seconds")
                }
                options.bufferSeconds = seconds
            case "--variant":
                let text = try value(for: argument)
                if text == "auto" {
                    options.variant = nil
                } else {
                    guard let index = Int(text), index >= 0 else {
                        throw UsageError(description: "--variant: '\(text)' is not a variant number or auto")
                    }
                    options.variant = index
                }
            case "--audio-lang":
                options.audioLanguage = try language(try value(for: argument), for: argument)
            case "--sub-lang":
                let text = try value(for: argument)
                options.subtitleLanguages = text == "off" ? [] : [try language(text, for: argument)]
            case "--sub":
                let path = try value(for: argument)
                guard !path.isEmpty else { throw UsageError(description: "--sub needs a file") }
                options.subtitlePath = path
            case "--":
                options.inputs.append(contentsOf: remaining)
                remaining = []
            case _ where argument.hasPrefix("-") && argument != "-":
                throw UsageError(description: "unknown option '\(argument)'")
            default:
                options.inputs.append(argument)
            }
        }
        guard !options.inputs.isEmpty else { throw UsageError(description: "expected at least one URL or path") }
        return options
    }

    /// A language tag as `--audio-lang`/`--sub-lang` take it: letters, digits, `-` and `_`.
    private static func language(_ text: String, for flag: String) throws(UsageError) -> String {
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        guard !text.isEmpty, text.count <= 35, allowed, text.first?.isLetter == true else {
            throw UsageError(description: "\(flag): '\(text)' is not a language tag (such as en, fr or pt-BR)")
        }
        return text
    }

    private static func parseVideo(_ text: String) throws(UsageError) -> VideoChoice {
        switch text {
        case "sdl": return .sdl
        case "null": return .null
        case _ where text.hasPrefix("framemd5:") && text.count > "framemd5:".count:
            return .frameMD5(path: String(text.dropFirst("framemd5:".count)))
        default: throw UsageError(description: "--vo: unknown output '\(text)' (sdl, null, framemd5:FILE)")
        }
    }

    private static func parseAudio(_ text: String) throws(UsageError) -> AudioChoice {
        switch text {
        case "pulse": return .pulse(sink: nil)
        case "null": return .null
        case _ where text.hasPrefix("pulse:") && text.count > "pulse:".count:
            return .pulse(sink: String(text.dropFirst("pulse:".count)))
        case _ where text.hasPrefix("wav:") && text.count > "wav:".count:
            return .wav(path: String(text.dropFirst("wav:".count)))
        default: throw UsageError(description: "--ao: unknown output '\(text)' (pulse[:SINK], wav:FILE, null)")
        }
    }
}
