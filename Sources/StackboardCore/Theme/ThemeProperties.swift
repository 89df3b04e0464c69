/// The fields of a theme file and the properties they set, in the order a file lists them: the
/// one list that both `ThemeDecoder` and the writer (`Theme.fileText`) go by.
enum ThemeProperty {
    /// A colour: `"#RRGGBB"`.
    case color(WritableKeyPath<Theme, Color>)
    /// A fill and a label: `{"fill": ..., "label": ...}`.
    case pair(WritableKeyPath<Theme, KeyColors>)
    /// A size in pixels at scale 1, within a range; what it is, for messages.
    case size(WritableKeyPath<Theme, Double>, ClosedRange<Double>, String)
    /// A colour, or `null` for none (the shadow).
    case optionalColor(WritableKeyPath<Theme, Color?>)
    /// A non-empty string (the font family list).
    case text(WritableKeyPath<Theme, String>, String)
    /// `true` or `false`.
    case flag(WritableKeyPath<Theme, Bool>)
    /// The entry field's colours (`fieldProperties`).
    case field

    /// The theme's fields after `description` and `extends`.
    static var all: [(String, ThemeProperty)] {
        let width = "a line width in pixels"
        return [("background", .color(\.background)), ("normal", .pair(\.normal)), ("function", .pair(\.function)),
                ("accent", .pair(\.accent)), ("pressed", .pair(\.pressed)), ("locked", .pair(\.locked)),
                ("latchedOutline", .color(\.latchedOutline)), ("latchedOutlineWidth", .size(\.latchedOutlineWidth, 0...20, width)),
                ("outline", .color(\.outline)), ("outlineWidth", .size(\.outlineWidth, 0...20, width)),
                ("shadow", .optionalColor(\.shadow)), ("cornerRadius", .size(\.cornerRadius, 0...100, "the keys' corner radius")),
                ("highlight", .color(\.highlight)), ("popup", .pair(\.popup)), ("popupHighlight", .pair(\.popupHighlight)),
                ("font", .text(\.fontFamily, "the labels' Pango font family, such as \"Sans\"")), ("boldLabels", .flag(\.boldLabels)),
                ("field", .field)]
    }

    /// The fields of `field`: pairs, then colours.
    static var fieldPairs: [(String, WritableKeyPath<FieldColors, KeyColors>)] { [("normal", \.normal), ("flash", \.flash)] }
    /// The colours of `field`.
    static var fieldColors: [(String, WritableKeyPath<FieldColors, Color>)] {
        [("outline", \.outline), ("flashOutline", \.flashOutline), ("prompt", \.prompt),
         ("placeholder", \.placeholder), ("cursor", \.cursor), ("pending", \.pending)]
    }

    /// Every field of a theme object.
    static var fieldNames: [String] { ["description", "extends"] + all.map(\.0) }
    /// Every field of its `field` object.
    static var fieldFieldNames: [String] { fieldPairs.map(\.0) + fieldColors.map(\.0) }
}
