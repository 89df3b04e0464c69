import CX11
import StackboardCore

/// One X event in the queue being read (an `XEvent *`), as the application's router passes it
/// to the components that may want it (the injector, the control channel, touch, entry input).
public typealias XEventPointer = UnsafeMutablePointer<XEvent>
