import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// A `spool play` run with its window under the test X server, driven by a real pointer and
/// keyboard (xdotool) and looked at through whole-screen screenshots (xwd).
struct SpoolWindowSession {
    /// The window's title, which `spool play` makes from its one input.
    let title: String
    /// Where the window is on the screen (once mapped).
    let window: X11WindowInfo
    /// The running `spool play`; its output once it exits.
    let run: Task<ToolOutput, any Error>
    /// Where the run writes its `--events` JSON Lines.
    let eventsPath: String

    /// Starts `spool play ARGUMENTS INPUT` (no MPRIS, no resume, null audio, `--keep-open`) and
    /// waits until its window is mapped.
    static func start(
        _ input: String, _ arguments: [String] = [], environment: [String: String] = [:],
        queued more: [String] = [], timeout: Duration = .seconds(60)
    ) async throws -> SpoolWindowSession {
        let spool = try ToolRunner.builtProduct("spool")
        let eventsPath = try TestMedia.directory().appendingPathComponent("window-\(UUID().uuidString).jsonl").path
        let run = Task {
            try await ToolRunner.run(
                spool,
                // --keep-open: on a loaded machine a test may outlast its clip; the window must stay.
                ["play", "--no-mpris", "--no-resume", "--keep-open", "--ao", "null", "--events", eventsPath]
                    + arguments + [input] + more,
                timeout: timeout, environment: environment)
        }
        let title = more.isEmpty ? "\(input) — Spool" : "Spool"
        let info = try await X11WindowInfo.waitForMapped(title)
        guard let info else {
            // Rare (once in many CI runs, not reproduced in 400 local runs): what spool was
            // doing is the only clue, so its stacks go into the failure before it is killed.
            let events = (try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? ""
            // Every top-level window the X server has, to tell "never made" from "made
            // but unmapped" or "mapped under another name".
            let tree = try? await ToolRunner.run(
                try ToolRunner.find("xwininfo"), ["-root", "-children"], timeout: .seconds(10))
            let stacks = await HungChildDiagnosis.stacksThenKill(marker: eventsPath)
            let output = try? await run.value
            throw ToolError(
                description: """
                    no window \(title) appeared; its events: \(events.isEmpty ? "none" : events)
                    spool said: \(output?.errorText ?? "?")
                    the X server's windows: \(tree?.outputText ?? "?")
                    its threads: \(stacks)
                    """)
        }
        return SpoolWindowSession(title: title, window: info, run: run, eventsPath: eventsPath)
    }

    /// Waits (at most `timeout`) until the run has logged an event of `type` ("ready",
    /// "stall"…) `count` times; whether it did.
    func waitForEvent(_ type: String, count: Int = 1, timeout: Duration = .seconds(20)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        let needle = "\"type\":\"\(type)\""
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: eventsPath, encoding: .utf8)) ?? ""
            if text.components(separatedBy: needle).count - 1 >= count { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Runs xdotool with `arguments`.
    static func xdotool(_ arguments: [String]) async throws {
        let result = try await ToolRunner.run(try ToolRunner.find("xdotool"), arguments, timeout: .seconds(10))
        guard result.status == 0 else {
            throw ToolError(description: "xdotool \(arguments.joined(separator: " ")): \(result.errorText)")
        }
    }

    /// Moves the real pointer to (`x`, `y`) of the window.
    func movePointer(toX x: Int, y: Int) async throws {
        try await Self.xdotool(["mousemove", "\(window.x + x)", "\(window.y + y)"])
    }

    /// Clicks the primary button at (`x`, `y`) of the window.
    func click(atX x: Int, y: Int) async throws {
        try await movePointer(toX: x, y: y)
        try await Self.xdotool(["click", "1"])
    }

    /// Presses `key` (xdotool's key names: `space`, `q`, `Tab`…) with the pointer, and so the
    /// keyboard focus, in the window.
    func press(_ key: String) async throws {
        try await Self.xdotool(["key", key])
    }

    /// The window's part of a screenshot of the whole screen.
    func screenshot() async throws -> WindowPixels {
        WindowPixels(screen: try await VideoXWDScreenshot.capture(), window: window)
    }

    /// Waits until `condition` holds for a screenshot, for at most `timeout` of real time;
    /// the last screenshot and whether it held.
    func screenshot(
        within timeout: Duration = .seconds(15), until condition: (WindowPixels) -> Bool
    ) async throws -> (pixels: WindowPixels, held: Bool) {
        let deadline = ContinuousClock.now + timeout
        var pixels = try await screenshot()
        while !condition(pixels) {
            guard ContinuousClock.now < deadline else { return (pixels, false) }
            try await Task.sleep(for: .milliseconds(100))
            pixels = try await screenshot()
        }
        return (pixels, true)
    }

    /// The controls' layout in this window as `spool play` shows a local file: with a title,
    /// a Next button and Picture-in-Picture.
    func layout(duration: Double) -> PlayerControlsLayout {
        let playback = PlaybackSnapshot(
            phase: .playing, duration: duration, title: "x", hasNextItem: true, isPictureInPicturePossible: true)
        return PlayerControlsLayout(
            size: OverlaySize(width: window.width, height: window.height), playback: playback,
            configuration: PlayerControlsConfiguration())
    }

    /// Quits with `q` and returns spool's output.
    func quit() async throws -> ToolOutput {
        try await movePointer(toX: window.width / 2, y: window.height / 2)
        try await press("q")
        return try await run.value
    }
}

/// The pixels of one window in a screenshot of the screen.
struct WindowPixels {
    let screen: VideoXWDScreenshot
    let window: X11WindowInfo

