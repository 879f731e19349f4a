import Foundation
import Spool

/// Setting one option by its long name: the one place that knows what each option means, used
/// for the command line (`PlayArguments`) and for spool.conf lines alike, so both accept the
/// same names and values and reject the same mistakes with the same messages.
extension PlayOptions {
    /// Options that take no value (`--mute`); `=yes`/`=no` (or true/false, 1/0) set or clear them.
    static let flagNames: Set<String> = [
        "no-video", "no-audio", "untimed", "mute", "stats", "no-mpris", "no-interstitials", "now-playing",
        "no-viewport-cap", "no-resume", "no-osc", "keep-open", "fs", "idle", "osc-always",
        "no-gapless", "pause", "strict", "audio-normalize", "replaygain-clip",
    ]

    /// Options that take a value, as `--name VALUE` or `--name=VALUE`.
    static let valueNames: Set<String> = [
        "vo", "ao", "audio-device", "start", "frames", "decoder-threads", "speed", "volume", "loop", "events",
        "mpris-name", "max-bitrate", "max-resolution", "buffer", "variant", "audio-lang", "sub-lang", "sub",
        "playlist", "geometry", "input-ipc-server", "wid", "ab-loop-a", "ab-loop-b", "ab-loop-count",
        "audio-delay", "sub-delay", "af", "vf", "deinterlace", "hr-seek", "replaygain", "replaygain-preamp",
    ]

    /// Options about reading spool.conf itself: the command line's only, never the file's.
    static let commandLineOnlyNames: Set<String> = ["profile", "no-config"]

    /// Sets option `name` (without `--`). `value` is nil for a flag given bare; a flag given a
    /// value takes yes/no. Throws a usage error naming the option for a missing or bad value.
    mutating func set(_ name: String, to value: String?) throws(UsageError) {
        let flag = "--\(name)"
        if Self.flagNames.contains(name) { return setFlag(name, try Self.boolean(value, for: flag)) }
        guard Self.valueNames.contains(name) else { throw UsageError(description: "unknown option '\(flag)'") }
        guard let value else { throw UsageError(description: "\(flag) needs a value") }
        try setValue(name, value, flag: flag)
    }

    private mutating func setFlag(_ name: String, _ isOn: Bool) {
        switch name {
        case "no-video":
            if isOn { video = .none } else if video == .none { video = .automatic }
        case "no-audio":
            if isOn { audio = .none } else if audio == .none { audio = .automatic }
        case "untimed": isUntimed = isOn
        case "mute": isMuted = isOn
        case "stats": printsStatistics = isOn
        case "no-mpris": publishesMPRIS = !isOn
        case "no-interstitials": playsInterstitials = !isOn
        case "now-playing": writesNowPlayingArtwork = isOn
        case "no-viewport-cap": limitsResolutionToViewport = !isOn
        case "no-resume": resumes = !isOn
        case "no-osc": showsControls = !isOn
        case "keep-open": keepsOpen = isOn
        case "no-gapless": isGapless = !isOn
        case "fs": startsFullScreen = isOn
        case "osc-always": controlsAlwaysShown = isOn
        case "idle": idles = isOn
        case "pause": startsPaused = isOn
        case "strict": failsOnEarlyEnd = isOn
        case "audio-normalize": filters.normalizesAudio = isOn
        case "replaygain-clip": replayGainClips = isOn
        default: preconditionFailure("flag \(name) is listed in flagNames but not handled")
        }
    }

