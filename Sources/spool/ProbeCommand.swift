import Foundation
import Spool
import SpoolHLS

/// `spool probe [--json] URL|PATH`: describes a media file or stream.
///
/// Exit status 0 with the description on stdout; 1 with one `spool: <message>` line on
/// stderr when the input cannot be read or has nothing playable; 2 for a usage error.
enum ProbeCommand {
    static let usage = """
        spool probe [--json] URL|PATH
          --json                        print one JSON object instead of text
          --help, -h                    show this help
        """

    static func run(_ arguments: [String]) async -> Int32 {
        if PlayArguments.asksForHelp(arguments) {
            print(usage)
            return 0
        }
        var asJSON = false
        var inputs: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json", "--json=yes": asJSON = true
            case "--json=no": asJSON = false
            case "--":
                inputs += remaining
                remaining = []
            case _ where argument.hasPrefix("-") && argument != "-":
                StandardError.report("probe: unknown option '\(argument)'\nusage: \(usage)")
                return 2
            default: inputs.append(argument)
            }
        }
        guard inputs.count == 1, let input = inputs.first else {
            StandardError.report("probe: expected one URL or path\nusage: \(usage)")
            return 2
        }

        let url = location(of: input)
        // An MPD is read by Spool's own parser first: a manifest it rejects fails the probe.
        var manifest: MPD?
        if MPDManifestProbe.isMPD(url) {
            do {
                manifest = try await MPDManifestProbe.load(url)
            } catch {
                StandardError.report(error.description)
                return 1
            }
        }
        do {
            var report = try await assetReport(url)
            report.dash = manifest.map(ProbeReport.DASH.init)
            print(asJSON ? try report.json() : report.text(for: url.redactedForDisplay))
            return 0
        } catch {
            let message =
                switch error {
                case AssetLoadError.notPlayable: "\(url.redactedForDisplay): \(AssetLoadError.notPlayable)"
                case let error as AssetLoadError: error.description
                default: "\(input): \(error.localizedDescription)"
                }
            guard let manifest else {
                StandardError.report(message)
                return 1
            }
            // The manifest was read, but FFmpeg's DASH demuxer (what `spool play` still uses)
            // could not open it: report the manifest, unplayable, with one warning.
            StandardError.report("warning: \(message)")
            let report = ProbeReport(manifestOnly: manifest)
            print(asJSON ? (try? report.json()) ?? "{}" : report.text(for: url.redactedForDisplay))
            return 0
        }
    }

    /// What the asset at `url` holds, as FFmpeg reads it; throws when it cannot be read or
    /// has nothing playable.
    private static func assetReport(_ url: URL) async throws -> ProbeReport {
        let asset = URLAsset(url: url)
        let (isPlayable, duration, tracks, metadata, format) = try await asset.load(
            .isPlayable, .duration, .tracks, .metadata, .formatName)
        guard isPlayable else {
            throw AssetLoadError.notPlayable
        }
        let (variants, renditions, chapters) = try await asset.load(.variants, .renditions, .chapterMetadataGroups)
        var report = ProbeReport(
            duration: duration, isPlayable: isPlayable, format: format, tracks: tracks, metadata: metadata)
        report.chapters = chapters.map(ProbeReport.Chapter.init)
        if format == "hls" {
            report.variants = variants
            report.renditions = renditions
        }
        return report
    }

    /// A URL when the argument has a scheme (`https://…`, `file:///…`), standard input for
    /// `-`, else a file path.
    static func location(of argument: String) -> URL {
        if argument == "-" { return ByteSources.standardInputURL }
        if argument.contains("://"), let url = URL(string: argument), url.scheme != nil {
            return url
        }
        return URL(fileURLWithPath: argument)
    }
}
