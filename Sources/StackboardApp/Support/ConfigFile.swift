import StackboardCore
import StackboardSystem

/// config.json as the settings panel writes it: read again just before each change (it may have
/// been edited by hand meanwhile), changed by `ConfigEditor` (everything else kept), and written
/// through a temporary file in the same folder and a rename, so that a reader, a crash or a full
/// disk never sees half a file. A file that is not a JSON object is left alone.
enum ConfigFile {
    /// Why a change was not written: one line for stderr, and a short one for the panel.
    struct Failure: Error {
        /// `FILE: what is wrong; what to do`.
        let line: String
        /// What the panel shows (in the user's language).
        let short: String
    }

    /// Writes `edits` into the file at `path` (made, with its folder, when missing; through a
    /// symbolic link to its target) and returns the configuration it now holds. `text` words the
    /// panel's short reasons.
    static func write(_ edits: [SettingEdit], to path: String, files: any Files,
                      text: SettingsPanelText = SettingsPanelText()) -> Result<Config, Failure> {
        let target = files.realPath(path) ?? path
        let name = FilePath.parent(of: target) == "." ? target : String(target.split(separator: "/").last ?? "config.json")
        let old: [UInt8]
        switch files.kind(target) {
        case .missing:
            old = []
        case .regular:
            guard let bytes = files.contents(target, limit: 1 << 20) else {
                return .failure(Failure(line: "\(target): cannot read it, so the settings panel did not change it",
                                        short: text.cannotRead(name)))
            }
            old = bytes
        default:
            return .failure(Failure(line: "\(target): not a regular file, so the settings panel did not change it",
                                    short: text.notAFile(name)))
        }
        let new: [UInt8]
        do throws(ConfigEditor.Refusal) { new = try ConfigEditor.merge(old, edits) } catch {
            let first = error.description.split(separator: ";").first.map(String.init) ?? error.description
            return .failure(Failure(line: "\(target): \(error.description)", short: "\(name): \(first)"))
        }
        do throws(FileSystemError) {
            try files.makeDirectories(FilePath.parent(of: target), mode: 0o700)
            try files.writeAtomically(new, to: target, mode: 0o600)
        } catch {
            return .failure(Failure(line: error.description, short: error.description))
        }
        return .success(ConfigLoader.parse(new, file: target).config)
    }
}
