import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

/// Every test that opens a real SDL window, on the Xvfb server `scripts/with-test-services`
/// starts. Serialized: windows are centred on one screen, and the screenshot test must see
/// only its own; it also keeps two shared cores free for the rest of the run. For the same
/// reason it holds the screen against window suites of other targets (`.exclusiveScreen`).
@Suite(.serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct VideoOutputSDLIntegrationTests {}

/// Opening windows, waiting on them and checking what they show.
enum VideoTestWindow {
    /// A window on the test X server; a missing `DISPLAY` fails the test with what to do.
    static func open(
        _ configuration: SDLVideoOutput.Configuration = .init(title: "Spool test"),
        onEvent: @escaping @Sendable (VideoWindowEvent) -> Void = { _ in }
    ) async throws -> SDLVideoOutput {
        try #require(
            ProcessInfo.processInfo.environment["DISPLAY"] != nil,
            "DISPLAY is not set: run the window tests under scripts/with-test-services")
        // The window system's answer waits a minute, not the product's 10 s: a fully loaded
        // machine once took longer to open a window.
        var configuration = configuration
        configuration.openTimeout = max(configuration.openTimeout, .seconds(60))
        return try await SDLVideoOutput(configuration: configuration, onEvent: onEvent)
    }

    /// Waits (on a thread of its own, never the cooperative pool) until `condition` holds
    /// for the output's status; `nil` after 10 seconds.
    static func waitForStatus(
        _ output: SDLVideoOutput, until condition: @escaping @Sendable (VideoWindowStatus) -> Bool
    ) async -> VideoWindowStatus? {
        await runOnDedicatedThread { output.waitForStatus(timeout: .seconds(10), until: condition) }
    }

    /// Checks that the snapshot's pixel at (`x`, `y`) is `expected`, within `tolerance` per
    /// channel (YUV conversion and filtering are not bit-exact across renderers).
    static func expectPixel(
        _ snapshot: VideoSnapshot, _ x: Int, _ y: Int, is expected: SyntheticColor, tolerance: Int = 40,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let pixel = snapshot.pixel(x: x, y: y) else {
            Issue.record(
                "(\(x), \(y)) is outside the \(snapshot.width)x\(snapshot.height) snapshot",
                sourceLocation: sourceLocation)
            return
        }
        let actual = [pixel.red, pixel.green, pixel.blue]
        let wanted = [expected.red, expected.green, expected.blue]
        let close = zip(actual, wanted).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        #expect(close, "pixel (\(x), \(y)) is RGB \(actual), expected \(wanted)", sourceLocation: sourceLocation)
    }
}

extension VideoTestWindow {
    /// Checks that every pixel of the snapshot is `expected` (within `tolerance`): a solid
    /// frame must show no stray rows, padding bytes or edges.
    static func expectUniform(
        _ snapshot: VideoSnapshot, is expected: SyntheticColor, tolerance: Int = 40,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let wanted = [expected.red, expected.green, expected.blue]
        var wrong = 0
        var first: (x: Int, y: Int)?
        for y in 0..<snapshot.height {
            for x in 0..<snapshot.width {
                let offset = (y * snapshot.width + x) * 4
                let close = (0..<3).allSatisfy { abs(Int(snapshot.pixels[offset + $0]) - Int(wanted[$0])) <= tolerance }
                if !close {
                    wrong += 1
                    first = first ?? (x, y)
                }
            }
        }
        #expect(
            wrong == 0, "\(wrong) pixels are not RGB \(wanted), the first at \(String(describing: first))",
            sourceLocation: sourceLocation)
    }
}

/// The events an output reported, in order, for tests to wait on.
final class VideoEventLog: Sendable {
    private let events = ConditionLock<[VideoWindowEvent]>([])

    /// Pass as the output's `onEvent`.
    var record: @Sendable (VideoWindowEvent) -> Void {
        { [events] event in events.update { $0.append(event) } }
    }

    /// Every event so far.
    var all: [VideoWindowEvent] { events.withLock { $0 } }

    /// Waits (on a thread of its own) until `condition` holds for the events; `false` after
    /// 10 seconds.
    func wait(until condition: @escaping @Sendable ([VideoWindowEvent]) -> Bool) async -> Bool {
        await runOnDedicatedThread { [events] in
            events.wait(timeout: .seconds(10)) { condition($0) ? true : nil } ?? false
        }
    }
}
