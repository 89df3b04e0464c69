import StackboardCore
import StackboardRender

/// `stackboard keys`: the frames of every key of a layer at a size, one JSON object per line.
enum KeysCommand {
    static let helpText = """
    Usage: stackboard keys --layout NAME|FILE --size WxH [--layer NAME] [--entry]

    Prints one JSON object per line for every key of the layer (default: the first), with its
    frame in window pixels exactly as the keyboard window lays it out at that size:
      {"layer":"letters","index":0,"label":"q","action":"text","text":"q","x":6,"y":6,"width":118,"height":88}
    "action" is the action's name in the layout format; "text" is present for text keys only;
    "shifted" for keys that show and type something else under shift;
    "style" is present for keys that are not normal (function, accent, blank). Blank keys are
    listed too (they are never hit). A PIN pad's shuffled digits are listed in order.
    "to" names the layer a layer key shows. The settings panel is a layer like any other
    (--layer settings, settings:sound, settings:words, settings:access, settings:languages...):
    its controls carry "setting" (the key of config.json they write) and "value" (what they
    write there; null takes it out), from the values of the keyboard's config.json with these
    options over it (what a keyboard started without options shows); for example
      {"layer":"settings","index":9,"label":"+","action":"setting","setting":"scale","value":1.25,...}
    --entry describes 'stackboard entry' at that size: first the text field,
      {"field":true,"x":0,"y":0,"width":360,"height":86}
    then the keys below it, in window pixels.

    Options:
    \(SettingsHelp.options(for: .keys))
    """

    static let command = Command(.keys, summary: "print the frames of a layout's keys as JSON lines", help: helpText, run)

    static func run(_ args: Arguments) throws(UsageError) -> Int32 {
        if let extra = args.positional.first {
            throw UsageError("Unexpected argument '\(extra)'. See 'stackboard keys --help'.")
        }
        let values = args.settings()
        guard let size = values.size(.size) else {
            throw UsageError("'stackboard keys' needs '--size WxH', for example '--size 1280x400'.")
        }
        let layout: Layout
        do throws(LayoutError) {
            let slots = values.bool(.entryWindow) ? 0 : values.int(.suggestions)
            let name = values.string(.layout) ?? KeyboardOptions.defaultLayout
            let preparation = LayoutPreparation.forLocale(shuffle: false, suggestions: slots, ownField: values.bool(.entryWindow),
                                                                  numberRow: values.bool(.numberRow))
            let keyed = LanguageCycle(values.names(.languages) ?? []).keyed(try preparation.load(name), named: name)
            layout = values.bool(.entryWindow) ? keyed
                : SettingsPanelChoices.forCommand(keyed, values: values, catalog: preparation.catalog,
                                                  withPanel: values.string(.layer).map(SettingsPanel.isPanelLayer) ?? false)
        } catch {
            throw UsageError(error.description)
        }
        let layer = try LayoutPreparation.layer(values.string(.layer), of: layout)
        if values.bool(.entryWindow) {
            let (field, keys) = EntryLayout.geometry(layout: layout, layer: layer, size: size)
            print(fieldLine(field))
            for line in lines(layer: layer, geometry: keys) { print(line) }
        } else {
            for line in lines(layout: layout, layer: layer, size: size) { print(line) }
        }
        return 0
    }

    /// One JSON line per key of `layer` at `size`, from the same geometry the window uses.
    static func lines(layout: Layout, layer: Layer, size: Size) -> [String] {
        lines(layer: layer, geometry: KeyboardGeometry(layout: layout, layer: layer, size: size))
    }

    /// The entry field's line for `--entry`.
    static func fieldLine(_ field: Rect) -> String {
        "{\"field\":true,\"x\":\(field.x),\"y\":\(field.y),\"width\":\(field.width),\"height\":\(field.height)}"
    }

    /// One JSON line per key of `geometry` (keys of `layer`).
    static func lines(layer: Layer, geometry: KeyboardGeometry) -> [String] {
        geometry.keys.map { placed in
            var fields: [(String, JSONWriter.Value)] = [
                ("layer", .string(layer.name)), ("index", .int(placed.index)),
                ("label", .string(placed.key.label)), ("action", .string(placed.key.action.name)),
            ]
            if case .text(let text) = placed.key.action { fields.append(("text", .string(text))) }
            if let shifted = placed.key.shiftedLabel { fields.append(("shifted", .string(shifted))) }
            if case .suggestion(let slot) = placed.key.action { fields.append(("slot", .int(slot))) }
            if case .layer(let name) = placed.key.action { fields.append(("to", .string(name))) }
            if case .setting(.change(let edits)) = placed.key.action, let edit = edits.first,
               let key = edit.setting.spec.key ?? edit.setting.spec.flag {
                fields.append(("setting", .string(key)))
                fields.append(("value", edit.value.map { .raw(ConfigEditor.json($0)) } ?? .raw("null")))
            }
            if placed.key.style != .normal { fields.append(("style", .string(placed.key.style.rawValue))) }
            fields += [("x", .int(placed.frame.x)), ("y", .int(placed.frame.y)),
                       ("width", .int(placed.frame.width)), ("height", .int(placed.frame.height))]
            return JSONWriter.object(fields)
        }
    }
}
