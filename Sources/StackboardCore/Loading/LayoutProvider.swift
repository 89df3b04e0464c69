/// Makes layouts that are not files (`xkb:de`, `emoji`), for a `LayoutCatalog`.
///
/// Core cannot compile XKB keymaps (that needs libxkbcommon), so the XKB layouts come from a
/// provider that the StackboardXKB module implements and the program hands to the catalog.
public protocol LayoutProvider: Sendable {
    /// A short name for messages and comparisons (`xkb`, `emoji`).
    var id: String { get }
    /// The names it lists in `stackboard layouts` and did-you-mean suggestions (it may make more).
    var listedNames: [String] { get }
    /// Whether `name` is one of its layouts; then the catalog asks it instead of the files
    /// (unless a layout file of that name exists: the user's files win).
    func provides(_ name: String) -> Bool
    /// The layout `name` (asked only for names it provides); an error says what to do.
    func layout(named name: String) throws(LayoutError) -> Layout
    /// A loaded layout with what it refers to but does not contain filled in (the emoji
    /// panel's layers for a ☺ key); the default leaves it unchanged.
    func complete(_ layout: Layout) -> Layout
    /// The provider as a first frame wants it: the same layouts, but a completion that costs
    /// (the emoji panel's 3,700 keys) left for later; the default is the provider itself.
    func deferringCompletion() -> any LayoutProvider
    /// Whether `complete` would add to `layout` (a layout loaded through
    /// `deferringCompletion()` is then loaded again in full before it is needed).
    func completes(_ layout: Layout) -> Bool
}

extension LayoutProvider {
    /// Leaves the layout unchanged.
    public func complete(_ layout: Layout) -> Layout { layout }
    /// The provider itself: it completes nothing that costs.
    public func deferringCompletion() -> any LayoutProvider { self }
    /// False: nothing is added.
    public func completes(_ layout: Layout) -> Bool { false }
}

extension Stack {
    /// The stack without the keys for which `remove` is true (stacks left empty are removed too).
    public func removingKeys(where remove: (Key) -> Bool) -> Stack {
        var copy = self
        copy.items = items.compactMap { item in
            switch item {
            case .key(let k): return remove(k) ? nil : item
            case .stack(let s):
                let inner = s.removingKeys(where: remove)
                return inner.items.isEmpty ? nil : .stack(inner)
            }
        }
        return copy
    }
}
