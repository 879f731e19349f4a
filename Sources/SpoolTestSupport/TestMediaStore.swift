import Foundation

/// The generated test media kept between test processes: content-addressed, so one `make test`
/// (its main pass, the real-time lane and the ThreadSanitizer passes, each a process of its
/// own) makes each fixture once, and a later run reuses it until its recipe changes.
///
/// A fixture's address is a hash of its recipe: the ffmpeg build (`ffmpeg -version`'s first
/// line), the source file that holds the recipe (`TestMedia.swift`, whose arguments say what is
/// made), and the fixture's name. Change either and the address changes; nothing is ever stale.
/// Safe under parallel tests and processes: a fixture is made into a temporary name under an
/// exclusive `flock` on its address and renamed into place, so a reader sees a whole file or
/// none, and a second process waits for the first instead of making it again.
///
/// Where: `SPOOL_TEST_MEDIA_CACHE`, else `.build/test-media` in the repository. Without a
/// readable recipe source (a test support library installed elsewhere) there is no address,
/// and fixtures are made per process as before.
enum TestMediaStore {
    /// The recipe's identity, or `nil` when it cannot be read.
    static func recipeDigest(recipeSource: String) async -> String? {
        guard let source = try? Data(contentsOf: URL(fileURLWithPath: recipeSource)),
            let ffmpeg = try? ToolRunner.find("ffmpeg"),
            let version = try? await ToolRunner.run(ffmpeg, ["-hide_banner", "-version"], timeout: .seconds(30)),
            version.status == 0
        else { return nil }
        let firstLine = version.outputText.split(separator: "\n").first.map(String.init) ?? ""
        return fnv1a(Data(firstLine.utf8) + source)
    }

    /// The store's directory for this recipe: `SPOOL_TEST_MEDIA_CACHE` or `.build/test-media`
    /// in the repository that `recipeSource` belongs to.
    static func directory(recipeSource: String, digest: String) -> URL {
        let base =
            ProcessInfo.processInfo.environment["SPOOL_TEST_MEDIA_CACHE"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: recipeSource)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-media")
        return base.appendingPathComponent(digest, isDirectory: true)
    }

    /// The stored file `name` in `directory`, made by `make` (given the temporary URL to write)
    /// unless another process or an earlier run made it already.
    static func file(
        named name: String, in directory: URL, make: (URL) async throws -> Void
    ) async throws -> URL {
        let final = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: final.path) { return final }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lock = open(directory.appendingPathComponent(name + ".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw ToolError(description: "cannot open the lock of \(final.path)") }
        defer { close(lock) }
        // Polled, not blocking: a cooperative thread must not sleep in flock while another
        // process spends seconds making the same file.
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            try await Task.sleep(for: .milliseconds(50))
        }
        defer { flock(lock, LOCK_UN) }
        if FileManager.default.fileExists(atPath: final.path) { return final }
        // The muxer picks the format from the extension: the temporary name keeps it.
        let temporary = directory.appendingPathComponent("tmp-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: temporary)
        try await make(temporary)
        guard rename(temporary.path, final.path) == 0 else {
            throw ToolError(description: "cannot rename \(temporary.path) to \(final.path)")
        }
        return final
    }

    /// FNV-1a, 64 bits, as 16 hex digits: an address, not a defence against a chosen collision.
    static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
