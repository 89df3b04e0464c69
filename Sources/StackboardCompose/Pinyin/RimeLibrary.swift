import CLazy
import CRime
import Glibc
import StackboardCore
import StackboardSystem

/// librime, opened and set up once for the process (it is a process-wide library): the user's
/// data directory, the Luna Pinyin schema, and its deploy, which runs on librime's own thread
/// (`isDeploying` until it is done; seconds the very first time, a fraction of one after).
final class RimeLibrary {
    /// The Debian package of the schema and its dictionary.
    static let dataPackage = "rime-data-luna-pinyin"
    /// Where Debian puts the shared data.
    static let sharedDirectory = "/usr/share/rime-data"
    /// The schema: pinyin, full and abbreviated, whole sentences.
    static let schema = "luna_pinyin"
    /// How many candidates librime lists a page (the bar's page).
    static let pageSize = 5

    /// librime's table of functions.
    let api: UnsafeMutablePointer<RimeApi>
    /// The C strings of the traits, kept for librime's lifetime.
    private var strings: [UnsafeMutablePointer<CChar>] = []

    /// Opens librime with its user data in `userDirectory`; `learning`: phrases picked are
    /// learned there (else its user dictionary is turned off).
    init(userDirectory: String, learning: Bool) throws(ComposeError) {
        if let why = stackboard_lazy_open(STACKBOARD_LAZY_RIME) {
            throw ComposeError("pinyin needs librime: \(String(cString: why))")
        }
        guard let api = rime_get_api() else { throw ComposeError("librime gave no API table: reinstall the package librime1") }
        guard FileSystem.isRegularFile(Self.sharedDirectory + "/" + Self.schema + ".schema.yaml") else {
            throw ComposeError("pinyin needs the Luna Pinyin schema in \(Self.sharedDirectory): install the package \(Self.dataPackage)")
        }
        self.api = api
        do {
            try FileSystem.makeDirectories(userDirectory)
            try Self.write(Self.defaultPatch, to: userDirectory + "/default.custom.yaml")
            try Self.write(learning ? "patch: {}\n" : Self.noLearningPatch, to: userDirectory + "/\(Self.schema).custom.yaml")
        } catch {
            throw ComposeError("cannot write pinyin's data in \(userDirectory): \(error); make it writable, or set XDG_DATA_HOME")
        }
        var traits = RimeTraits()
        traits.data_size = Int32(MemoryLayout<RimeTraits>.size - MemoryLayout<Int32>.size)
        traits.shared_data_dir = UnsafePointer(keep(Self.sharedDirectory))
        traits.user_data_dir = UnsafePointer(keep(userDirectory))
        traits.distribution_name = UnsafePointer(keep("Stackboard"))
        traits.distribution_code_name = UnsafePointer(keep("stackboard"))
        traits.distribution_version = UnsafePointer(keep("1"))
        traits.app_name = UnsafePointer(keep("rime.stackboard"))
        traits.min_log_level = 3 // fatal only: librime logs the text it converts
        api.pointee.setup?(&traits)
        api.pointee.initialize?(&traits)
        _ = api.pointee.start_maintenance?(1)
    }

    deinit {
        api.pointee.finalize?()
        strings.forEach { free($0) }
    }

    /// Whether the deploy is still under way (no session can convert before it ends).
    var isDeploying: Bool { api.pointee.is_maintenance_mode?() ?? 0 != 0 }

    /// Blocks until the deploy has ended (librime joins its thread). For commands that need the
    /// engine at once, such as `words evaluate`; never in the keyboard's loop.
    func waitForDeploy() {
        api.pointee.join_maintenance_thread?()
    }

    /// Only Luna Pinyin is deployed (the others would take seconds more), with a page of 5.
    static let defaultPatch = "patch:\n  schema_list:\n    - schema: \(schema)\n  menu/page_size: \(pageSize)\n"
    /// The user dictionary off: nothing picked is learned.
    static let noLearningPatch = "patch:\n  translator/enable_user_dict: false\n"

    private func keep(_ text: String) -> UnsafeMutablePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        strings.append(copy)
        return copy
    }

    /// Writes `text` to `path` unless it holds it already (a new file makes librime deploy again).
    private static func write(_ text: String, to path: String) throws(FileSystemError) {
        let bytes = Array(text.utf8)
        if FileSystem.contents(path, limit: 1 << 16) == bytes { return }
        try FileSystem.writeAtomically(bytes, to: path)
    }
}
