// SpoolOutputChild
//
// Tries to open an SDL video window in whatever display environment it was started with,
// and prints what happened, one line each:
//   "probe: true|false"           SDLVideoOutput.isDisplayAvailable()
//   "opened" | "unavailable: <message>" | "failed: <error>"
// VideoOutputUnavailableIntegrationTests starts it with DISPLAY unset or naming a display
// nobody serves, which cannot be arranged inside the test process: SDL reads DISPLAY from the
// process environment, and changing that under running tests would break them.
import Foundation
import SpoolOutput

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

say("probe: \(SDLVideoOutput.isDisplayAvailable())")
do {
    let output = try await SDLVideoOutput(configuration: .init(title: "SpoolOutputChild"))
    say("opened")
    output.stop()
} catch .unavailable(let message) {
    say("unavailable: \(message)")
} catch {
    say("failed: \(error)")
}
