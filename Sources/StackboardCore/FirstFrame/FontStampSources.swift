/// Where fontconfig's view of the installed fonts comes from, so that a cached first frame is
/// dropped when it may have changed, without starting fontconfig (which reads every font's
/// cache: ~20 ms): the configuration files (Debian's `/etc/fonts` and the user's, as
/// `50-user.conf` and `51-local.conf` include them), the font directories (a font added,
/// removed or replaced changes its directory's modification time: dpkg and fc-cache write by
/// rename), fontconfig's cache directories, and the environment variables that move any of them
/// or change the language Pango picks fonts for.
public struct FontStampSources: Equatable, Sendable {
    /// Files and directories whose own status (modification time, size, inode) is fed.
    public var paths: [String]
    /// Directories whose entries are each fed by status too (`conf.d`: its links' targets).
    public var listed: [String]
    /// Directory trees in which every directory's status is fed (the font directories).
    public var trees: [String]
    /// `NAME=value` of the environment variables that matter (unset ones as `NAME`).
    public var variables: [String]

    /// The environment variables that change which fonts Pango picks (the language), besides
    /// the files above.
    public static let variableNames = ["LANG", "LC_ALL", "LC_CTYPE", "LANGUAGE", "PANGO_LANGUAGE"]

    /// The sources for a process with `environment`.
    public init(environment: [String: String]) {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return value
        }
        let home = absolute("HOME")
        let configHome = absolute("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        let dataHome = absolute("XDG_DATA_HOME") ?? home.map { $0 + "/.local/share" }
        let cacheHome = absolute("XDG_CACHE_HOME") ?? home.map { $0 + "/.cache" }
        let configDirectory = absolute("FONTCONFIG_PATH") ?? "/etc/fonts"
        var paths = [absolute("FONTCONFIG_FILE") ?? configDirectory + "/fonts.conf", configDirectory + "/conf.d",
                     configDirectory + "/local.conf", "/var/cache/fontconfig"]
        var listed = [configDirectory + "/conf.d"]
        var trees = ["/usr/share/fonts", "/usr/local/share/fonts"]
        if let configHome {
            paths += [configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d"]
            listed.append(configHome + "/fontconfig/conf.d")
        }
        if let home {
            paths += [home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.fontconfig"]
            listed.append(home + "/.fonts.conf.d")
            trees.append(home + "/.fonts")
        }
        if let dataHome { trees.append(dataHome + "/fonts") }
        if let cacheHome { paths.append(cacheHome + "/fontconfig") }
        let root = absolute("FONTCONFIG_SYSROOT") ?? ""
        self.paths = paths.map { root + $0 }
        self.listed = listed.map { root + $0 }
        self.trees = trees.map { root + $0 }
        variables = Self.variableNames.map { name in environment[name].map { "\(name)=\($0)" } ?? name }
    }
}
