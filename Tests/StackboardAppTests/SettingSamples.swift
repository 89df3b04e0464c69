import StackboardCore

/// One value for a setting, as the command line writes it (nil when it cannot: a JSON string
/// where a number belongs) and as config.json writes it, and whether the setting takes it.
struct SettingSample: CustomStringConvertible {
    var cli: String?
    var json: String
    var valid: Bool
    var description: String { "\(cli ?? "-") / \(json) (\(valid ? "valid" : "invalid"))" }
}

/// Values at and just outside each kind's limits, and values of the wrong type.
enum SettingSamples {
    /// The samples for `spec`, from its kind.
    static func of(_ spec: SettingSpec) -> [SettingSample] {
        func both(_ text: String, _ valid: Bool) -> SettingSample { SettingSample(cli: text, json: text, valid: valid) }
        func string(_ text: String, _ valid: Bool) -> SettingSample { SettingSample(cli: text, json: quoted(text), valid: valid) }
        func fileOnly(_ json: String) -> SettingSample { SettingSample(cli: nil, json: json, valid: false) }
        switch spec.kind {
        case .bool:
            return []
        case .int(let range, let off):
            let lo = range.lowerBound, hi = range.upperBound
            var out = [both("\(lo)", true), both("\(hi)", true), both("\((lo + hi) / 2)", true),
                       both("\(hi).0", true), both("\(lo)e0", true),
                       both("\(hi + 1)", false), both("\(lo).5", false), both("1e999", false),
                       string("many", false), both("true", false), string("", false),
                       fileOnly(quoted("\(lo)")), fileOnly("null"), fileOnly("[\(lo)]")]
            if let off { out.append(both("\(off)", true)) }
            if lo - 1 != off { out.append(both("\(lo - 1)", false)) }
            return out
        case .double(let range):
            let lo = range.lowerBound, hi = range.upperBound
            return [both(SettingValue.format(lo), true), both(SettingValue.format(hi), true),
                    both(SettingValue.format((lo + hi) / 2), true), both("\(hi)e0", true),
                    both(SettingValue.format(lo - 0.01), false), both(SettingValue.format(hi + 0.01), false),
                    both("1e999", false), both("-1", false), string("big", false), both("true", false),
                    string("", false), fileOnly(quoted(SettingValue.format(hi))), fileOnly("null")]
        case .choice(let names):
            var out = names.map { string($0, true) }
            let first = names.first ?? "x"
            out += [string(first + "x", false), string("", false), string(" \(first)", false), both("5", false),
                    fileOnly("[\(quoted(first))]"), fileOnly("null")]
            if first.uppercased() != first { out.append(string(first.uppercased(), false)) }
            return out
        case .names(let choices):
            let a = choices?.first ?? "qwerty", b = choices?.dropFirst().first ?? "numeric"
            return [SettingSample(cli: a, json: "[\(quoted(a))]", valid: true),
                    SettingSample(cli: "\(a),\(b)", json: "[\(quoted(a)), \(quoted(b))]", valid: true),
                    SettingSample(cli: " \(a) , \(b)", json: "[\(quoted(" \(a) ")), \(quoted(" \(b)"))]", valid: true),
                    SettingSample(cli: "", json: "[]", valid: false),
                    SettingSample(cli: "\(a),,\(b)", json: "[\(quoted(a)), \"\", \(quoted(b))]", valid: false),
                    SettingSample(cli: ",\(a)", json: "[\"\", \(quoted(a))]", valid: false),
                    SettingSample(cli: " ", json: "[\" \"]", valid: false),
                    fileOnly(quoted(a)), fileOnly("[1]"), fileOnly("[\(quoted("\(a),\(b)"))]")]
                + (choices == nil ? [] : [SettingSample(cli: "\(a),nope", json: "[\(quoted(a)), \"nope\"]", valid: false)])
        case .name where spec.key == "theme":
            // A theme must load: a shipped one (the build tree's), or nothing.
            return [string("light", true), string("dark", true), string("high-contrast", true), string("purple", false),
                    string("Dark", false), string("/nonexistent/t.json", false), string("", false), string("  ", false),
                    fileOnly("5"), fileOnly("[]"), fileOnly("null")]
        case .name, .text:
            let valid = spec.kind == .text
            return [string("default", true), string("plughw:0", true), string(" x ", true),
                    string("", valid), string("  ", valid), fileOnly("5"), fileOnly("[]"), fileOnly("null")]
        case .custom where spec.key == "monitor":
            // The monitor: primary, focus or a RandR name (no blanks or control characters).
            return [string("primary", true), string("focus", true), string("HDMI-1", true), string("DP-2-1", true),
                    string("HDMI 1", false), string("\tDP-1", false), string("", false), string("  ", false),
                    fileOnly("1"), fileOnly("null")]
        case .custom:
            // The scan switch: a mouse button or an X keysym name.
            return [string("button1", true), string("button9", true), string("F12", true), string("space", true),
                    string("button0", false), string("button10", false), string("no key", false),
                    string("", false), string("  ", false), fileOnly("1"), fileOnly("null")]
        case .geometry:
            return [string("800x300", true), string("800x300+0+500", true), string("800x300-0-0", true),
                    string("1x1+0+0", true), string("big", false), string("0x10", false), string("800x300+1", false),
                    string("800x300+1+2+3", false), string("", false), fileOnly("800"), fileOnly("null")]
        case .size(let max):
            return [string("1x1", true), string("\(max)x\(max)", true), string("1280x400", true),
                    string("0x10", false), string("\(max + 1)x10", false), string("10x\(max + 1)", false),
                    string("big", false), string("12by3", false), string("", false), fileOnly("1280"), fileOnly("null")]
        }
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String { JSONValue.quote(text) }

    /// A config file that sets the dotted `key` to `json`: `{"sound": {"volume": 60}}`.
    static func file(key: String, json: String) -> String {
        key.split(separator: ".").reversed().reduce(json) { inner, part in "{\(quoted(String(part))): \(inner)}" }
    }
}
