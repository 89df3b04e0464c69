import StackboardBus
import StackboardCore
import StackboardSystem

/// The keyboard for screen readers and magnifiers: the AT-SPI service (`AccessibleService`) as
/// the loop's last source, so that after each turn (the keys sent, the bar's words made, the
/// window painted) what the keyboard shows is handed over once, and the tree and its events
/// follow it. Idle, and never asked anything, until accessibility is on; a screen reader's press
/// of a key is a tap of it.
final class KeyboardAccessibility: LoopSource {
    let service: AccessibleService
    weak var controller: KeyboardController?
    /// The window's frame on the screen (a round trip), read when it may have moved.
    private let rootFrame: () -> Rect?
    /// The window's origin on the screen as last read (nil: to be read again).
    private var origin: Point?
    /// What was handed over last time (its size and visibility: a change reads the origin again).
    private var last: (size: Size, shown: Bool)?

    /// The pointer a screen reader's press uses (no real pointer has a negative number).
    static let pressPointer = -2

    init(environment: [String: String], locale: String, rootFrame: @escaping () -> Rect?) {
        service = AccessibleService(options: .init(environment: environment, version: stackboardVersion, locale: locale))
        self.rootFrame = rootFrame
    }

    /// The window was moved or resized by someone: its origin is read again.
    func windowConfigured() { origin = nil }

    var pollRequests: [PollRequest] { service.pollInterests }
    var nextDeadline: Double? { service.nextDeadline }

    func dispatch(now: Double) {
        for event in service.service(now: now) {
            switch event {
            case .press(let index): press(index, now: now)
            case .notice(let line): printError("stackboard: " + line)
            }
        }
        guard service.wantsKeyboard, let controller else { return }
        let runtime = controller.runtime, state = runtime.state
        let size = state.geometry.size, shown = controller.visible
        if let last, last.size != size || last.shown != shown { origin = nil }
        last = (size, shown)
        if origin == nil, let frame = rootFrame() { origin = Point(x: frame.x, y: frame.y) }
        service.update(AccessibleKeyboard.make(
            layer: state.layout.name + "/" + state.layerName, layoutName: state.layout.name, geometry: runtime.placedGeometry,
            origin: origin ?? Point(x: 0, y: 0), shown: shown,
            label: { index in
                if case .suggestion(let slot) = state.geometry.keys[index].key.action { return runtime.slotLabel(slot) }
                return state.displayLabel(ofKey: index)
            },
            checked: { index in
                let visual = state.visual(ofKey: index)
                return visual.latched || visual.locked
            }))
    }

    /// A screen reader pressed key `index`: a tap in its middle, as a pointer's, then the paint.
    private func press(_ index: Int, now: Double) {
        guard let controller, controller.visible, controller.runtime.state.geometry.keys.indices.contains(index) else { return }
        let f = controller.runtime.placedGeometry.keys[index].frame
        let middle = Point(x: f.x + f.width / 2, y: f.y + f.height / 2)
        controller.handle(.input(.press(pointer: Self.pressPointer, at: middle)), now: now)
        controller.handle(.input(.release(pointer: Self.pressPointer, at: middle)), now: now)
        controller.runtime.repaint(now: now)
    }
}
