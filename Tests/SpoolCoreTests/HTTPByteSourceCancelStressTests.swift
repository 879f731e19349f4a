import Foundation
import SpoolNetwork
import SpoolTestSupport
import Testing

@testable import SpoolCore

/// Cancelling must be safe at any moment: before the request is out, while the head is on
/// its way, mid-body, paused for back-pressure, or as the body completes. URLSession's
/// transport could trap inside Foundation in the last case; libcurl's must never crash,
/// hang or hand the reader a wrong byte.
@Suite(.timeLimit(.minutes(3)))
struct HTTPByteSourceCancelStressTests {
    /// How one round ends the source.
    enum Ending: CaseIterable {
        case cancel, close, cancelThenDrop
    }

    @Test("libcurl: 1,000 cancels at random points — no crash, every read a prefix of the file, then .cancelled")
    func thousandCancelsAtRandomPoints() async throws {
        let payload = RandomBytes.make(count: 256 << 10)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/f.bin", .file(payload))
        let url = server.url("/f.bin")
        let problems = await runOnDedicatedThread { () -> [String] in
            var problems: [String] = []
            for round in 0..<1000 {
                // Small buffers in some rounds, so cancels also land on paused transfers.
                let bufferLimit = Bool.random() ? 32 << 10 : 4 << 20
                let delay = Duration.microseconds(Int64.random(in: 0...3000))
                let ending = Ending.allCases.randomElement() ?? .cancel
                if let problem = Self.round(url: url, payload: payload, bufferLimit: bufferLimit, delay: delay, ending)
                {
                    problems.append("round \(round) (\(ending), \(delay)): \(problem)")
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    /// Reads the file on a thread of its own and ends the source from this one after `delay`
    /// (a busy wait: the point is a random instant, not a pause). Returns what went wrong.
    private static func round(
        url: URL, payload: Data, bufferLimit: Int, delay: Duration, _ ending: Ending
    ) -> String? {
        var source: HTTPByteSource? = HTTPByteSource(
            url: url, options: .init(bufferLimit: bufferLimit, transport: CurlHTTPTransport()))
        let outcome = ConditionLock<(Data, ByteSourceError?)?>(nil)
        let reader = source
        let thread = Thread {
            var data = Data()
            var failure: ByteSourceError?
            do {
                try reader?.open()
                while let chunk = try reader?.read(upTo: 16 << 10), !chunk.isEmpty {
                    data.append(chunk)
                }
            } catch {
                failure = error as? ByteSourceError ?? .io("\(error)", url)
            }
            outcome.update { $0 = (data, failure) }
        }
        thread.start()
        let deadline = ContinuousClock.now + delay
        while ContinuousClock.now < deadline {}
        switch ending {
        case .cancel: source?.cancel()
        case .close: source?.close()
        case .cancelThenDrop:
            source?.cancel()
            source = nil
        }
        guard let (data, failure) = outcome.wait(timeout: .seconds(20), { $0 }) else {
            return "the reader did not return within 20 s of the cancel"
        }
        source?.close()
        if payload.prefix(data.count) != data { return "read \(data.count) bytes that are not the file's" }
        switch failure {
        case nil: return data.count == payload.count ? nil : "ended without error after \(data.count) bytes"
        case .cancelled?: return nil
        case let other?: return "failed with \(other) instead of .cancelled"
        }
    }
}
