import Foundation
import SpoolTestSupport
import Testing

/// Runs the built `spool` executable and the `ffmpeg` CLI for the acceptance tests, and reads
/// what they leave behind: framemd5 listings, WAV files, `--events` JSON Lines.
enum PlayTool {
    /// How long one `spool` run may take before it is killed and the test fails: generous
    /// for a loaded machine, short enough that a hang fails within the suite's time limit.
    static let defaultTimeout = Duration.seconds(30)

    /// Runs `spool` with `arguments`; kills it after `timeout`.
    /// `play` runs do not publish over MPRIS (other suites drive their own MPRIS players on the
    /// same test bus by name), except when a test passes `--mpris-name` itself. `environment`
    /// adds to the test's own (`XDG_CONFIG_HOME` for a spool.conf of the test's).
    static func spool(
        _ arguments: [String], timeout: Duration = defaultTimeout, environment: [String: String] = [:]
    ) async throws -> ToolOutput {
        var arguments = arguments
        if arguments.first == "play", !arguments.contains("--mpris-name") { arguments.insert("--no-mpris", at: 1) }
        // Resume positions are shared by every run in a test run's state directory: a test
        // that quits early would make another test of the same fixture start mid-way. Only a
        // test with a state directory of its own resumes.
        if arguments.first == "play", environment["XDG_STATE_HOME"] == nil { arguments.insert("--no-resume", at: 1) }
        let output = try await ToolRunner.run(
            try ToolRunner.builtProduct("spool"), arguments, timeout: timeout, environment: environment)
        #expect(!output.timedOut, "spool \(arguments.joined(separator: " ")) did not finish within \(timeout)")
        return output
    }

    /// Runs `ffmpeg` (quiet) and returns its stdout; throws unless it exits 0.
    static func ffmpeg(_ arguments: [String]) async throws -> Data {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"), ["-nostdin", "-hide_banner", "-loglevel", "error"] + arguments,
            timeout: .seconds(60))
        guard output.status == 0 else {
            throw ToolError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(output.errorText)")
        }
        return output.standardOutput
    }

    /// `ffmpeg [inputOptions] -i URL -map 0:v:0 [outputOptions] -f framemd5 -` as text.
    static func ffmpegFrameMD5(of url: URL, inputOptions: [String] = [], outputOptions: [String] = [])
        async throws -> String
    {
        let data = try await ffmpeg(
            inputOptions + ["-i", url.path, "-map", "0:v:0"] + outputOptions + ["-f", "framemd5", "-"])
        return String(decoding: data, as: UTF8.self)
    }

    /// The container's first timestamp, in seconds, as ffprobe reads it (`format=start_time`).
    static func ffmpegProbeStartTime(of url: URL) async throws -> Double {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            ["-v", "error", "-show_entries", "format=start_time", "-of", "csv=p=0", url.path], timeout: .seconds(60))
        let text = String(decoding: output.standardOutput, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard output.status == 0, let seconds = Double(text) else {
            throw ToolError(description: "ffprobe could not read the start time of \(url.path): \(output.errorText)")
        }
        return seconds
    }

    /// How many samples (per channel) ffmpeg decodes from the first audio stream of `url`.
    static func ffmpegDecodedSampleCount(of url: URL) async throws -> Int {
        // Mixed down to one channel of 16-bit samples: two bytes per sample, count unchanged.
        try await ffmpeg(["-i", url.path, "-map", "0:a:0", "-ac", "1", "-f", "s16le", "-"]).count / 2
    }

    /// A fresh path in this run's media directory for an output file (nothing is created).
    static func scratchPath(_ name: String) throws -> String {
        try TestMedia.directory().appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    /// The `#`-free lines of a framemd5 listing.
    static func frameLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    /// The MD5 column of a framemd5 listing.
    static func hashColumn(_ text: String) -> [String] {
        frameLines(text).compactMap { line in
            line.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The lines of `errorText` (stderr), without the empty one after the last newline.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map {
            $0
        }
    }
}

/// One line of `spool play --events FILE`.
struct PlayEvent: CustomStringConvertible {
    let type: String
    let item: String?
    let fields: [String: any Sendable]

    var description: String { "\(type)(\(item ?? "-"))" }

    /// Every event in the JSON Lines file at `path`; a line that is not a JSON object fails.
    static func read(_ path: String) throws -> [PlayEvent] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let dictionary = try #require(object as? [String: Any], "not a JSON object: \(line)")
            let type = try #require(dictionary["type"] as? String, "no type: \(line)")
            #expect(dictionary["t"] is Double, "no t: \(line)")
            #expect(dictionary.keys.contains("item"), "no item: \(line)")
            var fields: [String: any Sendable] = [:]
            for (key, value) in dictionary {
                switch value {
                case let text as String: fields[key] = text
                case let number as Double: fields[key] = number
                case let flag as Bool: fields[key] = flag
                default: break
                }
            }
            return PlayEvent(type: type, item: dictionary["item"] as? String, fields: fields)
        }
    }
}

