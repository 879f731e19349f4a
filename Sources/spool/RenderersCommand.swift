import Foundation
import SpoolCast

/// `spool renderers`: the UPnP/DLNA renderers that answer within the timeout, one
/// "NAME<TAB>UDN<TAB>DESCRIPTION-URL" line each.
enum RenderersCommand {
    /// `spool renderers`'s usage, for `--help` and usage errors.
    static let usage = """
        spool renderers [--timeout SECONDS]
          search the local networks for UPnP/DLNA media renderers (TVs, Kodi, gmediarender)
          for SECONDS (default 3; 1 to 60) and print one "NAME<TAB>UDN<TAB>DESCRIPTION-URL"
          line each, by name. Devices that answer but are not accepted (malformed, or pointing
          at another host) are named on stderr. Exits 1 when no network can be searched.
          --timeout SECONDS             how long to listen (default 3)
          --help, -h                    show this help
        """

    /// How long to listen, from the arguments; a usage error in words.
    static func timeout(_ arguments: [String]) throws(UsageError) -> Duration {
        var seconds = 3.0
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var value: String?
            if argument == "--timeout" {
                value = rest.popFirst()
                guard value != nil else { throw UsageError(text: "--timeout needs a number of seconds") }
            } else if argument.hasPrefix("--timeout=") {
                value = String(argument.dropFirst("--timeout=".count))
            } else {
                throw UsageError(text: "unexpected argument '\(argument)'")
            }
            guard let text = value, let number = Double(text), number.isFinite, (1...60).contains(number) else {
                throw UsageError(text: "--timeout: '\(value ?? "")' is not a number of seconds from 1 to 60")
            }
            seconds = number
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// A command-line mistake.
    struct UsageError: Error { let text: String }

    /// Runs the command; the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        if PlayArguments.asksForHelp(arguments) {
            print(usage)
            return 0
        }
        let timeout: Duration
        do {
            timeout = try Self.timeout(arguments)
        } catch {
            StandardError.report("renderers: \(error.text)\nusage: \(usage)")
            return 2
        }
        let clock = ContinuousClock()
        let discovery = RendererDiscovery.onTheNetwork(clock: clock)
        let events = discovery.events()
        do {
            try discovery.start()
        } catch {
            StandardError.report("\(error)")
            return 1
        }
        let warnings = Task {
            var seen: Set<String> = []
            for await event in events {
                if case .ignored(let text) = event, seen.insert(text).inserted { StandardError.report(text) }
            }
        }
        try? await clock.sleep(for: timeout)
        let renderers = discovery.renderers
        discovery.stop()
        await warnings.value
        for renderer in renderers {
            print("\(renderer.name)\t\(renderer.udn)\t\(renderer.descriptionURL.absoluteString)")
        }
        return 0
    }
}
