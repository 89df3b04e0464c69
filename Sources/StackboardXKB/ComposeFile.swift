/// The text of one Compose file (libX11's `/usr/share/X11/locale/LOCALE/Compose`), read without
/// compiling it: which keysyms begin its sequences. A layout's own locale has a table of its own
/// only where that file exists (am_ET.UTF-8, el_GR.UTF-8, km_KH.UTF-8 ...; most locales share
/// en_US.UTF-8's), and compiling it is worth it only when a key of the layout begins one of its
/// sequences: compiling parses thousands of lines, its include of en_US.UTF-8 among them.
public enum ComposeFile {
    /// The keysym names that begin sequences in the file itself (not in the files it includes):
    /// `UFE75` for a line `<UFE75> <U1200> : "ሁ"`.
    public static func sequenceStarts(in text: String) -> Set<String> {
        var starts: Set<String> = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("<"), let end = trimmed.firstIndex(of: ">") else { continue }
            starts.insert(String(trimmed[trimmed.index(after: trimmed.startIndex)..<end]))
        }
        return starts
    }
}
