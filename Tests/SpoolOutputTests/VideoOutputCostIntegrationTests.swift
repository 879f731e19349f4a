import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// What showing 1280x720 yuv420p costs: `present` itself (what the engine's render
    /// thread pays), and a present-and-wait-until-shown round trip (what the SDL thread pays
    /// to upload, draw and present a frame). Printed for the record; only `present` is held
    /// to a bound, a generous one, since the machine is shared.
    @Suite struct Cost {
        @Test func presentAt720pReturnsPromptly() async throws {
            let output = try await VideoTestWindow.open(.init(title: "cost"))
            defer { output.stop() }
            let frames = [SyntheticColor.red, .blue].map {
                SyntheticVideoFrame.yuv420p(width: 1280, height: 720, color: $0)
            }
            let (presentCost, roundTrip) = try await runOnDedicatedThread {
                () throws(VideoOutputError) -> (Duration, Duration) in
                try output.present(frames[0])
                _ = output.waitForStatus(timeout: .seconds(10)) { $0.framesShown == 1 }

                let presents = 500
                let start = ContinuousClock.now
                for index in 0..<presents { try output.present(frames[index % 2]) }
                let presentCost = start.duration(to: .now) / presents

                let settled = output.waitForStatus(timeout: .seconds(10)) {
                    $0.framesShown + $0.framesDropped == $0.framesReceived
                }
                let roundTrips = 60
                let roundTripStart = ContinuousClock.now
                var shown = settled?.framesShown ?? 0
                for index in 0..<roundTrips {
                    try output.present(frames[index % 2])
                    shown += 1
                    _ = output.waitForStatus(timeout: .seconds(10)) { [shown] in $0.framesShown >= shown }
                }
                return (presentCost, roundTripStart.duration(to: .now) / roundTrips)
            }
            let status = output.status
            print(
                "SDLVideoOutput 1280x720 yuv420p on \(status.rendererName): present() \(presentCost) per call; "
                    + "present-to-shown \(roundTrip) per frame; window \(status.width)x\(status.height); "
                    + "received \(status.framesReceived), shown \(status.framesShown), dropped \(status.framesDropped)")
            #expect(presentCost < .milliseconds(2))
            #expect(status.framesShown + status.framesDropped == status.framesReceived)
        }
    }
}
