import CRime

/// One librime session (its composition, menu and commits), destroyed with the object.
final class RimeSession {
    private let library: RimeLibrary
    private let id: RimeSessionId
    private var api: RimeApi { library.api.pointee }

    /// X's keysym of BackSpace, which librime takes as its key.
    static let backSpace: Int32 = 0xFF08

    /// A session of `library`'s schema (nil: librime made none); `simplified`: Simplified
    /// characters, else Traditional.
    init?(library: RimeLibrary, simplified: Bool) {
        self.library = library
        guard let id = library.api.pointee.create_session?(), id != 0 else { return nil }
        self.id = id
        _ = api.select_schema?(id, RimeLibrary.schema)
        api.set_option?(id, "simplification", simplified ? 1 : 0)
    }

    deinit { _ = api.destroy_session?(id) }

    /// Sends `keycode` (an ASCII letter, or `backSpace`): what it commits, if anything.
    func key(_ keycode: Int32) -> String? {
        _ = api.process_key?(id, keycode, 0)
        return takeCommit()
    }

    /// Picks candidate `index` of the whole list: what it commits (nil: only part of the
    /// letters were converted so far, or there is no such candidate).
    func select(_ index: Int) -> String? {
        guard api.select_candidate?(id, index) ?? 0 != 0 else { return nil }
        return takeCommit()
    }

    /// The letters typed (the whole input, converted parts included).
    var input: String {
        api.get_input?(id).map { String(cString: $0) } ?? ""
    }

    /// The composition as librime shows it: the picked characters, then the letters left
    /// (`你好 shi jie`), "" when nothing is composed.
    var preedit: String {
        var context = RimeContext()
        context.data_size = Int32(MemoryLayout<RimeContext>.size - MemoryLayout<Int32>.size)
        guard api.get_context?(id, &context) ?? 0 != 0 else { return "" }
        defer { _ = api.free_context?(&context) }
        return context.composition.preedit.map { String(cString: $0) } ?? ""
    }

    /// Up to `count` candidates from index `start` of the whole list, and whether more follow.
    func candidates(from start: Int, count: Int) -> (texts: [String], more: Bool) {
        var iterator = RimeCandidateListIterator()
        guard api.candidate_list_from_index?(id, &iterator, Int32(start)) ?? 0 != 0 else { return ([], false) }
        defer { api.candidate_list_end?(&iterator) }
        var texts: [String] = []
        while api.candidate_list_next?(&iterator) ?? 0 != 0 {
            if texts.count == count { return (texts, true) }
            texts.append(iterator.candidate.text.map { String(cString: $0) } ?? "")
        }
        return (texts, false)
    }

    /// Drops the composition.
    func clear() { api.clear_composition?(id) }

    private func takeCommit() -> String? {
        var commit = RimeCommit()
        commit.data_size = Int32(MemoryLayout<RimeCommit>.size - MemoryLayout<Int32>.size)
        guard api.get_commit?(id, &commit) ?? 0 != 0 else { return nil }
        defer { _ = api.free_commit?(&commit) }
        return commit.text.map { String(cString: $0) }
    }
}
