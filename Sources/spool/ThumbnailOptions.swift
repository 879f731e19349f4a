import Foundation
import Spool

/// `spool thumbnail`'s command line, parsed: when to take pictures, how large, from what,
/// to where.
struct ThumbnailOptions: Equatable {
    /// When the pictures are taken.
    enum Schedule: Equatable {
        /// One picture at this many seconds.
        case at(Double)
        /// A picture every this many seconds from 0 to the end.
        case every(Double)
    }

    var schedule = Schedule.at(0)
    var maximumSize: PixelSize?
    /// Keyframes only (fast) instead of the exact frame.
    var isFast = false
    /// `--vf`: filters each picture runs through before it is scaled (mpv's syntax, as play's).
    var videoFilters: [FilterEntry] = []
    var input = ""
    var output = OutputPattern(literal: "")

    static let usage = """
        spool thumbnail [--at SEC | --every SEC] [--size WxH] [--fast] [--vf FILTERS] INPUT OUT.png|OUT-%03d.png
          --at SEC          one picture of the frame at SEC seconds (default 0), the frame
                            `ffmpeg -ss SEC -i INPUT -frames:v 1` gives
          --every SEC       a picture every SEC seconds from the start to the end; OUT must
                            hold one %d (e.g. %03d): files are numbered from 1
          --size WxH        fit inside WxH keeping the aspect ratio (never enlarged)
          --fast            the keyframe at or before each time (no exact decode)
          --vf FILTERS      video filters before scaling, as spool play's --vf (hflip, lavfi=[GRAPH])
          --help, -h        show this help
        Progress goes to stderr; the files are written in place (an existing file is replaced).
        """

    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Parses the arguments after `thumbnail`.
    static func parse(_ arguments: [String]) throws(UsageError) -> ThumbnailOptions {
        var options = ThumbnailOptions()
        var positional: [String] = []
        var remaining = arguments[...]
        func value(for flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
        }
        while let argument = remaining.popFirst() {
            let (flag, inline) = Self.split(argument)
            switch flag {
            case "--at":
                options.schedule = .at(try seconds(try value(for: flag, inline: inline), for: flag, allowsZero: true))
            case "--every":
                options.schedule = .every(
                    try seconds(try value(for: flag, inline: inline), for: flag, allowsZero: false))
            case "--size": options.maximumSize = try size(try value(for: flag, inline: inline))
            case "--fast": options.isFast = true
            case "--vf":
                let text = try value(for: flag, inline: inline)
                do throws(PlayOptions.UsageError) {
                    options.videoFilters = try FilterList.parse(text, for: flag)
                    var settings = FilterSettings()
                    settings.video = options.videoFilters
                    try settings.check()
                } catch {
                    throw UsageError(description: error.description)
                }
            case "--":
                positional += remaining
                remaining = []
            case _ where argument.hasPrefix("-") && argument.count > 1:
                throw UsageError(description: "unknown option '\(argument)'")
            default: positional.append(argument)
            }
        }
        guard positional.count == 2 else {
            throw UsageError(description: "expected INPUT and OUT.png, got \(positional.count) argument(s)")
        }
        options.input = positional[0]
        do {
            options.output = try OutputPattern(positional[1])
        } catch {
            throw UsageError(description: error.description)
        }
        if case .every = options.schedule, !options.output.isNumbered {
            throw UsageError(
                description: "--every needs a numbered output such as OUT-%03d.png, not '\(positional[1])'")
        }
        return options
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func seconds(_ text: String, for flag: String, allowsZero: Bool) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, allowsZero ? value >= 0 : value > 0 else {
            throw UsageError(
                description:
                    "\(flag): '\(text)' is not \(allowsZero ? "a number of seconds ≥ 0" : "a positive number of seconds")"
            )
        }
        return value
    }

    private static func size(_ text: String) throws(UsageError) -> PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0,
            width <= 16384, height <= 16384
        else { throw UsageError(description: "--size: '\(text)' is not WIDTHxHEIGHT (e.g. 320x180)") }
        return PixelSize(width: width, height: height)
    }
}
