import StackboardCore

/// The bar of a composing engine, pure: slot 0 shows what is being composed (a tap types it as
/// it is), the next `shown` slots a page of candidates, and the last slot "▸" while more pages
/// follow (a tap shows the next page, after the last the first).
public struct CandidateBar: Equatable, Sendable {
    /// What a tap on a slot does.
    public enum Tap: Equatable, Sendable {
        /// Types the composition as it is (its letters or syllable).
        case composition
        /// Picks the candidate of this index in the whole list.
        case candidate(Int)
        /// Shows the next page of candidates.
        case nextPage
        /// Nothing (an empty slot).
        case nothing
    }

    /// The label of the key for more candidates.
    public static let moreLabel = Layout.moreCandidatesLabel

    /// How many candidates a page shows.
    public private(set) var shown: Int
    /// The page shown (0: the first).
    public private(set) var page = 0

    /// A bar showing `shown` candidates a page (at least 1).
    public init(shown: Int) { self.shown = max(1, shown) }

    /// The first candidate's index on the page shown.
    public var firstIndex: Int { page * shown }

    /// The labels: the composition, the page's candidates, and "▸" when `more` candidates follow
    /// them or the page is not the first (nothing while nothing is composed).
    public func labels(composing: String, page candidates: [String], more: Bool) -> [String] {
        guard !composing.isEmpty else { return [] }
        let slots = Array(candidates.prefix(shown))
        let pages = more || page > 0
        return [composing] + slots + (pages ? Array(repeating: "", count: shown - slots.count) + [Self.moreLabel] : [])
    }

    /// What a tap on `slot` does when the page shows `count` candidates.
    public func tap(slot: Int, count: Int) -> Tap {
        if slot == 0 { return .composition }
        if slot >= 1, slot <= min(count, shown) { return .candidate(firstIndex + slot - 1) }
        if slot == shown + 1 { return .nextPage }
        return .nothing
    }

    /// The next page (`more`: candidates follow the page shown), or the first after the last.
    public mutating func turn(more: Bool) { page = more ? page + 1 : 0 }

    /// Back to the first page (the composition changed).
    public mutating func rewind() { page = 0 }

    /// The bar shown has `slots` slots (the candidate grid has more than the bar): pages of
    /// `slots` − 2 candidates, from the page that holds the first candidate shown now.
    public mutating func fit(slots: Int) {
        let size = max(1, slots - 2)
        guard size != shown else { return }
        page = firstIndex / size
        shown = size
    }
}
