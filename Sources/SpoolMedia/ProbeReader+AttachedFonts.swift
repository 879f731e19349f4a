internal import CFFmpeg
import Foundation
import SpoolCore

extension ProbeReader {
    /// The MIME types that mark a Matroska attachment as a font (the list mpv and libass's
    /// own Matroska reader accept; muxers disagree on the name of the same TrueType file).
    static let fontMIMETypes: Set<String> = [
        "application/x-truetype-font", "application/vnd.ms-opentype", "application/x-font-ttf",
        "application/x-font", "application/font-sfnt", "font/collection", "font/otf", "font/sfnt", "font/ttf",
    ]

    /// The font `stream` carries, when it is a font attachment: FFmpeg's Matroska demuxer
    /// reads an attachment's whole file into the stream's extradata while it opens the file,
    /// so this copies bytes already in memory and reads nothing more.
    static func attachedFont(_ stream: UnsafeMutablePointer<AVStream>) -> AttachedFont? {
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.codec_type == AVMEDIA_TYPE_ATTACHMENT, let bytes = parameters.extradata,
            parameters.extradata_size > 0
        else { return nil }
        let name = tag("filename", in: stream.pointee.metadata) ?? ""
        let mimeType = tag("mimetype", in: stream.pointee.metadata)?.lowercased()
        let fontExtension = ["ttf", "otf", "ttc"].contains((name as NSString).pathExtension.lowercased())
        let isFont =
            parameters.codec_id == AV_CODEC_ID_TTF || parameters.codec_id == AV_CODEC_ID_OTF
            || mimeType.map(fontMIMETypes.contains) ?? fontExtension
        guard isFont else { return nil }
        return AttachedFont(name: name, data: Data(bytes: bytes, count: Int(parameters.extradata_size)))
    }
}
