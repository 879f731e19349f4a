import Foundation
import SpoolUI

/// Finding subtitle ink in a rendered frame.
enum Ink {
    static func isWhite(_ color: OverlayColor) -> Bool {
        color.alpha > 200 && color.red > 200 && color.green > 200 && color.blue > 200
    }

    static func isBlack(_ color: OverlayColor) -> Bool {
        color.alpha > 200 && color.red < 40 && color.green < 40 && color.blue < 40
    }

    static func isRed(_ color: OverlayColor) -> Bool {
        color.alpha > 200 && color.red > 200 && color.green < 60 && color.blue < 60
    }

    /// The smallest rectangle holding every pixel that passes `test`; nil when none does.
    static func box(of image: OverlayImage, where test: (OverlayColor) -> Bool) -> OverlayRect? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where test(image.color(atX: x, y: y)) {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return nil }
        return OverlayRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// For each row, whether any pixel in it passes `test`.
    static func rows(of image: OverlayImage, where test: (OverlayColor) -> Bool) -> [Bool] {
        (0..<image.height).map { y in (0..<image.width).contains { x in test(image.color(atX: x, y: y)) } }
    }

    /// The rows where a run of inked rows starts.
    static func runStarts(_ rows: [Bool]) -> [Int] {
        rows.indices.filter { rows[$0] && ($0 == 0 || !rows[$0 - 1]) }
    }
}

/// Subtitle frames as pictures: composed over a mid-grey frame so white text, black edges
/// and boxes all show.
enum SubtitleScreenshots {
    @discardableResult
    static func save(_ frame: SubtitleFrame, as name: String) async throws -> URL {
        let size = frame.frameSize
        let grey = OverlayImage(
            width: size.width, height: size.height,
            pixels: [UInt8]((0..<size.width * size.height).flatMap { _ in [96, 112, 128, 255] as [UInt8] }))!
        return try await OverlayScreenshots.save(frame.drawn(onto: grey), as: name)
    }
}
