import StackboardCore
import StackboardSystem

extension KeyboardApp {
    /// The layouts to start with (each through `load`, which says whether its digits were dealt
    /// at random), the names they were loaded by, and whether the first one's were dealt. One
    /// named on the command line that cannot be loaded ends the program (exit status 2); one
    /// named by the configuration file is reported and skipped, and with none left the default
    /// layout is shown.
    static func loadLayouts(_ choices: [KeyboardOptions.LayoutChoice],
                            load: (String) throws(LayoutError) -> (layout: Layout, dealtAtRandom: Bool),
                            configFile: String) throws(ExitStatus) -> LoadedLayouts {
        var layouts: [Layout] = []
        var names: [String] = []
        var firstDealtAtRandom = false
        for choice in choices {
            do {
                let (layout, dealt) = try load(choice.name)
                if layouts.isEmpty { firstDealtAtRandom = dealt }
                layouts.append(layout)
                names.append(choice.name)
            } catch {
                guard let key = choice.configKey else {
                    printError("stackboard: \(error.description)")
                    throw ExitStatus(2)
                }
                printError("stackboard: " + ConfigProblem(file: configFile, key: key, message: error.description).description)
            }
        }
        if layouts.isEmpty {
            let (layout, dealt) = try startupStep(exit: 2) { () throws(LayoutError) in try load(KeyboardOptions.defaultLayout) }
            layouts.append(layout)
            names.append(KeyboardOptions.defaultLayout)
            firstDealtAtRandom = dealt
        }
        return LoadedLayouts(cycle: LayoutCycle(layouts), names: names, firstDealtAtRandom: firstDealtAtRandom)
    }

    /// The layouts a keyboard starts with.
    struct LoadedLayouts {
        /// The cycle, its first layout shown.
        var cycle: LayoutCycle
        /// The names they were loaded by, in the cycle's order.
        var names: [String]
        /// Whether the first one's digits were dealt at random.
        var firstDealtAtRandom: Bool
    }
}
