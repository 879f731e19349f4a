public import Foundation

/// Test payloads made at test time, so no media or fixtures are downloaded or committed.
public enum RandomBytes {
    /// `count` bytes from the system random generator: every run serves different data, so
    /// a source that returned bytes from the wrong offset cannot pass by coincidence.
    public static func make(count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        var data = Data(capacity: count + 8)
        while data.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { data.append(contentsOf: $0) }
        }
        return data.prefix(count)
    }
}
