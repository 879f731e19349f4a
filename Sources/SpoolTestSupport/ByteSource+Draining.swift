public import Foundation
public import SpoolCore

extension ByteSource {
    /// Reads until end of stream in `chunkSize` reads and returns everything. Blocking:
    /// call it from a dedicated thread (`runOnDedicatedThread`).
    public func readToEnd(chunkSize: Int = 64 << 10) throws(ByteSourceError) -> Data {
        var result = Data()
        while true {
            let chunk = try read(upTo: chunkSize)
            if chunk.isEmpty { return result }
            result.append(chunk)
        }
    }

    /// Reads until `count` bytes have arrived or the stream ends (then fewer are returned).
    /// Blocking, like `readToEnd`.
    public func read(exactly count: Int) throws(ByteSourceError) -> Data {
        var result = Data()
        while result.count < count {
            let chunk = try read(upTo: count - result.count)
            if chunk.isEmpty { break }
            result.append(chunk)
        }
        return result
    }
}
