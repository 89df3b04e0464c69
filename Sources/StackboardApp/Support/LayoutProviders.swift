import StackboardCore
import StackboardXKB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LayoutCatalog {
    /// The catalog every command loads layouts from: this process's search path, the emoji
    /// panel, and the `xkb:` layouts compiled from xkb-data.
    static func stackboard() -> LayoutCatalog {
        LayoutCatalog.forCurrentProcess().adding(XkbLayoutProvider(environment: ProcessInfo.processInfo.environment))
    }
}
