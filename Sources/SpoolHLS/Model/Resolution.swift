public import SpoolCore

/// A video size in pixels, written `WxH` in a playlist (RESOLUTION=1920x1080): the same type
/// as the player's `PixelSize` (`preferredMaximumResolution`, a video output's viewport), so
/// caps pass from the player to the ABR without conversion.
public typealias Resolution = PixelSize
