/// `stackboard layouts`: one line per available layout.
enum LayoutsCommand {
    static let command = Command(name: "layouts", summary: "list the available layouts") { _ in
        print("(no layouts yet)")
        return 0
    }
}
