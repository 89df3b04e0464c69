/// One setting as a control of the settings panel writes it: `value` in config.json, or the key
/// taken out of it (nil: back to the default).
public struct SettingEdit: Equatable, Hashable, Sendable {
    /// The setting (its `spec.key` is where it goes in the file).
    public var setting: Setting
    /// The value to write; nil removes the key.
    public var value: SettingValue?

    /// `setting` set to `value` (nil: removed).
    public init(_ setting: Setting, _ value: SettingValue?) {
        self.setting = setting
        self.value = value
    }
}

/// What a control of the settings panel asks for (the action of its key, `Action.setting`).
/// The keyboard state hands it on as `Effect.settings`; the host writes and applies it.
public enum SettingsCommand: Equatable, Hashable, Sendable {
    /// Write these settings to config.json and apply them to the running keyboard.
    case change([SettingEdit])
    /// Forget every word the suggestions learned (after the panel asked to be sure).
    case forgetLearned
    /// A digit of the PIN that guards the panel.
    case pinDigit(Int)
    /// Start the PIN again.
    case pinClear
}
