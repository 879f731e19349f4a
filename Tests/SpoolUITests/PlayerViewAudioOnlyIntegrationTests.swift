import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// An audio-only item in `spool play`: the window opens without video and shows the cover
/// art from the file's tags above its title and artist (read back by tesseract).
@Suite("spool play shows an audio-only item (Xvfb + tesseract)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewAudioOnlyIntegrationTests {
    @Test("An MP3 with a cover picture: the cover, the title and the artist in the middle of the window")
    func coverArtTitleAndArtist() async throws {
        let mp3 = try await TestMedia.url(for: .mp3WithCover)
        let session = try await SpoolWindowSession.start(mp3.path, ["--keep-open", "--geometry", "1280x720"])
        let middle = session.window.height / 2
        // The 64x64 cover (testsrc2: bright colours) ends 56 px above the middle, centred.
        let cover = OverlayRect(x: 640 - 28, y: middle - 56 - 60, width: 56, height: 56)
        let title = OverlayRect(x: 340, y: middle - 44, width: 600, height: 40)
        let artist = OverlayRect(x: 340, y: middle + 4, width: 600, height: 32)
        // On a loaded machine the buffering spinner (centred, over the title) can still be up
        // when the cover and title first show: read until both lines are clear, within 20 s.
        let deadline = ContinuousClock.now + .seconds(20)
        var readTitle = ""
        var readArtist = ""
        var attempts = 0
        repeat {
            attempts += 1
            let shown = try await session.screenshot(within: .seconds(20)) {
                $0.brightest(in: cover) > 150 && $0.brightest(in: title) > 200
            }
            #expect(shown.held, "no cover art and title in the window")
            guard shown.held else { break }
            try await shown.pixels.save(as: "osc-audio-only-cover-art")
            readTitle = try await OCR.read(shown.pixels.image(of: title), name: "osc-audio-only-title-ocr")
            readArtist = try await OCR.read(shown.pixels.image(of: artist), name: "osc-audio-only-artist-ocr")
        } while !(readTitle.contains(TestMedia.mp3Tags.title) && readArtist.contains(TestMedia.mp3Tags.artist))
            && ContinuousClock.now < deadline
        #expect(readTitle.contains(TestMedia.mp3Tags.title), "tesseract read: \(readTitle) (\(attempts) screenshots)")
        #expect(
            readArtist.contains(TestMedia.mp3Tags.artist), "tesseract read: \(readArtist) (\(attempts) screenshots)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
