/// The version printed by `stackboard --version`.
public let stackboardVersion = "0.1.0"
