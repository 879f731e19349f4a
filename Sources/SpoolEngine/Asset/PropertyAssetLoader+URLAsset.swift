public import SpoolCore

extension PropertyAssetLoader where Asset == URLAsset {
    /// A loader that makes a `URLAsset` for each URL (`PropertyAssetLoader(makeAsset:
    /// URLAsset.init(url:))`): what a `PlayerController` driving a `Player` loads with.
    public init() {
        self.init(makeAsset: URLAsset.init(url:))
    }
}
