public import SpoolHLS

/// Supplies the AES-128 keys of an HLS item's encrypted segments
/// (`PlayerItem.contentKeyProvider`): the place for entitlement checks, token exchange or a
/// DRM service — what `AVContentKeySession` is to AVFoundation. Called on a download thread
/// and may block; see `SpoolHLS.ContentKeyProvider`.
public typealias ContentKeyProvider = SpoolHLS.ContentKeyProvider
/// What a segment's key request carries: key URI, method, key format and playlist URL.
public typealias ContentKeyRequest = SpoolHLS.ContentKeyRequest
/// Why a content key could not be obtained; the item fails with its message.
public typealias ContentKeyError = SpoolHLS.ContentKeyError
