import Testing
@testable import StackboardCore

/// The remembered window places: the file format, damaged files, docked frames, and the
/// smallest size a layout fits in.
@Suite struct WindowMemoryTests {
    @Test func entriesRoundTripThroughTheFile() throws {
        var memory = WindowMemory()
        memory["qwerty", Size(width: 1280, height: 800)] = .init(frame: Rect(x: 10, y: 500, width: 900, height: 280))
        memory["numeric", Size(width: 1280, height: 800)] = .init(frame: Rect(x: 0, y: 0, width: 300, height: 300), dock: .top)
        memory["qwerty", Size(width: 1920, height: 1080)] = .init(frame: Rect(x: -5, y: 700, width: 1920, height: 380), dock: .bottom)
        let text = memory.encoded()
        #expect(try WindowMemory.decode(Array(text.utf8), file: "g.json") == memory)
        #expect(memory["qwerty", Size(width: 800, height: 600)] == nil)
    }

    @Test(arguments: ["", "{", "[]", "{\"version\":2,\"windows\":[]}", "{\"version\":1}",
                      "{\"version\":1,\"windows\":[{\"layout\":\"q\",\"screen\":\"1x1\",\"x\":0,\"y\":0,\"width\":0,\"height\":1,\"dock\":\"none\"}]}",
                      "{\"version\":1,\"windows\":[{\"layout\":\"q\",\"screen\":\"big\",\"x\":0,\"y\":0,\"width\":5,\"height\":1,\"dock\":\"none\"}]}",
                      "{\"version\":1,\"windows\":[{\"layout\":\"q\",\"screen\":\"9x9\",\"x\":0.5,\"y\":0,\"width\":5,\"height\":1,\"dock\":\"none\"}]}",
                      "{\"version\":1,\"windows\":[{\"layout\":\"q\",\"screen\":\"9x9\",\"x\":0,\"y\":0,\"width\":5,\"height\":1,\"dock\":\"left\"}]}"])
    func aDamagedFileIsRefusedWithItsName(text: String) {
        do {
            _ = try WindowMemory.decode(Array(text.utf8), file: "/state/geometry.json")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains("/state/geometry.json"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aDockedEntryFillsItsEdge() {
        let screen = Size(width: 1280, height: 800)
        let entry = WindowMemory.Entry(frame: Rect(x: 100, y: 100, width: 500, height: 250), dock: .bottom)
        #expect(entry.windowFrame(on: screen) == Rect(x: 0, y: 550, width: 1280, height: 250))
        #expect(WindowMemory.Entry(frame: entry.frame, dock: .top).windowFrame(on: screen) == Rect(x: 0, y: 0, width: 1280, height: 250))
        #expect(WindowMemory.Entry(frame: entry.frame).windowFrame(on: screen) == entry.frame)
        let off = WindowMemory.Entry(frame: Rect(x: 5000, y: -40, width: 500, height: 250))
        #expect(off.windowFrame(on: screen) == Rect(x: 780, y: 0, width: 500, height: 250))
    }

    @Test(arguments: [Size(width: 24, height: 24), Size(width: 30, height: 20)])
    func everyKeyKeepsTheMinimumAtTheMinimumSize(key: Size) throws {
        let layout = try LayoutCatalog.forCurrentProcess().load("qwerty").withSuggestionSlots(3)
        let minimum = layout.minimumSize(key: key)
        for layer in layout.layers {
            let geometry = KeyboardGeometry(layout: layout, layer: layer, size: minimum)
            for placed in geometry.keys {
                #expect(placed.frame.width >= key.width && placed.frame.height >= key.height * 7 / 10,
                        "\(layer.name) key \(placed.key.label) is \(placed.frame) at \(minimum)")
            }
        }
        // And no smaller: at the minimum less a tenth some key is smaller.
        let smaller = Size(width: minimum.width * 9 / 10, height: minimum.height * 9 / 10)
        let squeezed = KeyboardGeometry(layout: layout, layer: layout.layers[0], size: smaller)
        #expect(squeezed.keys.contains { $0.frame.width < key.width || $0.frame.height < key.height * 7 / 10 })
    }
}
