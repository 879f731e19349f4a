import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// Opening, sizing, presenting, events and stopping, on a real window.
    @Suite struct Lifecycle {
        static let red = SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: .red)

        @Test func displayIsAvailableUnderXvfb() async throws {
            _ = try await VideoTestWindow.open()  // fails with a clear message without DISPLAY
            #expect(await runOnDedicatedThread { SDLVideoOutput.isDisplayAvailable() })
        }

        @Test func firstFrameShowsTheWindowFittedTo80PercentOfTheDisplay() async throws {
            let events = VideoEventLog()
            let output = try await VideoTestWindow.open(onEvent: events.record)
            defer { output.stop() }
            #expect(!output.isVisible, "hidden until there is something to show")
            #expect(output.acceptedPixelFormats == [.yuv420p, .yuvj420p, .nv12, .rgba, .bgra])

            // 1920x1080 on the 1280x720 test screen: 80% is 1024x576, the same aspect.
            try output.present(SyntheticVideoFrame.yuv420p(width: 1920, height: 1080, color: .blue))
            let shown = await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.framesShown == 1 }
            #expect(shown?.width == 1024 && shown?.height == 576, "status: \(String(describing: shown))")
            // Xvfb's OpenGL is Mesa's llvmpipe, a CPU rasteriser: SDL's software renderer
            // draws instead (SDLRendererChoice), unless SDL_RENDER_DRIVER names one.
            let named = ProcessInfo.processInfo.environment["SDL_RENDER_DRIVER"]
            #expect(shown?.rendererName == (named ?? "software"))
            #expect(await events.wait { $0.contains(.visibilityChanged(true)) })
        }

        @Test func presentAfterStopThrowsStopped() async throws {
            let output = try await VideoTestWindow.open()
            try output.present(Self.red)
            output.stop()
            output.stop()  // idempotent

            #expect(throws: VideoOutputError.stopped) { try output.present(Self.red) }
            await #expect(throws: VideoOutputError.stopped) { try await output.snapshotRGBA() }
            #expect(!output.isVisible)
        }

        @Test("stop() returns at once while the SDL thread is busy; close() waits until the window is gone")
        func stopNeverWaitsForTheSDLThread() async throws {
            let output = try await VideoTestWindow.open()
            try output.present(Self.red)
            // Hold the SDL thread in a request of its own until the test lets it go.
            let (held, gate) = (ConditionLock(false), ConditionLock(false))
            output.host.submit(
                .probe { _ in
                    held.update { $0 = true }
                    _ = gate.wait(timeout: .seconds(60)) { $0 ? true : nil }
                })
            #expect(await runOnDedicatedThread { held.wait(timeout: .seconds(30)) { $0 ? true : nil } } == true)
            let startedAt = ContinuousClock.now
            output.stop()
            // The stop that waited for the SDL thread took its full 2 s here (the thread is
            // held); one that does not wait returns in microseconds, even on a loaded machine.
            let took = ContinuousClock.now - startedAt
            #expect(took < .seconds(1), "stop() took \(took)")
            #expect(output.host.state.withLock { $0.closesInFlight } >= 1, "closed while the SDL thread was held")
            #expect(throws: VideoOutputError.stopped) { try output.present(Self.red) }
            gate.update { $0 = true }
            #expect(await output.close(timeout: .seconds(30)))

            let other = try await VideoTestWindow.open()
            try other.present(Self.red)
            #expect(await other.close(timeout: .seconds(30)))
            #expect(!other.isVisible)
            #expect(await other.close(timeout: .zero), "a closed window closes again at once")
        }

        @Test func unsupportedAndMalformedFramesAreRefused() async throws {
            let output = try await VideoTestWindow.open()
            defer { output.stop() }
            let yuv444p = PixelFormat(rawValue: "yuv444p")
            let unsupported = SyntheticVideoFrame(
                width: 2, height: 2, pixelFormat: yuv444p, planes: [[0, 0, 0, 0]], bytesPerRow: [2])
            #expect(throws: VideoOutputError.unsupportedPixelFormat(yuv444p)) { try output.present(unsupported) }
            let short = SyntheticVideoFrame(
                width: 320, height: 240, pixelFormat: .rgba, planes: [[UInt8](repeating: 0, count: 100)],
                bytesPerRow: [1280])
            #expect(throws: VideoOutputError.self) { try output.present(short) }

            try output.present(Self.red)
            VideoTestWindow.expectUniform(try await output.snapshotRGBA(), is: .red)
            #expect(output.status.framesReceived == 1, "refused frames are not counted")
        }

        @Test func theNewestFrameWinsAndEveryFrameIsAccountedFor() async throws {
            let output = try await VideoTestWindow.open()
            defer { output.stop() }
            for color in [SyntheticColor.red, .green, .blue] {
                try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: color))
            }
            VideoTestWindow.expectUniform(try await output.snapshotRGBA(), is: .blue)
            let settled = await VideoTestWindow.waitForStatus(output) {
                $0.framesReceived == 3 && $0.framesShown + $0.framesDropped == 3
            }
            #expect(settled != nil, "status: \(output.status)")
        }

        @Test func keysReachTheCallbackInOrder() async throws {
            let events = VideoEventLog()
            let output = try await VideoTestWindow.open(onEvent: events.record)
            defer { output.stop() }
            try output.present(Self.red)
            let keys: [VideoWindowKey] = [
                .space, .right, .q, .leftBracket, .nine, .escape, .pageUp, .pageDown, .other(code: 120),
            ]
            for key in keys { output.simulateKeyDown(key) }

            let arrived = await events.wait { events in
                events.filter { if case .keyDown = $0 { true } else { false } }.count == keys.count
            }
            #expect(arrived)
            let pressed = events.all.compactMap { event -> VideoWindowKey? in
                if case .keyDown(let key, _) = event { key } else { nil }
            }
            #expect(pressed == keys)
        }

        @Test func twoWindowsShareTheSDLThread() async throws {
            let first = try await VideoTestWindow.open(.init(title: "first"))
            let second = try await VideoTestWindow.open(.init(title: "second"))
            defer { second.stop() }
            try first.present(Self.red)
            try second.present(SyntheticVideoFrame.nv12(width: 320, height: 240, color: .blue))
            VideoTestWindow.expectUniform(try await first.snapshotRGBA(), is: .red)
            VideoTestWindow.expectUniform(try await second.snapshotRGBA(), is: .blue)

            // Closing one window leaves SDL (and the other window) working.
            first.stop()
            try second.present(SyntheticVideoFrame.nv12(width: 320, height: 240, color: .green))
            VideoTestWindow.expectUniform(try await second.snapshotRGBA(), is: .green)
        }

        // Xvfb runs no window manager, and on X11 desktop fullscreen is the window manager's
        // job (SDL asks it through _NET_WM_STATE). So these tests check what SDL and the
        // output control: the fullscreen state, and the return to the windowed size.
        @Test func fullscreenTogglesAndReturnsToTheWindowedSize() async throws {
            let output = try await VideoTestWindow.open()
            defer { output.stop() }
            try output.present(Self.red)
            #expect(await VideoTestWindow.waitForStatus(output) { $0.isVisible } != nil)

            output.toggleFullscreen()
            #expect(await VideoTestWindow.waitForStatus(output) { $0.isFullscreen } != nil, "\(output.status)")
            #expect(output.isFullscreen)
            output.isFullscreen = false
            let windowed = await VideoTestWindow.waitForStatus(output) {
                !$0.isFullscreen && $0.width == 320 && $0.height == 240
            }
            #expect(windowed != nil, "status: \(output.status)")
        }

        @Test func startsFullscreenWhenAsked() async throws {
            let output = try await VideoTestWindow.open(.init(title: "fullscreen", startsFullscreen: true))
            defer { output.stop() }
            #expect(!output.isFullscreen, "hidden windows go fullscreen with their first frame")
            try output.present(Self.red)
            let full = await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.isFullscreen }
            #expect(full != nil, "status: \(output.status)")
        }
    }
}
