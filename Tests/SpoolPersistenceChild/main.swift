// SpoolPersistenceChild <dbpath> <count>
//
// Saves resume positions item-0, item-1, … item-<count-1> through SQLiteProgressAPI, one
// batch (one transaction) per item, and prints "saved N" after the save of item-N has
// returned. Then it idles until killed. SQLiteKillIntegrationTests kills it with SIGKILL while it
// is writing and checks that every position it reported saved can be read back.
//
// The position saved for item-N is `childPosition(N)`; the test computes the same formula.
import Foundation
import SpoolCore
import SpoolPersistence

/// Keep in sync with `SQLiteKillIntegrationTests.childPosition(_:)`.
func childPosition(_ index: Int) -> Double { Double(index) * 1.5 + 0.25 }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SpoolPersistenceChild: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    fail("usage: SpoolPersistenceChild <dbpath> <count>")
}

do {
    let api = try await SQLiteProgressAPI(at: URL(filePath: arguments[1]))
    for index in 0..<count {
        try await api.save([ItemID("item-\(index)"): childPosition(index)])
        // FileHandle writes go straight to the pipe (no stdio buffering), so the parent sees
        // each line as soon as the save it reports has committed.
        try FileHandle.standardOutput.write(contentsOf: Data("saved \(index)\n".utf8))
    }
} catch {
    fail("\(error)")
}

// Idle until killed, so the test decides how the process ends. pause() returns only for a
// handled signal; nothing else runs in this process, so blocking its main thread is harmless.
while true {
    pause()
}
