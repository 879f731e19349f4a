// SpoolEngine: what plays one item — the asset's probe (`URLAsset`), the pipeline of threads
// around FFmpeg, the FFmpeg side of HLS — below the facade's main-actor objects. Its public
// value types (tracks, media selection, chapters, the player's configuration) are the
// facade's API too, re-exported by `Spool`; SpoolCore's are re-exported here the same way.
@_exported public import SpoolCore
