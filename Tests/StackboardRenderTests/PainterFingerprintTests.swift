import Testing
@testable import StackboardCore
@testable import StackboardRender

/// What the painter adds to a first-frame key: every property of the theme, the scale.
@Suite struct PainterFingerprintTests {
    static func digest(_ painter: KeyboardPainter) -> FrameDigest {
        var key = FirstFrameKey()
        painter.addFingerprint(to: &key)
        return key.digest
    }

    @Test func everyPropertyOfAThemeIsFed() {
        // A new property must be fed in Theme.feed (PainterFingerprint.swift), then counted here.
        #expect(Mirror(reflecting: Theme.light).children.count == 19)
        #expect(Mirror(reflecting: Theme.light.field).children.count == 8)
        #expect(Mirror(reflecting: Theme.light.normal).children.count == 2)
        #expect(Mirror(reflecting: Color.black).children.count == 4)
    }

    @Test func themesScalesAndColoursGiveOtherKeys() throws {
        let light = Self.digest(try KeyboardPainter(theme: .light, deferredText: true))
        #expect(Self.digest(try KeyboardPainter(theme: .light, deferredText: true)) == light)
        var tinted = Theme.light
        tinted.field.cursor = Color(hex: 0x123456)
        var bold = Theme.light
        bold.boldLabels = true
        var font = Theme.light
        font.fontFamily = "DejaVu Sans"
        var shadowless = Theme.light
        shadowless.shadow = nil
        let others = try [
            Self.digest(KeyboardPainter(theme: Samples.shippedTheme("dark"), deferredText: true)),
            Self.digest(KeyboardPainter(theme: Samples.shippedTheme("high-contrast"), deferredText: true)),
            Self.digest(KeyboardPainter(theme: .light, scale: 1.5, deferredText: true)),
            Self.digest(KeyboardPainter(theme: tinted, deferredText: true)),
            Self.digest(KeyboardPainter(theme: bold, deferredText: true)),
            Self.digest(KeyboardPainter(theme: font, deferredText: true)),
            Self.digest(KeyboardPainter(theme: shadowless, deferredText: true)),
        ]
        for (i, other) in others.enumerated() { #expect(other != light, "change \(i) left the key as it was") }
        #expect(Set(others).count == others.count)
    }

    @Test func aDeferredPainterPaintsTheSameAsAnEagerOne() throws {
        let layout = Layout(name: "t", description: "t", layers: [Layer(name: "main", root: Stack(axis: .vertical, items: [
            .stack(Stack(axis: .horizontal, items: [.key(Key(label: "Q", action: .text("q"))), .key(Key(label: "⌫", action: .key(.backspace)))])),
        ]))])
        let geometry = KeyboardGeometry(layout: layout, layer: layout.layers[0], size: Size(width: 240, height: 90))
        var images: [[UInt32]] = []
        for deferred in [false, true] {
            let image = try ImageSurface(width: 240, height: 90)
            let painter = try KeyboardPainter(theme: .light, deferredText: deferred)
            painter.paintAll(try CairoContext(surface: image), geometry: geometry, shifted: false)
            images.append(image.pixels())
        }
        let same = images[0] == images[1]
        #expect(same, "a painter whose text starts at the first label paints other pixels")
        #expect(Set(images[0]).count > 3, "the labels were painted")
    }
}
