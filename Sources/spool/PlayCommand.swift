import Foundation
import Spool

/// `spool play [options] URL|PATH...`: plays inputs as a queue.
///
/// Exit status 0 when every item played to its end (or the user quit); 1 with a
/// `spool: <message>` line per failed item otherwise (the other items still play); 2 for a
/// usage error. `--stats` prints one JSON object on stdout at exit.
@MainActor
enum PlayCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        let options: PlayOptions
        do {
            options = try PlayOptions.parse(arguments)
        } catch {
            StandardError.report("play: \(error)\nusage: \(PlayOptions.usage)")
            return 2
        }
        let clock = ContinuousClock()
        let session: PlaySession
        do {
            let outputs = try await SelectedOutputs.make(options: options, clock: clock)
            session = try PlaySession(options: options, outputs: outputs, clock: clock)
        } catch {
            StandardError.report("\(error)")
            return 1
        }
        return await session.run()
    }
}
