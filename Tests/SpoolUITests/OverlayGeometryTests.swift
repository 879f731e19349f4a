import SpoolUI
import Testing

@Suite("Overlay geometry")
struct OverlayGeometryTests {
    @Test("A rectangle contains its pixels, not its right and bottom edges")
    func containment() {
        let rect = OverlayRect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.contains(OverlayPoint(x: 10, y: 20)))
        #expect(rect.contains(OverlayPoint(x: 39, y: 59)))
        #expect(!rect.contains(OverlayPoint(x: 40, y: 30)))
        #expect(!rect.contains(OverlayPoint(x: 20, y: 60)))
        #expect(!rect.contains(OverlayPoint(x: 9, y: 30)))
        #expect((rect.maxX, rect.maxY, rect.midX, rect.midY) == (40, 60, 25, 40))
    }

    @Test("Intersection, insets and negative sizes")
    func intersectionAndInsets() {
        let rect = OverlayRect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.intersects(OverlayRect(x: 9, y: 9, width: 5, height: 5)))
        #expect(!rect.intersects(OverlayRect(x: 10, y: 0, width: 5, height: 5)))
        #expect(rect.insetBy(dx: 2, dy: 3) == OverlayRect(x: 2, y: 3, width: 6, height: 4))
        #expect(rect.insetBy(dx: 6, dy: 0).isEmpty)
        #expect(OverlaySize(width: -5, height: 3) == OverlaySize(width: 0, height: 3))
    }
}
