/// The `--events` stream: one JSON object per line for each entry event, for host applications.
///
/// Every line has `"event"` (`EntryEvent.name`) and, except `cancel`, the field's `"length"` in
/// graphemes after the command. When the field is not secure it also has the field's text
/// (`"field"`) and the event's own details:
/// ```
/// {"event":"insert","text":"7","field":"127","length":3}
/// {"event":"delete","field":"12","length":2}
/// {"event":"clear","field":"","length":0}
/// {"event":"backspace-empty","field":"","length":0}
/// {"event":"reject","reason":"too-long","max":6,"field":"123456","length":6}
/// {"event":"reject","reason":"not-allowed","character":"a","field":"12","length":2}
/// {"event":"cursor","cursor":1,"field":"12","length":2}
/// {"event":"multiply","factor":1000,"field":"12000","length":5}
/// {"event":"morse","pending":".-","field":"ab","length":2}
/// {"event":"done","field":"127","length":3}
/// {"event":"cancel"}
/// ```
/// When secure there is no text at all: no `text`, `field`, `character` or `pending`, only
/// `length`, `cursor`, `factor`, `max`, `reason` and `pending-length`.
/// The field's text is the one after the whole command, when a command caused several events.
public enum EntryEventEncoder {
    /// One JSON object (without the newline) describing `event` of `session`; `secure` (or the
    /// session's own secure rule) leaves out every piece of text.
    public static func jsonLine(_ event: EntryEvent, session: EntrySession, secure: Bool) -> String {
        let hideText = secure || session.rules.secure
        var fields: [(String, String)] = [("event", quoted(event.name))]
        switch event {
        case .insert(let text):
            if !hideText { fields.append(("text", quoted(text))) }
        case .reject(let reason):
            fields.append(("reason", quoted(reason.code)))
            switch reason {
            case .tooLong(let max): fields.append(("max", String(max)))
            case .notAllowed(let character) where !hideText: fields.append(("character", quoted(String(character))))
            default: break
            }
        case .cursor:
            fields.append(("cursor", String(session.buffer.cursor)))
        case .multiply(let factor):
            fields.append(("factor", String(factor)))
        case .morse:
            if hideText {
                fields.append(("pending-length", String(session.pendingMorse.count)))
            } else {
                fields.append(("pending", quoted(session.pendingMorse)))
            }
        case .cancel:
            return object(fields)
        case .delete, .clear, .backspaceEmpty, .done:
            break
        }
        if !hideText { fields.append(("field", quoted(session.text))) }
        fields.append(("length", String(session.buffer.count)))
        return object(fields)
    }

    /// `string` as a JSON string literal (`JSONWriter.quoted`).
    public static func quoted(_ string: String) -> String { JSONWriter.quoted(string) }

    private static func object(_ fields: [(String, String)]) -> String {
        JSONWriter.object(fields.map { ($0.0, .raw($0.1)) })
    }
}
