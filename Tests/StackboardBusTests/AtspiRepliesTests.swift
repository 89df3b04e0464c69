import StackboardCore
import Testing
@testable import StackboardBus

@Suite struct AtspiRepliesTests {
    func signal(_ interface: String, _ member: String, _ args: [BusValue], sender: String = ":1.7",
                path: String = "/org/a11y/atspi/accessible/3") -> BusSignal {
        BusSignal(sender: sender, path: path, interface: interface, member: member, arguments: args)
    }

    @Test func stateChangedFocusedGivesTheAccessibleAndTheDirection() {
        let args: [BusValue] = [.string("focused"), .int32(1), .int32(0), .variant(.int32(0)), .stringVariantDict([])]
        let change = Atspi.focusChange(signal("org.a11y.atspi.Event.Object", "StateChanged", args))
        #expect(change?.0 == AccessibleID(busName: ":1.7", path: "/org/a11y/atspi/accessible/3"))
        #expect(change?.1 == true)
        var lost = args; lost[1] = .int32(0)
        #expect(Atspi.focusChange(signal("org.a11y.atspi.Event.Object", "StateChanged", lost))?.1 == false)
        var other = args; other[0] = .string("showing")
        #expect(Atspi.focusChange(signal("org.a11y.atspi.Event.Object", "StateChanged", other)) == nil)
        #expect(Atspi.focusChange(signal("org.a11y.atspi.Event.Focus", "Focus", []))?.1 == true)
    }

    @Test func nameOwnerChangedTellsDepartedApplicationsAndARestartedRegistry() {
        let gone = signal("org.freedesktop.DBus", "NameOwnerChanged", [.string(":1.9"), .string(":1.9"), .string("")])
        #expect(Atspi.departedApplication(gone) == ":1.9")
        let came = signal("org.freedesktop.DBus", "NameOwnerChanged", [.string(":1.9"), .string(""), .string(":1.9")])
        #expect(Atspi.departedApplication(came) == nil)
        let registry = signal("org.freedesktop.DBus", "NameOwnerChanged",
                              [.string("org.a11y.atspi.Registry"), .string(""), .string(":1.2")])
        #expect(Atspi.registryRestarted(registry) && Atspi.departedApplication(registry) == nil)
    }

    @Test func theRegistryAnnouncesAJoiningApplicationAndAnApplicationsNewWindowIsNone() {
        let root = "/org/a11y/atspi/accessible/root"
        func added(_ sender: String, _ app: String, path: String = root, kind: String = "add") -> BusSignal {
            signal("org.a11y.atspi.Event.Object", "ChildrenChanged",
                   [.string(kind), .int32(2), .int32(0), .variant(.structure([.string(app), .objectPath(root)])),
                    .stringVariantDict([])], sender: sender, path: path)
        }
        #expect(Atspi.joinedApplication(added(":1.2", ":1.9")) == ":1.9")
        #expect(Atspi.joinedApplication(added(":1.9", ":1.9")) == nil) // the application's own new window
        #expect(Atspi.joinedApplication(added(":1.2", ":1.9", kind: "remove")) == nil)
        #expect(Atspi.joinedApplication(added(":1.2", ":1.9", path: "/org/a11y/atspi/accessible/5")) == nil)
        #expect(Atspi.focusChange(added(":1.2", ":1.9")) == nil)
        #expect(Atspi.matchRules.contains { $0.contains("member='ChildrenChanged',arg0='add'") && !$0.contains("sender=") })
    }

    @Test func theLauncherStartsWhenItsNameGetsAnOwnerAndANameNobodyOwnsIsNotRunning() {
        func owner(_ name: String, _ old: String, _ new: String) -> BusSignal {
            signal("org.freedesktop.DBus", "NameOwnerChanged", [.string(name), .string(old), .string(new)], sender: "org.freedesktop.DBus")
        }
        #expect(Atspi.launcherStarted(owner("org.a11y.Bus", "", ":1.4")))
        #expect(!Atspi.launcherStarted(owner("org.a11y.Bus", ":1.4", "")))
        #expect(!Atspi.launcherStarted(owner("org.a11y.atspi.Registry", "", ":1.4")))
        #expect(Atspi.launcherOwnerRule.contains("arg0='org.a11y.Bus'"))
        #expect(Atspi.notRunning(.remote(member: "GetAddress", name: "org.freedesktop.DBus.Error.NameHasNoOwner", message: "")))
        #expect(Atspi.notRunning(.remote(member: "GetAddress", name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "")))
        #expect(!Atspi.notRunning(.remote(member: "GetAddress", name: "org.freedesktop.DBus.Error.AccessDenied", message: "")))
        #expect(!Atspi.notRunning(.timedOut(member: "GetAddress", destination: "org.a11y.Bus")))
    }

    @Test func objectReferencesSkipTheNullOneAndTheFocusedMatchHasItsSignature() {
        let reply: [BusValue] = [.array(element: "(so)", [
            .structure([.string(":1.7"), .objectPath("/org/a11y/atspi/accessible/2")]),
            .structure([.string(":1.8"), .objectPath("/org/a11y/atspi/null")]),
        ])]
        #expect(Atspi.references(reply) == [AccessibleID(busName: ":1.7", path: "/org/a11y/atspi/accessible/2")])
        #expect(Atspi.references([.string("x")]).isEmpty)
        // at-spi2-atk answers GetMatches only for exactly this signature.
        #expect(busSignature(of: Atspi.focusedMatch) == "(aiia{ss}iaiiasib)uib")
    }

    @Test func repliesDecodeIntoFacts() {
        #expect(Atspi.role([.uint32(40)]) == .passwordText)
        #expect(Atspi.role([.int32(40)]) == nil)
        let states = Atspi.states([.array(element: "u", [.uint32(1 << 7 | 1 << 12), .uint32(0)])])
        #expect(states?.contains(.editable) == true && states?.contains(.focused) == true)
        let attrs = Atspi.attributes([.array(element: "{ss}", [.dictEntry(.string("text-input-type"), .string("tel"))])])
        #expect(attrs == ["text-input-type": "tel"])
        #expect(Atspi.rect([.structure([.int32(556), .int32(294), .int32(168), .int32(34)])])
                    == Rect(x: 556, y: 294, width: 168, height: 34))
        #expect(Atspi.rect([.structure([.int32(-1), .int32(-1), .int32(-1), .int32(-1)])]) == nil) // GTK: no place
        #expect(Atspi.rect([.structure([.int32(0), .int32(0), .int32(0), .int32(0)])]) == nil)     // Chromium: hidden
        #expect(Atspi.integer([.variant(.int32(5))]) == 5)
    }
}
