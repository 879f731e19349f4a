public import Foundation

/// A font file the container carries for its subtitles (a Matroska attachment with a font
/// MIME type), which an ASS track's styles may name: anime and fansub releases style their
/// subtitles in fonts no system has installed.
///
/// A plain value holding the file's bytes, copied out of the container.
public struct AttachedFont: Sendable, Hashable {
    /// The attachment's file name as the container states it (`"OpenSans-Bold.ttf"`); empty
    /// when it states none. Informative only: a renderer matches fonts by the family names
    /// inside `data`, not by this.
    public var name: String
    /// The font file: TrueType, OpenType or a collection.
    public var data: Data

    /// A font named `name` whose file is `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
