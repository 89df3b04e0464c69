import Testing
@testable import StackboardCore

/// The pure parts of the first-frame cache: the stable hash, the key of a keypad's paint list,
/// the file header, the fonts' sources.
@Suite struct FirstFrameTests {
    static func hash(_ body: (inout StableHasher) -> Void) -> FrameDigest {
        var h = StableHasher()
        body(&h)
        return h.digest
    }

    @Test func theHashIsFNV1a128() {
        // Reference values of FNV-1a 128 (the offset basis for no input; "a", "foobar").
        #expect(Self.hash { _ in }.description == "6c62272e07bb014262b821756295c58d")
        #expect(Self.hash { $0.combine(bytes: Array("a".utf8)) }.description == "d228cb696f1a8caf78912b704e4a8964")
        #expect(Self.hash { $0.combine(bytes: Array("foobar".utf8)) }.description == "343e1662793c64bf6f0d3597ba446f18")
    }

    @Test func valuesAreFedWithTheirLengthsAndTypes() {
        #expect(Self.hash { $0.combine("ab"); $0.combine("c") } != Self.hash { $0.combine("a"); $0.combine("bc") })
        #expect(Self.hash { $0.combine(1) } != Self.hash { $0.combine(1.0) })
        #expect(Self.hash { $0.combine(String?.none) } != Self.hash { $0.combine("") })
        #expect(Self.hash { $0.combine(0.1 + 0.2) } != Self.hash { $0.combine(0.3) })
        #expect(Self.hash { $0.combine("x") } == Self.hash { $0.combine("x") })
    }

    @Test func theChecksumSeesAFlippedBitAndAShorterBuffer() {
        let bytes = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let sum = bytes.withUnsafeBytes { StableHasher.checksum($0) }
        #expect(bytes.withUnsafeBytes { StableHasher.checksum($0) } == sum)
        for at in [0, 31, 32, 50_000, 100_002] {
            var flipped = bytes
            flipped[at] ^= 0x10
            #expect(flipped.withUnsafeBytes { StableHasher.checksum($0) } != sum, "bit flipped at \(at)")
        }
        #expect(bytes.dropLast().withUnsafeBytes { StableHasher.checksum($0) } != sum)
        var swapped = bytes
        swapped.swapAt(0, 8) // the same bytes in other lanes
        #expect(swapped.withUnsafeBytes { StableHasher.checksum($0) } != sum)
    }

    static let layout = Layout(name: "t", description: "t", layers: [Layer(name: "main", root: Stack(axis: .vertical, items: [
        .stack(Stack(axis: .horizontal, items: [.key(Key(label: "a", action: .text("a"))), .key(Key(label: "⌫", action: .key(.backspace)))])),
    ]))])

    static func key(_ layout: Layout = layout, size: Size = Size(width: 200, height: 80),
                    visual: @escaping (Int) -> KeyVisual = { _ in .idle }, morse: String? = nil) -> FrameDigest {
        var key = FirstFrameKey()
        key.add("theme", "light")
        key.addPaintList(geometry: KeyboardGeometry(layout: layout, layer: layout.layers[0], size: size), visual: visual,
                         pendingMorse: morse)
        return key.digest
    }

