internal import CSDL
import SpoolCore

extension SDLWindow {
    /// The size of another client's X11 window `xid`, asked over this window's X connection;
    /// `nil` when there is no such window (or this is not X11).
    func sizeOfX11Window(_ xid: UInt) -> (width: Int, height: Int)? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard csdl_x11_window_size(window, UInt(xid), &width, &height) != 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Makes this window a child of X11 window `parent`, at its top-left corner, as players
    /// embed in an application's own window (mpv's `--wid`).
    func embed(inX11Window parent: UInt) throws(VideoOutputError) {
        guard csdl_x11_embed(window, parent) != 0 else {
            throw .unavailable("cannot embed in X11 window \(Self.hex(parent)): \(SDLVideoSubsystem.lastError)")
        }
    }

    /// `0x` and the id in hex, as xwininfo prints window ids.
    static func hex(_ xid: UInt) -> String { "0x" + String(xid, radix: 16) }
}
