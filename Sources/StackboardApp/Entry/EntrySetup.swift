import StackboardCore
import StackboardRender

/// What `stackboard entry` shows, worked out from the options and the layout before any window
/// exists: the dealt layout, the field rules (the layout's preset under the options), the
/// checked initial text and the window size.
struct EntrySetup {
    /// The layout, digits dealt and decimal separator set.
    let layout: Layout
    /// The field's rules.
    let rules: FieldRules
    /// Whether backspace on an empty field is reported (the layout's preset).
    let reportBackspaceOnEmpty: Bool
    /// The locale's decimal separator.
    let decimalSeparator: String
    /// The theme to paint with.
    let theme: Theme

    /// Why the options cannot make a field, with the exit status 2 message.
    struct Failure: Error {
        let message: String
    }

    /// Loads the layout and applies its preset under `options`. Never puts the initial text in
    /// a message.
    init(_ options: EntryOptions, preparation: LayoutPreparation) throws(Failure) {
        let layout: Layout
        do { layout = try preparation.load(options.layoutName) } catch { throw Failure(message: error.description) }
        let rules: FieldRules, reportBackspaceOnEmpty: Bool
        do { (rules, reportBackspaceOnEmpty) = try preparation.fieldRules(for: layout, overrides: options.rules) } catch {
            throw Failure(message: error.description)
        }
        if let reason = rules.validate(options.initial) {
            throw Failure(message: "--initial does not fit the field: \(reason.description); give a text the rules allow, or change --max-length or --allow")
        }
        self.layout = layout
        self.rules = rules
        self.reportBackspaceOnEmpty = reportBackspaceOnEmpty
        self.decimalSeparator = preparation.decimalSeparator
        self.theme = options.keypad.theme(for: layout, in: ThemeCatalog(layouts: preparation.catalog))
    }

    /// The window size: `--size`, else 360×480 for a pad and 960×400 for a full keyboard (more
    /// than 24 keys on its first layer), times `scale`, no larger than the screen.
    static func windowSize(_ options: EntryOptions, layout: Layout, screen: Size) -> Size {
        if let size = options.size { return size }
        let keys = layout.layers.first.map { KeyboardGeometry(layout: layout, layer: $0, size: Size(width: 100, height: 100)).keys.count } ?? 0
        let base = keys > 24 ? Size(width: 960, height: 400) : Size(width: 360, height: 480)
        return Size(width: min(screen.width, max(60, Int((Double(base.width) * options.keypad.scale).rounded()))),
                    height: min(screen.height, max(60, Int((Double(base.height) * options.keypad.scale).rounded()))))
    }
}