    @Test func theKeyChangesWithEveryPaintedThing() {
        let base = Self.key()
        #expect(Self.key() == base, "the same keypad gives the same key")
        var relabelled = Self.layout
        relabelled.layers[0].root = relabelled.layers[0].root.mapKeys { $0.label == "a" ? Key(label: "b", action: .text("a")) : $0 }
        var restyled = Self.layout
        restyled.layers[0].root = restyled.layers[0].root.mapKeys { k in var k = k; k.style = .accent; return k }
        var shifted = Self.layout
        shifted.layers[0].root = shifted.layers[0].root.mapKeys { k in var k = k; k.shiftedLabel = "A"; return k }
        var acting = Self.layout
        acting.layers[0].root = acting.layers[0].root.mapKeys { $0.label == "a" ? Key(label: "a", action: .text("b")) : $0 }
        let others = [
            Self.key(relabelled), Self.key(restyled), Self.key(shifted), Self.key(acting),
            Self.key(size: Size(width: 201, height: 80)),
            Self.key(visual: { $0 == 1 ? KeyVisual(pressed: true) : .idle }),
            Self.key(visual: { _ in KeyVisual(label: "word") }),
            Self.key(visual: { _ in KeyVisual(dwellProgress: 0.5) }),
            Self.key(morse: ".-"),
        ]
        for (i, other) in others.enumerated() { #expect(other != base, "change \(i) left the key as it was") }
        #expect(Set(others).count == others.count)
        var themed = FirstFrameKey()
        themed.add("theme", "dark")
        #expect(themed.digest != FirstFrameKey().digest)
    }

    @Test func everyPropertyOfAKeyAndOfAVisualIsKnownToTheKey() {
        // A new property of Key or KeyVisual must be fed to the key (FirstFrameKey.feed), or
        // listed here as not painted: a cached frame would otherwise ignore it.
        #expect(Mirror(reflecting: Key(label: "a", action: .text("a"))).children.map(\.label) ==
                ["label", "shiftedLabel", "action", "weight", "style", "alternates", "repeats"])
        #expect(Mirror(reflecting: KeyVisual()).children.map(\.label) ==
                ["pressed", "latched", "locked", "dwellProgress", "scanHighlighted", "scanBack", "shifted", "label"])
        #expect(Mirror(reflecting: PlacedKey(index: 0, key: Key(label: "a", action: .text("a")), frame: Rect(size: Size(width: 1, height: 1))))
            .children.map(\.label) == ["index", "key", "frame"])
    }

    static let format = FrameImageFormat(width: 4, height: 2, depth: 24, bitsPerPixel: 32, bytesPerLine: 16, byteOrder: 0,
                                         redMask: 0xFF0000, greenMask: 0xFF00, blueMask: 0xFF)

    static func decode(_ bytes: [UInt8], fileSize: Int? = nil) -> FirstFrameHeader? {
        bytes.withUnsafeBytes { FirstFrameHeader.decode($0, fileSize: fileSize ?? (FirstFrameHeader.size + format.byteCount)) }
    }

    @Test func aColourBecomesThePixelOfTheScreensChannels() {
        let rgb888 = FrameImageFormat(width: 1, height: 1, depth: 24, bitsPerPixel: 32, bytesPerLine: 4, byteOrder: 0,
                                      redMask: 0xFF0000, greenMask: 0x00FF00, blueMask: 0x0000FF)
        #expect(rgb888.pixel(of: Color(hex: 0xD3D7DD)) == 0xD3D7DD)
        #expect(rgb888.pixel(of: Color(red: 1, green: 0, blue: 0, alpha: 0.5)) == 0xFF0000) // opacity ignored
        #expect(rgb888.pixel(of: Color(red: 2, green: -1, blue: 0.5)) == 0xFF0080) // clamped, rounded
        // A 16-bit screen (5-6-5): each channel scaled to its own bits.
        let rgb565 = FrameImageFormat(width: 1, height: 1, depth: 16, bitsPerPixel: 16, bytesPerLine: 2, byteOrder: 0,
                                      redMask: 0xF800, greenMask: 0x07E0, blueMask: 0x001F)
        #expect(rgb565.pixel(of: Color(red: 1, green: 1, blue: 1)) == 0xFFFF)
        #expect(rgb565.pixel(of: Color(red: 0, green: 1, blue: 0)) == 0x07E0)
        #expect(rgb565.pixel(of: Color(red: 0.5, green: 0, blue: 0)) == 16 << 11)
        // BGR order: the masks say where each channel goes.
        let bgr = FrameImageFormat(width: 1, height: 1, depth: 24, bitsPerPixel: 32, bytesPerLine: 4, byteOrder: 0,
                                   redMask: 0x0000FF, greenMask: 0x00FF00, blueMask: 0xFF0000)
        #expect(bgr.pixel(of: Color(hex: 0x112233)) == 0x332211)
    }

    @Test func theHeaderRoundTripsAndRefusesWhatIsNotOneOfOurs() {
        let header = FirstFrameHeader(key: FrameDigest(high: 0x0123_4567_89AB_CDEF, low: 42), format: Self.format, checksum: 7)
        let bytes = header.encoded()
        #expect(bytes.count == FirstFrameHeader.size)
        #expect(Self.decode(bytes) == header)
        #expect(Self.decode(bytes, fileSize: FirstFrameHeader.size + Self.format.byteCount - 1) == nil, "cut pixels")
        #expect(Self.decode(bytes, fileSize: FirstFrameHeader.size + Self.format.byteCount + 1) == nil, "extra bytes")
        #expect(Self.decode(Array(bytes.prefix(95))) == nil, "cut header")
        var magic = bytes; magic[0] = UInt8(ascii: "X")
        #expect(Self.decode(magic) == nil)
        var version = bytes; version[4] &+= 1
        #expect(Self.decode(version) == nil)
        var padding = bytes; padding[90] = 1
        #expect(Self.decode(padding) == nil)
        var stride = bytes; stride[40] = 8 // rows shorter than their pixels
        #expect(Self.decode(stride) == nil)
        var huge = Self.format; huge.width = 40_000
        #expect(!huge.isPlausible)
        var depth = Self.format; depth.depth = 33
        #expect(!depth.isPlausible)
        #expect(Self.format.isPlausible)
    }

    @Test func theFontSourcesFollowTheEnvironment() {
        let plain = FontStampSources(environment: ["HOME": "/home/ann"])
        #expect(plain.paths.contains("/etc/fonts/fonts.conf"))
        #expect(plain.paths.contains("/home/ann/.config/fontconfig/fonts.conf"))
        #expect(plain.paths.contains("/home/ann/.cache/fontconfig"))
        #expect(plain.paths.contains("/var/cache/fontconfig"))
        #expect(plain.listed == ["/etc/fonts/conf.d", "/home/ann/.config/fontconfig/conf.d", "/home/ann/.fonts.conf.d"])
        #expect(plain.trees == ["/usr/share/fonts", "/usr/local/share/fonts", "/home/ann/.fonts", "/home/ann/.local/share/fonts"])
        #expect(plain.variables == ["LANG", "LC_ALL", "LC_CTYPE", "LANGUAGE", "PANGO_LANGUAGE"])
        let moved = FontStampSources(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d",
                                                   "XDG_CACHE_HOME": "/k", "FONTCONFIG_FILE": "/f.conf", "LANG": "ja_JP.UTF-8"])
        #expect(moved.paths.contains("/f.conf") && !moved.paths.contains("/etc/fonts/fonts.conf"))
        #expect(moved.paths.contains("/c/fontconfig/fonts.conf") && moved.paths.contains("/k/fontconfig"))
        #expect(moved.trees.contains("/d/fonts"))
        #expect(moved.variables.contains("LANG=ja_JP.UTF-8"))
        let relative = FontStampSources(environment: ["HOME": "relative"])
        #expect(!relative.paths.contains { !$0.hasPrefix("/") }, "relative paths are ignored")
    }
}
