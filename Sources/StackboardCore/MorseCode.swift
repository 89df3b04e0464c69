/// International Morse code: letters, digits and common punctuation.
public enum MorseCode {
    /// Code (dots `.` and dashes `-`) to the character it stands for.
    public static let table: [String: Character] = [
        ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g",
        "....": "h", "..": "i", ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n",
        "---": "o", ".--.": "p", "--.-": "q", ".-.": "r", "...": "s", "-": "t", "..-": "u",
        "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
        "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4",
        ".....": "5", "-....": "6", "--...": "7", "---..": "8", "----.": "9",
        ".-.-.-": ".", "--..--": ",", "..--..": "?", ".----.": "'", "-.-.--": "!",
        "-..-.": "/", "-.--.": "(", "-.--.-": ")", ".-...": "&", "---...": ":",
        "-.-.-.": ";", "-...-": "=", ".-.-.": "+", "-....-": "-", "..--.-": "_",
        ".-..-.": "\"", ".--.-.": "@",
    ]

    /// The character for `code`, or nil when the code is not in the table.
    public static func decode(_ code: String) -> Character? { table[code] }

    /// The code for `character` (case-insensitive), or nil when it has none.
    public static func encode(_ character: Character) -> String? {
        let lower = Character(character.lowercased())
        return table.first { $0.value == lower }?.key
    }
}
