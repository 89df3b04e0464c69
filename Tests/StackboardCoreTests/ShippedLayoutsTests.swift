import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

@Suite struct ShippedLayoutsTests {
    static let names = ["amount-zh", "binary", "clicks", "code", "decimal", "hangul", "id-card", "japanese", "morse", "numeric", "phone", "pin", "pinyin-traditional", "pinyin", "qwerty", "scan-de", "scan-es", "scan-fr", "scan-ru", "scan"]
    static let sizes = [Size(width: 320, height: 240), Size(width: 800, height: 300), Size(width: 1280, height: 400),
                        Size(width: 1919, height: 601), Size(width: 333, height: 77)]

    static func shipped(_ name: String) throws -> Layout {
        do {
            return try LayoutLoader.load(file: LoaderSupport.shippedDirectory + "/" + name + ".json", files: SystemFiles())
        } catch {
            throw LoaderTestFailure(message: error.description)
        }
    }

    @Test func everyExpectedLayoutIsShippedAndNothingElse() {
        let found = LayoutCatalog.files(in: LoaderSupport.shippedDirectory, files: SystemFiles()).map(\.name)
        #expect(found == Self.names)
    }

    @Test(arguments: names) func loadsWithANameAndADescription(name: String) throws {
        let layout = try Self.shipped(name)
        #expect(layout.name == name)
        #expect(layout.description.count >= 20, "a clear description")
        #expect(!layout.layers.isEmpty)
    }

