/// The names of the built-in themes. They live in the core because the configuration file,
/// the settings table and the layout loader check theme names without the renderer; the
/// renderer's `Theme.named` has a theme for each name (a test holds the two together).
public enum BuiltInThemes {
    /// `light`, `dark`, `high-contrast`.
    public static let names = ["light", "dark", "high-contrast"]
}
