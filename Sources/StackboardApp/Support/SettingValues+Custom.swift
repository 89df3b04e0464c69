import StackboardCore

extension SettingValues {
    /// A `.custom` setting, read with `parse` wherever it comes from, so that the command line
    /// and the file take the same values: a bad value on the command line is a usage error; a
    /// bad one in the file (`file`) is added to `problems` and the table's default is used.
    func custom<T>(_ setting: Setting, file: String, problems: inout [ConfigProblem],
                   _ parse: (String) -> T?) throws(UsageError) -> T? {
        let spec = setting.spec
        let rejection = SettingRejection(expected: spec.expectation)
        if let text = commandLine[setting]?.string {
            guard let parsed = parse(text) else {
                throw UsageError(rejection.commandLineMessage(flag: spec.flag ?? setting.rawValue, text: text))
            }
            return parsed
        }
        if let text = config[setting]?.string {
            if let parsed = parse(text) { return parsed }
            problems.append(ConfigProblem(file: file, key: spec.key ?? setting.rawValue,
                                          message: rejection.configMessage(found: JSONValue.quote(text))))
        }
        return spec.defaultValue?.string.flatMap(parse)
    }
}
