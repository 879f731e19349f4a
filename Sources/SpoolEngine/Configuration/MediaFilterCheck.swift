import SpoolMedia

/// Asks libavfilter, before anything plays, whether it can build a user's audio or video
/// chain (the text of `PlayerConfiguration.audioFilterChain`/`videoFilterChain`).
public enum MediaFilterCheck {
    /// `nil` when libavfilter builds `chain` over PCM; otherwise why not, in libavfilter's
    /// words ("no such filter", "Invalid argument", …). Any text is safe to pass.
    public static func problem(inAudioChain chain: String) -> String? {
        FilterChainCheck.problem(in: chain, kind: .audio)
    }

    /// `nil` when libavfilter builds `chain` over pictures; otherwise why not.
    public static func problem(inVideoChain chain: String) -> String? {
        FilterChainCheck.problem(in: chain, kind: .video)
    }
}