    // One case per option: splitting it would only scatter the table.
    private mutating func setValue(_ name: String, _ value: String, flag: String) throws(UsageError) {
        func number() throws(UsageError) -> Double {
            guard let number = Double(value), number.isFinite else {
                throw UsageError(description: "\(flag): '\(value)' is not a number")
            }
            return number
        }
        switch name {
        case "vo": video = try Self.parseVideo(value)
        case "ao": audio = try Self.parseAudio(value)
        case "audio-device":
            guard !value.isEmpty else { throw UsageError(description: "--audio-device needs a sink name") }
            audio = .pulse(sink: value)
            audioDevice = value
        case "start":
            let seconds = try number()
            guard seconds >= 0 else { throw UsageError(description: "--start must not be negative") }
            startSeconds = seconds
        case "frames":
            guard let frames = Int(value), frames > 0 else {
                throw UsageError(description: "--frames: '\(value)' is not a positive whole number")
            }
            frameLimit = frames
        case "decoder-threads":
            guard let threads = Int(value), (0...64).contains(threads) else {
                throw UsageError(description: "--decoder-threads: '\(value)' is not a number from 0 to 64")
            }
            decoderThreads = threads
        case "speed":
            let rate = try number()
            guard (0.5...4).contains(rate) else { throw UsageError(description: "--speed must be from 0.5 to 4") }
            speed = Float(rate)
        case "volume":
            let percent = try number()
            guard (0...100).contains(percent) else { throw UsageError(description: "--volume must be from 0 to 100") }
            volumePercent = Float(percent)
        case "loop":
            if value == "inf" {
                loop = .forever
            } else if let times = Int(value), times > 0 {
                loop = .times(times)
            } else {
                throw UsageError(description: "--loop: '\(value)' is not a positive whole number or 'inf'")
            }
        case "events": eventsPath = value
        case "ab-loop-a", "ab-loop-b":
            let point = try Self.loopPoint(value, for: flag)
            if name == "ab-loop-a" { abLoopA = point } else { abLoopB = point }
        case "ab-loop-count": abLoopCount = try Self.loopCount(value, for: flag)
        case "audio-delay": audioDelay = try Self.delay(value, for: flag)
        case "sub-delay": subtitleDelay = try Self.delay(value, for: flag)
        case "af": filters.audio = try FilterList.parse(value, for: flag)
        case "vf": filters.video = try FilterList.parse(value, for: flag)
        case "deinterlace": filters.deinterlace = try FilterSettings.Deinterlace.parse(value, for: flag)
        case "hr-seek":
            switch value {
            case "default": exactSeekLimit = 10
            case "yes": exactSeekLimit = .infinity
            case "no": exactSeekLimit = 0
            default: throw UsageError(description: "\(flag): '\(value)' is not default, yes or no")
            }
        case "replaygain":
            switch value {
            case "no": replayGain = .off
            case "track": replayGain = .track
            case "album": replayGain = .album
            default: throw UsageError(description: "\(flag): '\(value)' is not no, track or album")
            }
        case "replaygain-preamp":
            let decibels = try number()
            guard (-60...60).contains(decibels) else {
                throw UsageError(description: "--replaygain-preamp must be from -60 to 60 dB")
            }
            replayGainPreamp = decibels
        case "mpris-name":
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { throw UsageError(description: "--mpris-name: '\(value)' must be letters, digits or _") }
            mprisName = value
        case "max-bitrate":
            let bitrate = try number()
            guard bitrate >= 0 else { throw UsageError(description: "--max-bitrate must not be negative") }
            maxBitrate = bitrate
        case "max-resolution":
            let parts = value.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
                throw UsageError(description: "--max-resolution: '\(value)' is not WIDTHxHEIGHT")
            }
            maxResolution = PixelSize(width: parts[0], height: parts[1])
        case "wid":
            let digits = value.lowercased()
            let id = digits.hasPrefix("0x") ? UInt(digits.dropFirst(2), radix: 16) : UInt(digits)
            guard let id, id > 0 else {
                throw UsageError(description: "--wid: '\(value)' is not an X11 window id (decimal or 0x hex)")
            }
            parentWindow = id
        case "geometry":
            let parts = value.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...16384).contains(parts[0]), (1...16384).contains(parts[1]) else {
                throw UsageError(description: "--geometry: '\(value)' is not WIDTHxHEIGHT")
            }
            windowSize = PixelSize(width: parts[0], height: parts[1])
        case "buffer":
            let seconds = try number()
            guard (0...600).contains(seconds) else {
                throw UsageError(description: "--buffer must be from 0 to 600 seconds")
            }
            bufferSeconds = seconds
        case "variant":
            if value == "auto" {
                variant = nil
            } else {
                guard let index = Int(value), index >= 0 else {
                    throw UsageError(description: "--variant: '\(value)' is not a variant number or auto")
                }
                variant = index
            }
        case "audio-lang": audioLanguage = try Self.language(value, for: flag)
        case "sub-lang": subtitleLanguages = value == "off" ? [] : [try Self.language(value, for: flag)]
        case "sub":
            guard !value.isEmpty else { throw UsageError(description: "--sub needs a file") }
            subtitlePath = value
        case "playlist":
            guard !value.isEmpty else { throw UsageError(description: "--playlist needs a file") }
            sources.append(.playlist(value))
        case "input-ipc-server":
            guard !value.isEmpty else { throw UsageError(description: "--input-ipc-server needs a socket path") }
            ipcServerPath = value
        default: preconditionFailure("option \(name) is listed in valueNames but not handled")
        }
    }

    /// A flag's value: bare is yes; yes/no, true/false, 1/0 (any case) as written.
    static func boolean(_ value: String?, for flag: String) throws(UsageError) -> Bool {
        switch value?.lowercased() {
        case nil, "yes", "true", "1", "on": return true
        case "no", "false", "0", "off": return false
        case let other?: throw UsageError(description: "\(flag): '\(other)' is not yes or no")
        }
    }
}
