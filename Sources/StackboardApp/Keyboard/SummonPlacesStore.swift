import StackboardCore

/// The file of the summon button's places, `$XDG_STATE_HOME/stackboard/summon-button.json`
/// (default `~/.local/state/stackboard/summon-button.json`), next to the keyboard's own
/// (`GeometryStore`, whose atomic writing it shares): read at start, written when the user
/// leaves the button somewhere new.
final class SummonPlacesStore {
    /// The file's path.
    let path: String
    /// Where problems go (one line each).
    private let report: (String) -> Void
    /// The last write failed: said once, not at every move.
    private var writeFailed = false

    /// A store at `path`; nothing is read until `load`.
    init(path: String, report: @escaping (String) -> Void) {
        self.path = path
        self.report = report
    }

    /// The path from `environment` (nil without `$XDG_STATE_HOME` or `$HOME`).
    static func path(environment: [String: String]) -> String? {
        GeometryStore.path(environment: environment).map { path in
            String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/summon-button.json"
        }
    }

    /// What the file holds: nothing when it is missing; a damaged file is reported and ignored.
    func load() -> SummonPlaces {
        guard let bytes = GeometryStore.read(path) else { return SummonPlaces() }
        do {
            return try SummonPlaces.decode(bytes, file: path)
        } catch {
            report(error.description)
            return SummonPlaces()
        }
    }

    /// Writes `places` over the file.
    func write(_ places: SummonPlaces) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        do throws(GeometryStore.GeometryStoreError) {
            try GeometryStore.makeDirectories(directory)
            try GeometryStore.writeAtomically(Array(places.encoded().utf8), to: path)
            writeFailed = false
        } catch {
            if !writeFailed {
                report("cannot remember where the summon button is: \(error.message); check that \(directory) is writable")
            }
            writeFailed = true
        }
    }
}
