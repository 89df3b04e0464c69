import Testing
@testable import StackboardCore

/// A small QWERTY with a suggestion bar, for the state machine's swipe tests (the word list
/// and the decoder are StackboardWordsTests').
enum SwipeFixtures {
    static let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]

    static let layout: Layout = {
        var items = rows.map { row in StateFixtures.row(row.map { Key(label: String($0), shiftedLabel: $0.uppercased(), action: .text(String($0))) }) }
        items.append(StateFixtures.row([Key(label: "⇧", action: .modifier(.shift)), Key(label: "ctrl", action: .modifier(.ctrl)),
                                        Key(label: "space", action: .space), Key(label: "⌫", action: .key(.backspace))]))
        let letters = Layer(name: "letters", root: Stack(axis: .vertical, items: items))
        return Layout(name: "swipe", description: "letters with a bar", layers: [letters], suggestionBar: SuggestionBar()).withSuggestionSlots(3)
    }()

    static let size = Size(width: 1000, height: 400)
    static let geometry = KeyboardGeometry(layout: layout, layer: layout.layers[0], size: size)

    /// The centres of the letter keys of `word`, joined by points every few pixels.
    static func path(_ word: String, offset: Point = Point(x: 0, y: 0)) -> [Point] {
        let keyboard = SwipeKeyboard(geometry: geometry)
        let centres = word.compactMap { c in keyboard.letters.first { $0.character == c } }.map { (x: $0.x + Double(offset.x), y: $0.y + Double(offset.y)) }
        var out: [Point] = []
        for i in centres.indices {
            if i == 0 { out.append(Point(x: Int(centres[0].x), y: Int(centres[0].y))); continue }
            let a = centres[i - 1], b = centres[i]
            for k in 1...10 {
                let t = Double(k) / 10
                out.append(Point(x: Int(a.x + (b.x - a.x) * t), y: Int(a.y + (b.y - a.y) * t)))
            }
        }
        return out
    }
}
