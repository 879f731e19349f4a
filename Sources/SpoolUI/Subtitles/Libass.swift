internal import CLibass
import Foundation

/// Why subtitles cannot be rendered.
public struct SubtitleRendererError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}

/// One `ASS_Library`: libass's process-independent state (message callback, embedded fonts).
///
/// Ownership: created and freed here (`ass_library_init` / `ass_library_done`); every
/// renderer and track made from it holds a strong reference to this object, so the library
/// outlives them as libass requires. Not `Sendable`: one thread at a time.
final class LibassLibrary {
    let pointer: OpaquePointer

    init() throws(SubtitleRendererError) {
        guard let library = ass_library_init() else {
            throw SubtitleRendererError(description: "libass could not start (ass_library_init failed)")
        }
        pointer = library
        // libass logs font matching and parsing notes to stderr by default; Spool reports
        // failures itself, so its chatter is dropped (as LibraryLogging does for FFmpeg).
        ass_set_message_cb(library, { _, _, _, _ in }, nil)
    }

    deinit { ass_library_done(pointer) }

    /// Adds a font file from memory (libass copies the bytes), found by the family names
    /// inside it. Renderers made after this see it; one made before needs its fonts set again.
    func addFont(named name: String, data: Data) {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.bindMemory(to: CChar.self).baseAddress else { return }
            ass_add_font(pointer, name, base, Int32(clamping: bytes.count))
        }
    }
}

/// One `ASS_Renderer` with fonts from fontconfig, drawing into a frame of a given size.
///
/// Ownership: `ass_renderer_init` here, `ass_renderer_done` in `deinit`; keeps its library
/// alive. The `ASS_Image` list a render returns belongs to the renderer and is valid only
/// until its next render or its end, so `render` hands it to a closure and never lets it out.
final class LibassRenderer {
    private let library: LibassLibrary
    private let pointer: OpaquePointer
    private var frameSize: OverlaySize?
    private var linePosition = 0.0

    init(library: LibassLibrary) throws(SubtitleRendererError) {
        guard let renderer = ass_renderer_init(library.pointer) else {
            throw SubtitleRendererError(description: "libass could not start a renderer (FreeType failed)")
        }
        self.library = library
        pointer = renderer
        // Fonts through fontconfig; "sans-serif" (DejaVu Sans on Debian, fonts-dejavu-core)
        // when a style's family is not installed.
        ass_set_fonts(renderer, nil, "sans-serif", Int32(ASS_FONTPROVIDER_AUTODETECT.rawValue), nil, 1)
        ass_set_hinting(renderer, ASS_HINTING_NONE)
    }

    deinit { ass_renderer_done(pointer) }

    /// Sets the output size; a no-op when unchanged (libass drops its caches on a change).
    func setFrameSize(_ size: OverlaySize) {
        guard size != frameSize else { return }
        frameSize = size
        ass_set_frame_size(pointer, Int32(size.width), Int32(size.height))
        ass_set_storage_size(pointer, Int32(size.width), Int32(size.height))
    }

    /// Moves subtitles that are not explicitly placed up by `percent` of the frame (mpv's
    /// `sub-pos`); a no-op when unchanged.
    func setLinePosition(_ percent: Double) {
        guard percent != linePosition else { return }
        linePosition = percent
        ass_set_line_position(pointer, percent)
    }

    /// Renders `track` at `milliseconds` and passes the images (nil for none) and libass's
    /// change report (0 same, 1 moved, 2 different) to `body`.
    func render<Result>(
        _ track: LibassTrack, at milliseconds: Int64, _ body: (UnsafeMutablePointer<ASS_Image>?, Int32) -> Result
    ) -> Result {
        var change: Int32 = 0
        let images = ass_render_frame(pointer, track.pointer, milliseconds, &change)
        return body(images, change)
    }
}

/// One `ASS_Track`: a script's styles and events.
///
/// Ownership: `ass_new_track` here, `ass_free_track` in `deinit`; keeps its library alive.
final class LibassTrack {
    private let library: LibassLibrary
    let pointer: UnsafeMutablePointer<ASS_Track>

    /// A track from a script header (`[Script Info]`, styles, `[Events]` with its Format
    /// line; Dialogue lines in it are read too).
    init(library: LibassLibrary, header: String) throws(SubtitleRendererError) {
        guard let track = ass_new_track(library.pointer) else {
            throw SubtitleRendererError(description: "libass could not make a track")
        }
        self.library = library
        pointer = track
        var bytes = Array(header.utf8CString)
        bytes.withUnsafeMutableBufferPointer { buffer in
            ass_process_codec_private(track, buffer.baseAddress, Int32(buffer.count - 1))
        }
    }

    deinit { ass_free_track(pointer) }

    /// Adds one event in Matroska's form ("ReadOrder,Layer,Style,Name,MarginL,MarginR,
    /// MarginV,Effect,Text"); libass drops a second event with the same ReadOrder.
    func addEvent(_ line: String, startMilliseconds: Int64, durationMilliseconds: Int64) {
        var bytes = Array(line.utf8CString)
        bytes.withUnsafeMutableBufferPointer { buffer in
            ass_process_chunk(
                pointer, buffer.baseAddress, Int32(buffer.count - 1), startMilliseconds, durationMilliseconds)
        }
    }

    /// How many events the track holds.
    var eventCount: Int { Int(pointer.pointee.n_events) }
}
