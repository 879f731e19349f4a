import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// The Picture-in-Picture window and background visibility, checked from outside with
    /// xwininfo, xprop and xwd on the test X server (1280x720, no window manager).
    @Suite struct PictureInPicture {
        static let pipName = " (Picture in Picture)"

        /// A window showing a 320x240 `color` frame.
        static func shownWindow(
            _ title: String, color: SyntheticColor, events: VideoEventLog
        ) async throws -> SDLVideoOutput {
            let output = try await VideoTestWindow.open(.init(title: title), onEvent: events.record)
            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: color))
            try #require(await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.framesShown == 1 } != nil)
            return output
        }

        static func isColor(_ pixel: (red: UInt8, green: UInt8, blue: UInt8), _ color: SyntheticColor) -> Bool {
            abs(Int(pixel.red) - Int(color.red)) <= 40 && abs(Int(pixel.green) - Int(color.green)) <= 40
                && abs(Int(pixel.blue) - Int(color.blue)) <= 40
        }

        @Test func opensAnAlwaysOnTopQuarterWidthWindowBottomRightAndRestores() async throws {
            let title = "pip-window"
            let events = VideoEventLog()
            let output = try await Self.shownWindow(title, color: .red, events: events)
            defer { output.stop() }

            try await output.startPictureInPicture()
            #expect(output.isPictureInPictureActive)
            #expect(output.isShowingVideo)
            // 25% of 1280 = 320 wide, 4:3 → 240 high, 16 from the right and bottom edges.
            let floating = try await X11WindowInfo.waitFor(title + Self.pipName) { $0?.mapState == "IsViewable" }
            #expect(floating?.x == 1280 - 320 - 16 && floating?.y == 720 - 240 - 16, "\(String(describing: floating))")
            #expect(floating?.width == 320 && floating?.height == 240)
            #expect(floating?.netWMState.contains("_NET_WM_STATE_ABOVE") == true, "\(String(describing: floating))")
            let main = try await X11WindowInfo.waitFor(title) { $0?.mapState == "IsUnMapped" }
            #expect(main?.mapState == "IsUnMapped", "the main window is hidden during Picture in Picture")

            // New frames go to the floating window.
            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: .green))
            #expect(await VideoTestWindow.waitForStatus(output) { $0.framesShown == 2 } != nil)
            var screen = try await VideoXWDScreenshot.capture()
            for _ in 0..<20 where !Self.isColor(screen.pixel(x: 944 + 160, y: 464 + 160), .green) {
                screen = try await VideoXWDScreenshot.capture()
            }
            print("Picture in Picture screenshot: \(try await screen.save(as: "pip-output-green"))")
            #expect(Self.isColor(screen.pixel(x: 944 + 160, y: 464 + 160), .green), "the video fills the window")
            #expect(!Self.isColor(screen.pixel(x: 640, y: 360), .red), "the main window is off the screen")
            // The buttons are drawn over the video: the restore square darkens it.
            let button = screen.pixel(x: 944 + 8, y: 464 + 30)
            #expect(button.green < 150 && button.red < 60, "restore button pixel \(button)")

            try await output.stopPictureInPicture(showingMainWindow: true)
            #expect(!output.isPictureInPictureActive)
            let restored = try await X11WindowInfo.waitFor(title) { $0?.mapState == "IsViewable" }
            #expect(restored?.mapState == "IsViewable")
            #expect(try await X11WindowInfo.waitFor(title + Self.pipName) { $0 == nil } == nil)
            // The main window shows the newest frame, the one presented during Picture in Picture.
            VideoTestWindow.expectUniform(try await output.snapshotRGBA(), is: .green)
        }

        @Test func buttonsAreReportedAndDraggingMovesTheWindow() async throws {
            let title = "pip-buttons"
            let events = VideoEventLog()
            let output = try await Self.shownWindow(title, color: .blue, events: events)
            defer { output.stop() }
            try await output.startPictureInPicture()
            let name = title + Self.pipName
            let start = try #require(try await X11WindowInfo.waitFor(name) { $0?.mapState == "IsViewable" })

            output.simulatePointer(.press(x: 10, y: 10, clickCount: 1), inPictureInPicture: true)
            #expect(await events.wait { $0.contains(.pictureInPictureRestoreRequested) })
            output.simulatePointer(.release(x: 0, y: 0), inPictureInPicture: true)
            output.simulatePointer(.press(x: 320 - 10, y: 10, clickCount: 1), inPictureInPicture: true)
            #expect(await events.wait { $0.contains(.pictureInPictureCloseRequested) })
            output.simulatePointer(.release(x: 0, y: 0), inPictureInPicture: true)
            #expect(!events.all.contains { if case .click = $0 { true } else { false } })

            // Grab the middle and move the pointer 100 left and 50 up: the window follows.
            output.simulatePointer(.press(x: 160, y: 120, clickCount: 1), inPictureInPicture: true)
            output.simulatePointer(.pointerMoved(x: 60, y: 70), inPictureInPicture: true)
            output.simulatePointer(.release(x: 0, y: 0), inPictureInPicture: true)
            let moved = try await X11WindowInfo.waitFor(name) { $0?.x == start.x - 100 }
            #expect(moved?.x == start.x - 100 && moved?.y == start.y - 50, "\(String(describing: moved))")
            // Motion without a press does not move it.
            output.simulatePointer(.pointerMoved(x: 0, y: 0), inPictureInPicture: true)
            try await output.stopPictureInPicture(showingMainWindow: false)
            #expect(try await X11WindowInfo.named(title)?.mapState == "IsUnMapped", "closed without restoring")
        }

        @Test func refusedBeforeTheFirstFrame() async throws {
            let output = try await VideoTestWindow.open(.init(title: "pip-early"))
            defer { output.stop() }
            await #expect(throws: VideoOutputError.self) { try await output.startPictureInPicture() }
            #expect(!output.isPictureInPictureActive)
            output.stop()
            await #expect(throws: VideoOutputError.stopped) { try await output.startPictureInPicture() }
        }

        @Test func hidingTheWindowStopsShowingVideoUnlessPictureInPictureIsOn() async throws {
            let events = VideoEventLog()
            let output = try await Self.shownWindow("pip-hide", color: .red, events: events)
            defer { output.stop() }
            let changes = ConditionLock<[Bool]>([])
            let token = output.addShowingVideoObserver { showing in changes.update { $0.append(showing) } }
            defer { output.removeShowingVideoObserver(token) }
            #expect(output.isShowingVideo)

            output.hideWindow()
            #expect(await VideoTestWindow.waitForStatus(output) { !$0.isShowingVideo && !$0.isVisible } != nil)
            #expect(await events.wait { $0.contains(.visibilityChanged(false)) })
            output.showWindow()
            #expect(await VideoTestWindow.waitForStatus(output) { $0.isShowingVideo && $0.isVisible } != nil)
            // Observers are called after the status is published (and its waiters woken), from
            // the render thread: wait for the call, not only for the status.
            _ = await runOnDedicatedThread { changes.wait(timeout: .seconds(10)) { $0.count >= 2 ? true : nil } }
            #expect(changes.withLock { $0 } == [false, true])

            // The main window hidden for Picture in Picture still shows video, in the other window.
            try await output.startPictureInPicture()
            #expect(output.isShowingVideo && !output.status.isVisible)
            try await output.stopPictureInPicture(showingMainWindow: true)
            #expect(await VideoTestWindow.waitForStatus(output) { $0.isVisible } != nil)
            #expect(changes.withLock { $0 } == [false, true], "no change reported for Picture in Picture")
        }
    }
}
