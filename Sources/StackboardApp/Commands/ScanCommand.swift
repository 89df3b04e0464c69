import StackboardCore
import StackboardScan
import StackboardSystem
import StackboardWords

/// `stackboard scan evaluate`: what typing a text by switch scanning costs, with and without
/// the suggestion bar, next to plain row → key scanning of qwerty without suggestions.
enum ScanCommand {
    static let command = Command(.scan, summary: "measure what typing a text by switch scanning costs", help: help, run)

    static let help = """
        Usage: stackboard scan evaluate FILE [--layout NAME] [--scan-mode MODE] [--scan-pattern PATTERN]
                                             [--suggestions N] [--language L] [--json]

        Simulates a switch user typing FILE exactly on the layout: for each character the
        cheapest keys that type it (layer keys and shift included), and, with the suggestion
        bar, a suggestion picked as soon as it shows the intended word (the same simulated user
        as 'stackboard words evaluate'). Prints per character of the text:
          steps       highlights shown (time = steps × the scan interval)
          selections  switch activations (picks; in step and directed scanning the moves too)
        without and with the bar, and the ratio of steps to the baseline: auto row → key
        scanning without suggestions of the language's usual layout (qwerty for English,
        xkb:L for another language L, qwerty where there is none). Auto and inverse scanning start again at the
        top after each pick; directed scanning moves on from the key it picked. A bar with words
        is scanned first (it is the layouts' top row). Characters no key types are left out
        (and counted).

        Options:
        \(SettingsHelp.options(for: .scan))

        Exit status: 0 done, 1 the file or a layout could not be read, 2 usage error.
        """

    static func run(_ args: Arguments) throws(UsageError) -> Int32 {
        let values = args.settings()
        guard args.positional.first == "evaluate" else {
            throw UsageError("'stackboard scan' needs the action 'evaluate FILE'. See 'stackboard scan --help'.")
        }
        guard args.positional.count == 2 else {
            throw UsageError("'stackboard scan evaluate' takes one FILE, not \(args.positional.count - 1) arguments. See 'stackboard scan --help'.")
        }
        let mode = ScanMode(rawValue: values.string(.scanMode) ?? "auto") ?? .auto
        let pattern = ScanPattern(rawValue: values.string(.scanPattern) ?? "auto") ?? .automatic
        let name = values.string(.layout) ?? KeyboardOptions.defaultLayout
        let slots = values.int(.suggestions)
        func load(_ layout: String, slots: Int) throws(LayoutError) -> Layout {
            try LayoutPreparation.forLocale(shuffle: false, suggestions: slots).load(layout)
        }
        let plain: Layout, barred: Layout, baseline: Layout
        // The baseline: the language's usual layout, qwerty where it has none.
        var baselineName = "qwerty"
        do throws(LayoutError) {
            plain = try load(name, slots: 0)
            barred = try load(name, slots: slots)
            let language = values.string(.language) ?? barred.language ?? "en"
            if language != "en", let usual = try? load("xkb:\(language)", slots: 0) {
                baselineName = "xkb:\(language)"
                baseline = usual
            } else {
                baseline = try load(baselineName, slots: 0)
            }
        } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
        let language = values.string(.language) ?? barred.language ?? "en"
        guard let text = FileInput.text(args.positional[1]) else {
            printError("stackboard: cannot read '\(args.positional[1])' as UTF-8 text (at most 64 MiB); check the path and the encoding")
            return 1
        }
        let chars = Array(text)
        let base = typeOut(chars, on: baseline, mode: .auto, pattern: .rowKey)
        let without = typeOut(chars, on: plain, mode: mode, pattern: pattern)
        var with: Totals?
        if slots > 0, barred.suggestionBar != nil {
            let models = WordModels.forCurrentProcess()
            guard let shipped = WordsLearned.shipped(language, models: models) else { return 1 }
            var session = SuggestionSession(predictor: WordPredictor(shipped: shipped, learned: UserWordModel(fold: shipped.fold)),
                                            slots: slots, privacy: .noLearn, atSentenceStart: true)
            let typed = KeystrokeEvaluation.run(text, session: &session, recording: true)
            with = replay(typed.keystrokes, on: barred, mode: mode, pattern: pattern)
        }
        report(file: args.positional[1], layout: name, mode: mode, pattern: pattern, slots: slots, language: language,
               characters: chars.count, baseline: (baselineName, base), without: without, with: with, json: values.bool(.json))
        return 0
    }