extension [PlayEvent] {
    /// The events that mark an item's progress (item change, ready, end, error), as
    /// `type(item)` strings, in order: what queue tests compare.
    var milestones: [String] {
        filter { ["item", "ready", "warning", "ended", "error"].contains($0.type) }.map(\.description)
    }
}

/// A WAV file as `WAVFileOutput` writes it: format and the sample data.
struct WAVFile {
    var formatTag: Int
    var channelCount: Int
    var sampleRate: Int
    var bitsPerSample: Int
    var data: Data

    /// Samples per channel.
    var frameCount: Int { data.count / (channelCount * bitsPerSample / 8) }

    /// The first channel as floats (32-bit IEEE float files only).
    var firstChannel: [Float] {
        guard formatTag == 3, bitsPerSample == 32 else { return [] }
        var samples: [Float] = []
        samples.reserveCapacity(frameCount)
        data.withUnsafeBytes { raw in
            for frame in 0..<frameCount {
                let bits = raw.loadUnaligned(fromByteOffset: frame * channelCount * 4, as: UInt32.self)
                samples.append(Float(bitPattern: UInt32(littleEndian: bits)))
            }
        }
        return samples
    }

    /// Reads the RIFF chunks of the file at `path`.
    init(path: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        func uint(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[bytes.startIndex + offset + $1]) << (8 * $1) }
        }
        func tag(_ offset: Int) -> String {
            String(decoding: bytes[(bytes.startIndex + offset)..<(bytes.startIndex + offset + 4)], as: UTF8.self)
        }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw ToolError(description: "\(path) is not a WAV file")
        }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        var samples: Data?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = uint(offset + 4, 4)
            let body = offset + 8
            switch tag(offset) {
            case "fmt ":
                format = (uint(body, 2), uint(body + 2, 2), uint(body + 4, 4), uint(body + 14, 2))
            case "data":
                let end = Swift.min(body + size, bytes.count)
                samples = bytes.subdata(in: (bytes.startIndex + body)..<(bytes.startIndex + end))
            default: break
            }
            offset = body + size + (size & 1)
        }
        guard let format, let samples else { throw ToolError(description: "\(path) lacks a fmt or data chunk") }
        (formatTag, channelCount, sampleRate, bitsPerSample, data) =
            (format.tag, format.channels, format.rate, format.bits, samples)
    }

    /// The dominant frequency of the first channel, from its rising zero crossings (enough
    /// for a pure tone): crossings between the first and the last, over the time between them.
    var zeroCrossingFrequency: Double {
        let samples = firstChannel
        var crossings: [Double] = []
        for index in 1..<Swift.max(samples.count, 1) where samples[index - 1] < 0 && samples[index] >= 0 {
            // Interpolated between the two samples, so the estimate is not quantised to samples.
            let fraction = Double(-samples[index - 1] / (samples[index] - samples[index - 1]))
            crossings.append(Double(index - 1) + fraction)
        }
        guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / Double(sampleRate))
    }
}
