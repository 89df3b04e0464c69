import StackboardCore

extension LayoutCatalog {
    /// The catalog of this process: its environment and executable (`/proc/self/exe`), the
    /// real file system.
    public static func forCurrentProcess() -> LayoutCatalog {
        LayoutCatalog(environment: FileSystem.environment(), executablePath: currentExecutablePath(), files: SystemFiles())
    }

    /// The real path of the running executable (the target of `/proc/self/exe`), if it can be read.
    public static func currentExecutablePath() -> String? {
        FileSystem.linkTarget("/proc/self/exe")
    }
}

extension ThemeCatalog {
    /// The catalog of this process (its environment and executable).
    public static func forCurrentProcess() -> ThemeCatalog { ThemeCatalog(layouts: .forCurrentProcess()) }
}
