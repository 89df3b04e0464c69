import Testing
@testable import StackboardBus

@Suite struct BusValueTests {
    @Test func signaturesFollowTheValues() {
        #expect(BusValue.string("a").signature == "s")
        #expect(BusValue.stringVariantDict([("Visible", .boolean(true))]).signature == "a{sv}")
        #expect(BusValue.structure([.int32(1), .int32(2), .int32(3), .int32(4)]).signature == "(iiii)")
        #expect(BusValue.strings([]).signature == "as")
        #expect(busSignature(of: [.string("x"), .array(element: "s", []), .string("")]) == "sass")
    }

    @Test func readersSeeThroughVariants() {
        #expect(BusValue.variant(.variant(.int32(-3))).integer == -3)
        #expect(BusValue.variant(.boolean(true)).bool == true)
        #expect(BusValue.objectPath("/a").string == "/a")
        let dict = BusValue.array(element: "{ss}", [.dictEntry(.string("toolkit"), .string("gtk"))])
        #expect(dict.stringDictionary?["toolkit"]?.string == "gtk")
        #expect(BusValue.uint64(.max).integer == nil)
        #expect(BusValue.int32(1).stringDictionary == nil)
    }

    @Test func introspectionListsMethodsPropertiesAndTheStandardInterfaces() {
        let xml = BusInterface.introspection(of: [ControlService.stackboardInterface])
        #expect(xml.contains("<interface name=\"org.stackboard.Keyboard\">"))
        #expect(xml.contains("<method name=\"SetLayout\">\n   <arg name=\"name\" type=\"s\" direction=\"in\"/>"))
        #expect(xml.contains("<property name=\"Visible\" type=\"b\" access=\"read\">"))
        #expect(xml.contains("<interface name=\"org.freedesktop.DBus.Properties\">"))
        #expect(xml.contains("<signal name=\"PropertiesChanged\">"))
        #expect(xml.hasPrefix("<!DOCTYPE node"))
    }

    @Test func onboardsInterfaceHasItsThreeMethodsAndProperties() {
        let i = ControlService.onboardInterface
        #expect(i.name == "org.onboard.Onboard.Keyboard")
        #expect(i.methods.map(\.name) == ["Show", "Hide", "ToggleVisible"])
        #expect(i.property("Visible")?.writable == false)
        #expect(i.property("AutoShowPaused")?.writable == true)
    }

    @Test func theSessionBusAddressComesFromTheEnvironment() {
        #expect(SessionBusAddress.resolve(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]) == "unix:path=/x")
        #expect(SessionBusAddress.resolve(environment: ["XDG_RUNTIME_DIR": "/nonexistent-stackboard"]) == nil)
        #expect(SessionBusAddress.resolve(environment: [:]) == nil)
    }

    @Test func errorsSayWhatToDo() {
        #expect(BusError.noSessionBus.description.contains("dbus-run-session"))
        #expect(BusError.timedOut(member: "GetRole", destination: ":1.4").description.contains("hung"))
        #expect(BusError.cannotConnect(bus: "session bus", address: "unix:path=/x", code: 2).description
                    .contains("is its daemon running"))
    }
}
