/// The one theme built into the program: what `light` is when no `light.json` is found (the
/// shipped `Resources/themes/light.json` holds the same values; a test keeps them equal), and
/// what a theme file that names no `extends` starts from.
extension Theme {
    /// Light grey keyboard with white keys.
    public static let light = Theme(
        name: "light",
        background: Color(hex: 0xD3D7DD),
        normal: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x1C1F24)),
        function: KeyColors(fill: Color(hex: 0xAEB5BF), label: Color(hex: 0x1C1F24)),
        accent: KeyColors(fill: Color(hex: 0x1D4ED8), label: Color(hex: 0xFFFFFF)),
        pressed: KeyColors(fill: Color(hex: 0x5D6572), label: Color(hex: 0xFFFFFF)),
        locked: KeyColors(fill: Color(hex: 0xC7D7FE), label: Color(hex: 0x0B2370)),
        latchedOutline: Color(hex: 0x1D4ED8), latchedOutlineWidth: 3,
        outline: Color(hex: 0x9AA1AB), outlineWidth: 0,
        shadow: Color(hex: 0x8A929E), cornerRadius: 7,
        highlight: Color(hex: 0xE8590C),
        popup: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x1C1F24)),
        popupHighlight: KeyColors(fill: Color(hex: 0x1D4ED8), label: Color(hex: 0xFFFFFF)),
        boldLabels: false,
        field: FieldColors(
            normal: KeyColors(fill: Color(hex: 0xFFFFFF), label: Color(hex: 0x1C1F24)),
            flash: KeyColors(fill: Color(hex: 0xFEE2E2), label: Color(hex: 0x7F1D1D)),
            outline: Color(hex: 0x8C94A0), flashOutline: Color(hex: 0xDC2626),
            prompt: Color(hex: 0x4B5563), placeholder: Color(hex: 0x6B7280),
            cursor: Color(hex: 0x1D4ED8), pending: Color(hex: 0x1D4ED8)))
}
