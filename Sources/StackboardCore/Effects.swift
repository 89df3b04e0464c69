/// Which kind of click to play.
public enum ClickKind: String, CaseIterable, Hashable, Sendable {
    /// A character key.
    case character
    /// Backspace, delete, clear.
    case delete
    /// Return or done.
    case returnKey = "return"
    /// Shift, ctrl, layer switches and other function keys.
    case modifier
    /// Input the field rules refused (entry mode).
    case error
}

/// One pointer (the mouse, or one finger of a touch screen) doing something.
public enum InputEvent: Equatable, Hashable, Sendable {
    /// A pointer went down at a point in window pixels.
    case press(pointer: Int, at: Point)
    /// A pointer that is down moved.
    case move(pointer: Int, to: Point)
    /// A pointer went up.
    case release(pointer: Int, at: Point)
    /// The pointer's gesture was taken away (touch cancelled, window hidden): nothing fires.
    case cancel(pointer: Int)
    /// A pointer with no button down moved to a point in window pixels (drives dwell).
    case hover(pointer: Int, at: Point)
    /// The hovering pointer left the window (cancels dwell; pressed pointers are unaffected).
    case leave
    /// Switch scanning picked the key at this index of the current layer: it fires as a tap would.
    case pick(key: Int)
    /// Switch scanning picked this option of the open alternates popup.
    case pickOption(Int)
}

/// A command for the entry field's text buffer.
public enum BufferCommand: Equatable, Hashable, Sendable {
    /// Insert text at the cursor (replacing the selection).
    case insert(String)
    /// Delete the grapheme before the cursor.
    case deleteBackward
    /// Delete the grapheme after the cursor.
    case deleteForward
    /// Empty the field.
    case clear
    /// Move the cursor one grapheme left.
    case moveLeft
    /// Move the cursor one grapheme right.
    case moveRight
    /// Move the cursor to the start.
    case moveToStart
    /// Move the cursor to the end.
    case moveToEnd
    /// Multiply the field's number by the factor.
    case multiply(Int)
    /// Add a Morse dot to the pending letter.
    case morseDot
    /// Add a Morse dash to the pending letter.
    case morseDash
    /// End the pending Morse letter (decode it).
    case morseGap
}

/// What the shell must do after the state machine handled an event.
public enum Effect: Equatable, Hashable, Sendable {
    /// Typing mode: type this text into the focused application with these modifiers held.
    case type(String, modifiers: Set<Modifier>)
    /// Typing mode: send this named key with these modifiers held.
    case key(NamedKey, modifiers: Set<Modifier>)
    /// Entry mode: edit the field.
    case edit(BufferCommand)
    /// Entry mode: the user accepted the field.
    case done
    /// Entry mode: the user cancelled.
    case cancel
    /// Play a click.
    case click(ClickKind)
    /// Repaint these keys (indices into the current layer's keys).
    case redraw([Int])
    /// Repaint every key (layer or shift state changed).
    case redrawAll
    /// Show the long-press alternates of the key at `keyIndex`.
    case showAlternates(keyIndex: Int)
    /// Hide the alternates popup.
    case hideAlternates
    /// Repaint the open alternates popup (its highlighted option or its frames changed).
    case redrawAlternates
    /// Hide the keyboard.
    case hide
    /// Choose what the next dwell click outside the keyboard does.
    case chooseClick(ClickType)
    /// Switch to the next layout.
    case nextLayout
    /// The word in slot `n` of the suggestion bar was tapped.
    case acceptSuggestion(Int)
    /// Show the layout of that name.
    case showLayout(String)
    /// A key opens a layer that the layout does not have yet: the host may add it and show it
    /// (the keyboard makes its emoji panel on the first ☺, not at start).
    case openLayer(String)
    /// Show the enlarged label of the pressed key at `keyIndex` above it (`KeyboardState.preview`).
    case showPreview(keyIndex: Int)
    /// Hide the key preview.
    case hidePreview
    /// Pointer `pointer`, which went down at `from` and is now at `to` (window pixels), drags the
    /// window from here on: its later events are the host's (the state has let go of it).
    case dragWindow(pointer: Int, kind: WindowDragKind, from: Point, to: Point)
    /// The grip was double-tapped: dock a floating keyboard, or undock a docked one.
    case toggleDock
    /// A swipe ended: decode its path into a word and type it.
    case swipe(SwipeGesture)
    /// Repaint the trails of the swipes in progress (`KeyboardState.swipeTrails`).
    case redrawTrail
    /// Open the settings panel (the host knows whether it may: a lock, a PIN, a plug).
    case openSettings
    /// A control of the settings panel was picked: write the change and apply it.
    case settings(SettingsCommand)
}
