import Testing
import Foundation

/// The control commands against a real running keyboard under Xvfb and openbox. Needs the
/// keyboard window (issue 3) with `ControlChannel` wired into its loop: it claims the channel at
/// start, carries out each command, and publishes its state and layout after every change.
@Suite(.enabled(if: RunningKeyboard.available, "waiting for the keyboard window ('stackboard keyboard' not built yet)"))
struct ControlKeyboardTests {
    @Test func showHideAndToggleMapTheWindowAndPublishTheState() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, [], until: "shown")
        for (command, state) in [("hide", "hidden"), ("toggle", "shown"), ("toggle", "hidden"), ("show", "shown"), ("show", "shown")] {
            let r = keyboard.stackboard([command])
            #expect(r.status == 0, "stackboard \(command): \(r.stderr)")
            try keyboard.waitForState(state)
        }
        keyboard.child.signal(SIGUSR1)
        try keyboard.waitForState("hidden")
        keyboard.child.signal(SIGUSR2)
        try keyboard.waitForState("shown")
        #expect(keyboard.child.poll() == nil, "the keyboard exited: \(keyboard.child.stderr)")
    }

    @Test func layoutCommandSwitchesTheLayoutAndAnUnknownOneIsRefused() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, ["--layout", "qwerty"], until: "shown")
        try keyboard.waitForLayout("qwerty")
        #expect(keyboard.stackboard(["layout", "numeric"]).status == 0)
        try keyboard.waitForLayout("numeric")
        // One the keyboard could not load is refused by the command, which says why (the keyboard
        // would only say it on its own stderr); the keyboard keeps its layout.
        let refused = keyboard.stackboard(["layout", "no-such-layout"])
        #expect(refused.status == 2 && refused.stderr.contains("no layout named \"no-such-layout\""), "\(refused.stderr)")
        #expect(keyboard.stackboard(["layout", "pin"]).status == 0)
        try keyboard.waitForLayout("pin")
        #expect(keyboard.child.poll() == nil, "the keyboard exited: \(keyboard.child.stderr)")
    }

    @Test func aSecondKeyboardShowsTheFirstAndExitsZero() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, [], until: "shown")
        #expect(keyboard.stackboard(["hide"]).status == 0)
        try keyboard.waitForState("hidden")
        let second = keyboard.stackboard([])
        #expect(second.status == 0)
        #expect(second.stderr.contains("a keyboard is already running on \(session.display)"))
        try keyboard.waitForState("shown")
        let windows = session.run("xdotool", ["search", "--name", "^Stackboard$"])
        #expect(windows.stdout.split(separator: "\n").count == 1, "\(windows.stdout)")
        #expect(keyboard.child.poll() == nil)
    }

    @Test func quitEndsTheKeyboardAndThenNoneIsRunning() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, [], until: "shown")
        #expect(keyboard.stackboard(["quit"]).status == 0)
        #expect(keyboard.child.wait(timeout: 10) == 0, "\(keyboard.child.stderr)")
        let after = keyboard.stackboard(["show"])
        #expect(after.status == 1)
        #expect(after.stderr.contains("no Stackboard keyboard is running"))
    }

    @Test(.enabled(if: RunningKeyboard.hasHiddenOption, "waiting for 'stackboard --hidden'"))
    func hiddenStartStaysHiddenUntilShown() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, ["--hidden"], until: "hidden")
        #expect(keyboard.geometry()?.viewable != true)
        #expect(keyboard.stackboard(["show"]).status == 0)
        try keyboard.waitForState("shown")
    }

    @Test func hidingReleasesALatchedModifier() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, ["--print", "--layout", "qwerty"], until: "shown")
        let isCtrl: ([String: Any]) -> Bool = { ($0["action"] as? String) == "ctrl" }
        let isC: ([String: Any]) -> Bool = { ($0["label"] as? String) == "c" }
        // Without hiding, a latched Ctrl applies to the next key...
        try keyboard.tap(isCtrl)
        try keyboard.tap(isC)
        #expect(try keyboard.printed(count: 1).last == "<ctrl+c>")
        // ...and hiding in between releases it.
        try keyboard.tap(isCtrl)
        #expect(keyboard.stackboard(["hide"]).status == 0)
        try keyboard.waitForState("hidden")
        #expect(keyboard.stackboard(["show"]).status == 0)
        try keyboard.waitForState("shown")
        try keyboard.tap(isC)
        #expect(try keyboard.printed(count: 2).last == "c")
    }

    @Test func aSecondKeyboardSwitchesTheRunningOneToItsLayoutOrLeavesItHidden() throws {
        let session = try XSession()
        let keyboard = try RunningKeyboard(session, ["--layout", "qwerty"], until: "shown")
        #expect(keyboard.stackboard(["hide"]).status == 0)
        try keyboard.waitForState("hidden")
        let quiet = keyboard.stackboard(["--hidden", "--layout", "phone"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stderr.contains("leaving it as it is"), "\(quiet.stderr)")
        try keyboard.waitForLayout("phone")
        try keyboard.waitForState("hidden")
        // A layout the second keyboard cannot load is its own usage error: the first is not told.
        let bad = keyboard.stackboard(["--layout", "no-such-layout"])
        #expect(bad.status == 2 && bad.stderr.contains("no-such-layout"), "\(bad.stderr)")
        let shown = keyboard.stackboard(["--layout", "numeric"])
        #expect(shown.status == 0, "\(shown.stderr)")
        try keyboard.waitForLayout("numeric")
        try keyboard.waitForState("shown")
        #expect(keyboard.child.poll() == nil, "the keyboard exited: \(keyboard.child.stderr)")
    }

    @Test func theNextLayoutKeyAndALayoutFileArePublishedAndTheHideKeyHides() throws {
        let session = try XSession()
        let file = try RunningKeyboard.writeLayout(in: session)
        let keyboard = try RunningKeyboard(session, ["--layouts", "\(file),numeric", "--geometry", "400x200+0-0"], until: "shown")
        try keyboard.waitForLayout("ctl")
        try keyboard.tap(layout: file) { ($0["action"] as? String) == "next-layout" }
        try keyboard.waitForLayout("numeric")
        #expect(keyboard.stackboard(["layout", file]).status == 0)
        try keyboard.waitForLayout("ctl")
        try keyboard.tap(layout: file) { ($0["action"] as? String) == "hide" }
        try keyboard.waitForState("hidden")
        #expect(keyboard.child.poll() == nil, "the keyboard exited: \(keyboard.child.stderr)")
    }

    @Test func sigusr1AndTheHideKeyReleaseALockedOrLatchedModifier() throws {
        let session = try XSession()
        let file = try RunningKeyboard.writeLayout(in: session)
        let keyboard = try RunningKeyboard(session, ["--print", "--layout", file, "--geometry", "400x200+0-0"], until: "shown")
        let isCtrl: ([String: Any]) -> Bool = { ($0["action"] as? String) == "ctrl" }
        let isC: ([String: Any]) -> Bool = { ($0["label"] as? String) == "c" }
        // Locked: it stays on for every key...
        try keyboard.tap(layout: file, isCtrl)
        try keyboard.tap(layout: file, isCtrl)
        try keyboard.tap(layout: file, isC)
        try keyboard.tap(layout: file, isC)
        #expect(try keyboard.printed(count: 2) == ["<ctrl+c>", "<ctrl+c>"])
        // ...until SIGUSR1 hides the keyboard.
        keyboard.child.signal(SIGUSR1)
        try keyboard.waitForState("hidden")
        keyboard.child.signal(SIGUSR2)
        try keyboard.waitForState("shown")
        try keyboard.tap(layout: file, isC)
        #expect(try keyboard.printed(count: 3).last == "c")
        // Latched, then the hide key.
        try keyboard.tap(layout: file, isCtrl)
        try keyboard.tap(layout: file) { ($0["action"] as? String) == "hide" }
        try keyboard.waitForState("hidden")
        #expect(keyboard.stackboard(["toggle"]).status == 0)
        try keyboard.waitForState("shown")
        try keyboard.tap(layout: file, isC)
        #expect(try keyboard.printed(count: 4).last == "c")
    }
}
