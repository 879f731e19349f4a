import Foundation
import Spool

/// `spool play [options] URL|PATH|DIR|PLAYLIST...`: plays inputs as a queue.
///
/// Exit status 0 when every item played to its end (or the user quit); 1 with a
/// `spool: <message>` line per failed item or per input that gave nothing to play (the other
/// items still play); 2 for a usage error. `--help` prints the usage on stdout and exits 0.
/// `--stats` prints one JSON object on stdout at exit.
@MainActor
enum PlayCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        if PlayArguments.asksForHelp(arguments) {
            print(PlayOptions.usage)
            return 0
        }
        var options: PlayOptions
        do {
            let resolved = try PlayCommandLine.resolve(arguments, loadConfiguration: loadConfiguration)
            for message in resolved.diagnostics { StandardError.write(message + "\n") }
            options = resolved.options
            try options.checkFilters()
        } catch {
            StandardError.report("play: \(error)\nusage: \(PlayOptions.usage)")
            return 2
        }
        let expansion = InputExpansion.expand(options.sources)
        for problem in expansion.problems { StandardError.report("\(problem)") }
        guard !expansion.entries.isEmpty || options.idles else {
            StandardError.report("play: nothing to play")
            return 1
        }
        options.inputs = expansion.entries.map(\.location)

        let clock = ContinuousClock()
        let session: PlaySession
        do {
            let outputs = try await SelectedOutputs.make(options: options, clock: clock)
            session = try PlaySession(options: options, outputs: outputs, clock: clock)
        } catch {
            StandardError.report("\(error)")
            return 1
        }
        let status = await session.run()
        return expansion.problems.isEmpty ? status : max(status, 1)
    }

    /// spool.conf from the XDG location; a file that exists but cannot be read is reported and
    /// treated as absent (the configuration is never fatal).
    private static func loadConfiguration() -> PlayCommandLine.ConfigSource? {
        let path = ConfigLocation.path(environment: ProcessInfo.processInfo.environment)
        do {
            return try ConfigLocation.read(path).map { PlayCommandLine.ConfigSource(path: path, text: $0) }
        } catch {
            StandardError.report("\(path): cannot be read (\(error.localizedDescription)); using no configuration")
            return nil
        }
    }
}