    /// The colour at (`x`, `y`) of the window.
    func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        screen.pixel(x: window.x + x, y: window.y + y)
    }

    /// The largest difference of any channel between any pixel of `rect` (sampled every
    /// 4 pixels) and `color`.
    func largestDifference(in rect: OverlayRect, from color: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        var largest = 0
        for y in stride(from: rect.y, to: rect.maxY, by: 4) {
            for x in stride(from: rect.x, to: rect.maxX, by: 4) {
                let pixel = pixel(x: x, y: y)
                largest = max(
                    largest, abs(Int(pixel.red) - Int(color.red)), abs(Int(pixel.green) - Int(color.green)),
                    abs(Int(pixel.blue) - Int(color.blue)))
            }
        }
        return largest
    }

    /// The largest channel value of any pixel of `rect` (every other pixel).
    func brightest(in rect: OverlayRect) -> Int {
        var brightest = 0
        for y in stride(from: rect.y, to: rect.maxY, by: 2) {
            for x in stride(from: rect.x, to: rect.maxX, by: 2) {
                let pixel = pixel(x: x, y: y)
                brightest = max(brightest, Int(max(pixel.red, pixel.green, pixel.blue)))
            }
        }
        return brightest
    }

    /// `rect` of the window as an opaque overlay image (for OCR and comparisons).
    func image(of rect: OverlayRect) -> OverlayImage {
        var pixels = [UInt8](repeating: 255, count: rect.width * rect.height * 4)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let pixel = pixel(x: rect.x + x, y: rect.y + y)
                let index = (y * rect.width + x) * 4
                (pixels[index], pixels[index + 1], pixels[index + 2]) = (pixel.red, pixel.green, pixel.blue)
            }
        }
        return OverlayImage(width: rect.width, height: rect.height, pixels: pixels)
            ?? OverlayImage(width: 0, height: 0)
    }

    /// Saves the window's part as `<name>.png` under .build/test-screenshots; its path.
    @discardableResult
    func save(as name: String) async throws -> String {
        var rgba = [UInt8](repeating: 255, count: window.width * window.height * 4)
        for y in 0..<window.height {
            for x in 0..<window.width {
                let pixel = pixel(x: x, y: y)
                let index = (y * window.width + x) * 4
                (rgba[index], rgba[index + 1], rgba[index + 2]) = (pixel.red, pixel.green, pixel.blue)
            }
        }
        return try await TestScreenshots.savePNG(rgba: rgba, width: window.width, height: window.height, as: name)
            .path
    }
}

extension X11WindowInfo {
    /// Polls until the window named `name` is mapped, for at most 30 s.
    static func waitForMapped(_ name: String) async throws -> X11WindowInfo? {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let info = try await named(name), info.mapState == "IsViewable", info.width > 0 { return info }
            try await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }
}
