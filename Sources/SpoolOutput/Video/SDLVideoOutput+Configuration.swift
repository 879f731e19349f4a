extension SDLVideoOutput {
    /// How an `SDLVideoOutput`'s window starts out.
    public struct Configuration: Sendable {
        /// The window title.
        public var title: String
        /// How the picture is placed in the window; changeable later with `gravity`.
        public var gravity: VideoGravity
        /// The window's size in screen coordinates. `nil` (the default) sizes the window to
        /// the first frame, scaled down if needed to fit 80% of the display.
        public var initialSize: (width: Int, height: Int)?
        /// Whether the window goes to desktop fullscreen when it is first shown.
        public var startsFullscreen: Bool
        /// Another application's X11 window to show the video inside (its id, as
        /// `xwininfo` prints it): the window becomes its child, fills it and follows its
        /// resizes (mpv's `--wid`). `nil` (the default): a top-level window of its own.
        public var parentWindow: UInt?
        /// The longest `init` waits for the window system before throwing `.unavailable`
        /// (a stuck or unreachable X server must not hang the caller).
        public var openTimeout: Duration

        /// A configuration; every parameter has the everyday default.
        public init(
            title: String = "Spool", gravity: VideoGravity = .resizeAspect,
            initialSize: (width: Int, height: Int)? = nil, startsFullscreen: Bool = false,
            openTimeout: Duration = .seconds(10), parentWindow: UInt? = nil
        ) {
            self.parentWindow = parentWindow
            self.title = title
            self.gravity = gravity
            self.initialSize = initialSize
            self.startsFullscreen = startsFullscreen
            self.openTimeout = openTimeout
        }
    }
}
