/// A cache of at most `limit` entries kept in two generations, so that what is used again and
/// again stays and what was seen once goes: new entries go into the young generation; when it is
/// full, it becomes the old one (the old one before it is dropped whole); an entry found in the
/// old generation moves to the young one. Memory stays bounded by `limit` entries, and an entry
/// used at least once per half `limit` new entries is never dropped (the key labels, repainted
/// on every tap, among the suggestion bar's words, which come and go with every tap).
public struct GenerationalCache<Key: Hashable, Value> {
    /// The most entries kept (two generations of half of it).
    public let limit: Int
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]

    /// An empty cache of at most `limit` entries (at least 2).
    public init(limit: Int) {
        self.limit = max(2, limit)
    }

    /// The entries kept.
    public var count: Int { young.count + old.count }

    /// The value of `key`, if kept (then kept in the young generation).
    public mutating func value(for key: Key) -> Value? {
        if let value = young[key] { return value }
        guard let value = old.removeValue(forKey: key) else { return nil }
        insert(value, for: key)
        return value
    }

    /// Keeps `value` for `key` in the young generation.
    public mutating func insert(_ value: Value, for key: Key) {
        if young[key] == nil, young.count >= limit / 2 {
            old = young
            young = [:]
        }
        young[key] = value
    }

    /// Drops every entry.
    public mutating func removeAll() {
        young = [:]
        old = [:]
    }
}
