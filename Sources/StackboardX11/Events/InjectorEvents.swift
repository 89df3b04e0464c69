/// The injector as a component of the pump: it sees every event first and uses up the keymap
/// news that nobody else needs (`Injector.handle(xEvent:)`).
public final class InjectorEvents: XEventHandler {
    private let injector: Injector

    /// The pump's side of `injector`.
    public init(_ injector: Injector) { self.injector = injector }

    /// Every event: the injector sorts them itself.
    public var routes: [XEventRoute] { [.every] }

    /// Hands the event to the injector; it makes no typed events.
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        injector.handle(xEvent: event.pointer)
    }
}
