import Spool

/// The inputs' names by item, as `--events` and stderr call them: the name given on the command
/// line, or for an interstitial's asset (which no input names) "interstitial:ID".
@MainActor
final class PlayItemNames {
    private var inputs: [ItemID: String] = [:]
    /// The interstitials being played (`--interstitials`); their events name the assets.
    var interstitials: PlayerInterstitialEventMonitor?

    /// Names `id` after the input it was made from.
    func add(_ id: ItemID, input: String) { inputs[id] = input }

    /// The input `id` was made from; nil for an item no input made (an interstitial's asset).
    func input(of id: ItemID) -> String? { inputs[id] }

    /// The input's name, or for an interstitial's asset "interstitial:ID".
    func name(of id: ItemID) -> String? {
        inputs[id] ?? interstitials?.currentEvent.map { "interstitial:\($0.identifier)" }
    }

    /// The name of `player`'s current item.
    func currentName(in player: QueuePlayer) -> String? { player.currentItem.flatMap { name(of: $0.id) } }

    /// The input an interstitial interrupts while one plays, else the current item's input.
    func primaryName(in player: QueuePlayer) -> String? {
        interstitials?.currentEvent.flatMap { inputs[$0.primaryItemID] }
            ?? player.currentItem.flatMap { inputs[$0.id] }
    }
}
