import SpoolMedia

extension AssetProperty where Value == [AttachedFont] {
    /// The fonts the file carries for its subtitles (Matroska font attachments), in container
    /// order; empty for other containers and for HLS. A subtitle renderer adds them before it
    /// draws the file's ASS tracks, whose styles may name them.
    public static var attachedFonts: AssetProperty<[AttachedFont]> { .init("attachedFonts") }
}
