import Foundation

/// One entry of `pactl --format=json list sink-inputs`: a playback stream as the server sees it.
struct SinkInput: Decodable {
    struct ChannelVolume: Decodable {
        let value: Int
        let db: String
    }

    let index: UInt32
    let client: String
    let sink: Int
    let corked: Bool
    let volume: [String: ChannelVolume]
    let properties: [String: String]
}

/// One entry of `pactl --format=json list sinks`.
struct SinkDescription: Decodable {
    let index: Int
    let name: String
}

/// The private PulseAudio daemon `scripts/with-test-services` starts, seen through pactl.
///
/// Integration-test support (hence the file name): `waitForSinkInput` polls pactl, bounded
/// by a deadline, because the server applies requests asynchronously.
enum PulseTestServer {
    /// The daemon's address. Throws — failing the test rather than skipping it — when the
    /// tests run without `scripts/with-test-services`.
    static func address() throws -> String {
        guard let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] else {
            throw ExternalToolError(
                description: "PULSE_SERVER is not set: run the tests with scripts/with-test-services")
        }
        return server
    }

    /// The test sink that is not the default (for routing tests), as the script names it.
    static func secondSinkName() throws -> String {
        guard let name = ProcessInfo.processInfo.environment["SPOOL_TEST_PULSE_SINK_2"] else {
            throw ExternalToolError(
                description: "SPOOL_TEST_PULSE_SINK_2 is not set: run the tests with scripts/with-test-services")
        }
        return name
    }

    static func sinkInputs() async throws -> [SinkInput] {
        let json = try await ExternalTool.output(of: "pactl", ["--format=json", "list", "sink-inputs"])
        return try JSONDecoder().decode([SinkInput].self, from: json)
    }

    static func sinks() async throws -> [SinkDescription] {
        let json = try await ExternalTool.output(of: "pactl", ["--format=json", "list", "sinks"])
        return try JSONDecoder().decode([SinkDescription].self, from: json)
    }

    /// Loads a module into the daemon and returns its index.
    static func loadModule(_ name: String, arguments: String) async throws -> Int {
        let output = try await ExternalTool.output(of: "pactl", ["load-module", name, arguments])
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let index = Int(text) else {
            throw ExternalToolError(description: "pactl load-module \(name) printed '\(text)'")
        }
        return index
    }

    static func unloadModule(_ index: Int) async throws {
        _ = try await ExternalTool.output(of: "pactl", ["unload-module", "\(index)"])
    }

    /// The sink input `index` once `condition` holds for it, polling pactl every 20 ms for at
    /// most `timeout`; `nil` if it never did.
    static func waitForSinkInput(
        index: UInt32, timeout: Duration = .seconds(3), until condition: (SinkInput) -> Bool = { _ in true }
    ) async throws -> SinkInput? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let input = try await sinkInputs().first(where: { $0.index == index }), condition(input) {
                return input
            }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