    /// What typing went: its cost and the characters no key typed.
    struct Totals {
        var cost = ScanCost()
        var untyped = 0
    }

    static func typeOut(_ chars: [Character], on layout: Layout, mode: ScanMode, pattern: ScanPattern) -> Totals {
        var typist = ScanTypist(layout: layout, mode: mode, pattern: pattern)
        var totals = Totals()
        for c in chars {
            if let cost = typist.type(c) { totals.cost = totals.cost + cost } else { totals.untyped += 1 }
        }
        return totals
    }

    static func replay(_ keystrokes: [KeystrokeEvaluation.Keystroke], on layout: Layout, mode: ScanMode, pattern: ScanPattern) -> Totals {
        var typist = ScanTypist(layout: layout, mode: mode, pattern: pattern)
        var totals = Totals()
        for keystroke in keystrokes {
            let cost: ScanCost?
            switch keystroke {
            case .character(let c): cost = typist.type(c)
            case .slot(let slot): cost = typist.pickSlot(slot)
            case .backspace: cost = typist.press(.key(.backspace))
            }
            if let cost { totals.cost = totals.cost + cost } else { totals.untyped += 1 }
        }
        return totals
    }

    static func report(file: String, layout: String, mode: ScanMode, pattern: ScanPattern, slots: Int, language: String,
                       characters: Int, baseline: (name: String, totals: Totals), without: Totals, with: Totals?, json: Bool) {
        let base = baseline.totals
        let n = Double(max(1, characters))
        func per(_ value: Int) -> String { WordsEvaluate.fixed(Double(value) / n, 3) }
        func ratio(_ t: Totals) -> String { WordsEvaluate.fixed(Double(t.cost.steps) / Double(max(1, base.cost.steps)), 3) }
        if json {
            var fields: [(String, JSONWriter.Value)] = [
                ("file", .string(file)), ("layout", .string(layout)), ("mode", .string(mode.rawValue)),
                ("pattern", .string(pattern.rawValue)), ("suggestions", .int(slots)), ("language", .string(language)),
                ("characters", .int(characters)), ("baseline_layout", .string(baseline.name)), ("baseline_untyped", .int(base.untyped)),
                ("baseline_steps_per_char", .raw(per(base.cost.steps))), ("baseline_selections_per_char", .raw(per(base.cost.selections))),
                ("steps_per_char", .raw(per(without.cost.steps))), ("selections_per_char", .raw(per(without.cost.selections))),
                ("ratio_to_baseline", .raw(ratio(without))), ("untyped", .int(without.untyped)),
            ]
            if let with {
                fields += [("bar_steps_per_char", .raw(per(with.cost.steps))), ("bar_selections_per_char", .raw(per(with.cost.selections))),
                           ("bar_ratio_to_baseline", .raw(ratio(with)))]
            }
            print(JSONWriter.object(fields))
            return
        }
        print("text: \(file), \(characters) characters")
        print("baseline (\(baseline.name), auto row → key, no suggestions): \(per(base.cost.steps)) steps, \(per(base.cost.selections)) selections per character"
              + (base.untyped > 0 ? " (\(base.untyped) characters no key types)" : ""))
        print("\(layout), \(mode.rawValue) scanning, pattern \(pattern.rawValue):")
        print("  without suggestions: \(per(without.cost.steps)) steps, \(per(without.cost.selections)) selections per character (\(ratio(without)) × the baseline's steps)")
        if let with {
            print("  with \(slots) suggestion\(slots == 1 ? "" : "s") (\(language)): \(per(with.cost.steps)) steps, \(per(with.cost.selections)) selections per character (\(ratio(with)) × the baseline's steps)")
        } else if slots > 0 {
            print("  with suggestions: the layout has no suggestion bar")
        }
        if without.untyped > 0 { print("  characters no key types (left out): \(without.untyped)") }
    }
}