    @Test(arguments: names) func keysTileEveryLayerAtEverySize(name: String) throws {
        let layout = try Self.shipped(name)
        for layer in layout.layers {
            for size in Self.sizes {
                let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
                let window = Rect(size: size)
                let context = "\(name)/\(layer.name) at \(size)"
                #expect(geometry.keys.count == layer.root.keys.count, "\(context)")
                for placed in geometry.keys {
                    let f = placed.frame
                    #expect(f.x >= 0 && f.y >= 0 && f.maxX <= window.maxX && f.maxY <= window.maxY,
                            "\(context): key \(placed.index) '\(placed.key.label)' at \(f) lies outside the window")
                    guard placed.key.style != .blank else { continue }
                    #expect(!f.isEmpty, "\(context): key \(placed.index) '\(placed.key.label)' has no area")
                    let centre = Point(x: f.x + f.width / 2, y: f.y + f.height / 2)
                    #expect(geometry.hit(centre) == placed.index,
                            "\(context): the centre of '\(placed.key.label)' hits key \(String(describing: geometry.hit(centre)))")
                }
                for (i, a) in geometry.keys.enumerated() {
                    for b in geometry.keys[(i + 1)...] {
                        #expect(!a.frame.intersects(b.frame), "\(context): '\(a.key.label)' \(a.frame) overlaps '\(b.key.label)' \(b.frame)")
                    }
                }
            }
        }
    }

    @Test(arguments: names) func entryPresetsAcceptWhatTheKeysType(name: String) throws {
        let layout = try Self.shipped(name).dealingDigitsInOrder()
        guard let allow = layout.entry?.allow else { return }
        for layer in layout.layers {
            for key in layer.root.keys {
                guard case .text(let text) = key.action else { continue }
                for character in text {
                    let ok: Bool
                    switch allow {
                    case "digits", "decimal": ok = character.isASCII && character.isNumber
                    default:
                        if allow.hasPrefix("/") {
                            let regex = try Regex(String(allow.dropFirst().dropLast()))
                            ok = String(character).wholeMatch(of: regex) != nil
                        } else {
                            ok = allow.contains(character)
                        }
                    }
                    #expect(ok, "\(name): key '\(key.label)' types '\(character)', which the field rule \(allow) rejects")
                }
            }
        }
    }

    @Test func everyLayerOfQwertyHasTheGripAtTheRightOfItsBottomRow() throws {
        let layout = try Self.shipped("qwerty")
        for layer in layout.layers {
            guard case .stack(let bottom)? = layer.root.items.last, case .key(let last)? = bottom.items.last else {
                Issue.record("\(layer.name): the bottom row does not end in a key"); continue
            }
            #expect(last.action == .move, "\(layer.name)")
            #expect(last.label == "✥" && last.style == .function)
        }
    }

    @Test func qwertyIsAFullKeyboard() throws {
        let layout = try Self.shipped("qwerty")
        #expect(layout.layers.map(\.name) == ["letters", "numbers", "symbols", "edit"])
        let edit = try #require(layout.layer(named: "edit")).root.keys
        let chords = edit.compactMap { key -> String? in if case .shortcut(let s) = key.action { return "\(key.label)=\(s)" } else { return nil } }
        #expect(chords == ["select all=ctrl+a", "cut=ctrl+x", "copy=ctrl+c", "paste=ctrl+v", "undo=ctrl+z", "redo=ctrl+shift+z"])
        #expect(layout.layer(named: "symbols")?.root.keys.contains { $0.label == "✂" && $0.action == .layer("edit") } == true)
        let letters = try #require(layout.layer(named: "letters")).root.keys
        let texts = Set(letters.compactMap { $0.text(shifted: false) })
        for scalar in UnicodeScalar("a").value...UnicodeScalar("z").value {
            let letter = String(Character(UnicodeScalar(scalar) ?? "a"))
            #expect(texts.contains(letter), "letter \(letter)")
            let key = letters.first { $0.action == .text(letter) }
            #expect(key?.text(shifted: true) == letter.uppercased())
        }
        let actions = Set(letters.map(\.action))
        for needed: Action in [.key(.backspace), .key(.returnKey), .space, .key(.tab), .modifier(.shift), .capsLock, .modifier(.ctrl),
                               .modifier(.alt), .key(.left), .key(.right), .key(.up), .key(.down), .layer("numbers"), .move] {
            #expect(actions.contains(needed), "letters layer lacks \(needed.name)")
        }
        #expect(letters.first { $0.action == .key(.backspace) }?.repeats == true)
        #expect(letters.first { $0.action == .key(.returnKey) }?.style == .accent)
        #expect(letters.first { $0.action == .modifier(.shift) }?.style == .function)
        for letter in ["a", "e", "i", "o", "u", "c", "n", "s"] {
            let key = letters.first { $0.action == .text(letter) }
            #expect((key?.alternates.count ?? 0) >= 1, "long-press alternates on \(letter)")
        }
        let e = letters.first { $0.action == .text("e") }
        #expect(e?.alternates.map(\.label).contains("é") == true)
        #expect(e?.alternates.first { $0.label == "é" }?.shiftedLabel == "É")
        let space = letters.first { $0.action == .space }
        #expect((space?.weight ?? 0) >= 4, "a wide space bar")
        for layer in layout.layers {
            let targets = Set(layer.root.keys.compactMap { key -> String? in if case .layer(let l) = key.action { return l } else { return nil } })
            #expect(!targets.isEmpty && !targets.contains(layer.name), "\(layer.name) has keys to the other layers")
            let digits = layer.root.keys.compactMap { $0.text(shifted: false) }.filter { $0.count == 1 && $0.first?.isNumber == true }
            if layer.name == "numbers" { #expect(Set(digits) == Set((0...9).map(String.init))) }
        }
    }

    @Test func padsHaveTheirKeys() throws {
        func actions(_ name: String) throws -> [Action] { try Self.shipped(name).layers.flatMap { $0.root.keys.map(\.action) } }
        func texts(_ name: String) throws -> Set<String> {
            Set(try actions(name).compactMap { if case .text(let t) = $0 { return t } else { return nil } })
        }
        let digits = Set((0...9).map(String.init))
        #expect(try digits.isSubset(of: texts("numeric")))
        #expect(try actions("numeric").contains(.key(.backspace)) && actions("numeric").contains(.key(.returnKey)))
        #expect(try digits.isSubset(of: texts("decimal")) && actions("decimal").contains(.decimalSeparator))
        #expect(try digits.union(["*", "#", "+"]).isSubset(of: texts("phone")))
        #expect(try texts("binary") == ["0", "1"])
        #expect(try texts("id-card") == digits.union(["X"]) && actions("id-card").contains(.done))
        #expect(try texts("code") == digits && actions("code").contains(.done))
        let amount = try actions("amount-zh")
        for factor in [1000, 10000, 100000, 1000000] { #expect(amount.contains(.multiply(factor))) }
        #expect(amount.contains(.key(.backspace)) && amount.contains(.clear) && amount.contains(.done))
        #expect(try texts("amount-zh") == digits.union(["00"]))
        let zh = try Self.shipped("amount-zh").layers[0].root.keys
        #expect(zh.first { $0.action == .multiply(10000) }?.label == "万")
        #expect(zh.first { $0.action == .key(.backspace) }?.label == "删除")
        #expect(zh.first { $0.action == .clear }?.label == "清除")
        let morse = try actions("morse")
        for needed: Action in [.morseDot, .morseDash, .morseGap, .space, .key(.backspace), .key(.returnKey)] { #expect(morse.contains(needed)) }
    }

    @Test func entryPresets() throws {
        #expect(try Self.shipped("pin").entry == EntryPreset(secure: true, maxLength: 6, allow: "digits"))
        #expect(try Self.shipped("id-card").entry == EntryPreset(maxLength: 18, allow: "/[0-9X]/"))
        #expect(try Self.shipped("code").entry == EntryPreset(maxLength: 10, allow: "digits", reportBackspaceOnEmpty: true))
        #expect(try Self.shipped("amount-zh").entry?.allow == "decimal")
        #expect(try Self.shipped("qwerty").entry == nil)
        let pin = try Self.shipped("pin")
        #expect(pin.layers[0].root.keys.filter { $0.action == .shuffledDigit }.count == 10)
        #expect(pin.hasShuffledDigits)
    }

    @Test func tallKeysLineUpWithTheRowsBesideThem() throws {
        // numeric: the tall backspace spans exactly rows 1-2 of the digit columns, return rows 3-4.
        let layout = try Self.shipped("numeric")
        for size in Self.sizes {
            let keys = KeyboardGeometry(layout: layout, layer: layout.layers[0], size: size).keys
            let frame = { (label: String) in keys.first { $0.key.label == label }?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0) }
            #expect(frame("⌫").y == frame("3").y && frame("⌫").maxY == frame("6").maxY, "at \(size)")
            #expect(frame("⏎").y == frame("9").y && frame("⏎").maxY == frame("→").maxY, "at \(size)")
        }
    }
}
