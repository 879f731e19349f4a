/// Splits a video packet into NAL units and undoes emulation prevention. Pure: works on
/// bytes the caller lends, returns copies.
enum NALUnitReader {
    /// The NAL units of `bytes` (each without its start code or length field). A length
    /// field running past the end stops the walk: the units before it are still returned.
    static func units(in bytes: UnsafeRawBufferPointer, framing: NALFraming) -> [UnsafeRawBufferPointer] {
        switch framing {
        case .annexB: return annexBUnits(in: bytes)
        case .lengthPrefixed(let size): return lengthPrefixedUnits(in: bytes, lengthSize: size)
        }
    }

    private static func lengthPrefixedUnits(in bytes: UnsafeRawBufferPointer, lengthSize: Int)
        -> [UnsafeRawBufferPointer]
    {
        var units: [UnsafeRawBufferPointer] = []
        var position = 0
        while position + lengthSize <= bytes.count {
            var length = 0
            for index in 0..<lengthSize { length = length << 8 | Int(bytes[position + index]) }
            position += lengthSize
            guard length > 0, length <= bytes.count - position else { break }
            units.append(UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]))
            position += length
        }
        return units
    }

    private static func annexBUnits(in bytes: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] {
        // Where each unit starts: just after a 00 00 01.
        var starts: [Int] = []
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index + 2] > 1 {
                index += 3
            } else if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                starts.append(index + 3)
                index += 3
            } else {
                index += 1
            }
        }
        return starts.indices.compactMap { position in
            var end = position + 1 < starts.count ? starts[position + 1] - 3 : bytes.count
            // Zero bytes before the next start code (its 4-byte form, trailing_zero_8bits)
            // belong to no unit; a unit never ends in 00 (it ends in its stop bit).
            while end > starts[position], bytes[end - 1] == 0 { end -= 1 }
            return end > starts[position] ? UnsafeRawBufferPointer(rebasing: bytes[starts[position]..<end]) : nil
        }
    }

    /// `unit`'s payload after `headerSize` bytes with emulation-prevention bytes removed
    /// (the 03 of every 00 00 03): the raw byte sequence payload.
    static func rbsp(of unit: UnsafeRawBufferPointer, headerSize: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(max(unit.count - headerSize, 0))
        var zeros = 0
        var index = headerSize
        while index < unit.count {
            let byte = unit[index]
            index += 1
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            result.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return result
    }
}
