import Foundation
import SpoolTestSupport
import Testing

/// PgUp/PgDn pressed in `spool play`'s window with a real keyboard (xdotool), with the
/// controls and without (`--no-osc`): each press is one exact seek to a chapter's start,
/// read from the run's `--events` seek targets.
@Suite("spool play's chapter keys (Xvfb + xdotool)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewChapterKeysIntegrationTests {
    /// The `target` of every `seek` event logged so far.
    static func seekTargets(_ session: SpoolWindowSession) -> [Double] {
        let text = (try? String(contentsOfFile: session.eventsPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["type"] as? String == "seek"
            else { return nil }
            return object["target"] as? Double
        }
    }

    /// Presses `key` and waits (at most 5 s) for the run to log one more seek. A paused bare
    /// window logs a seek only at its next input (as it does for the arrows' seeks), so the
    /// order of all seeks is checked after quitting, not here.
    static func press(_ key: String, in session: SpoolWindowSession) async throws {
        let before = seekTargets(session).count
        try await session.press(key)
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, seekTargets(session).count <= before {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The controls learn the chapters from an asset load of their own; until it is done a
    /// PgUp does nothing (no chapter to go to, no next item), and on CI's loaded main pass
    /// it once outlasted all three presses. Presses `key` until the run logs a seek, at most
    /// `timeout`; a press that finds no chapter logs nothing, so no seek is doubled.
    static func pressUntilSeeking(_ key: String, in session: SpoolWindowSession, timeout: Duration) async throws {
        let before = seekTargets(session).count
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, seekTargets(session).count <= before {
            try await press(key, in: session)
        }
    }

    @Test("Page Up, Page Up, Page Down land on 2 s, 4.5 s and 2 s", arguments: [[], ["--no-osc"]])
    func keys(_ arguments: [String]) async throws {
        let input = try await TestMedia.url(for: .chaptersMKV).path
        let session = try await SpoolWindowSession.start(input, arguments)
        #expect(try await session.waitForEvent("ready"))
        try await session.movePointer(toX: session.window.width / 2, y: session.window.height / 3)
        // Paused, so the playhead stays where each press put it (mpv's keys: PgUp next, PgDn previous).
        try await session.press("space")
        #expect(try await session.waitForEvent("state", count: 3))
        if arguments.isEmpty {
            try await Self.pressUntilSeeking("Page_Up", in: session, timeout: .seconds(60))
        } else {
            try await Self.press("Page_Up", in: session)
        }
        for key in ["Page_Up", "Page_Down"] { try await Self.press(key, in: session) }
        let output = try await session.quit()
        #expect(Self.seekTargets(session) == [2, 4.5, 2], "stderr: \(output.errorText)")
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
