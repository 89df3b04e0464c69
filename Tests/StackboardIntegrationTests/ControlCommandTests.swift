import Testing
import Foundation
import StackboardX11

/// `stackboard show|hide|toggle|layout|status|quit` as processes, against a control channel
/// claimed in the test process (the keyboard's part): exit statuses, messages, delivery.
@Suite struct ControlCommandTests {
    @Test func commandsReachTheRunningKeyboard() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        try host.claim()
        for word in ["show", "hide", "toggle", "quit"] {
            let r = session.run(Tools.stackboard, [word])
            #expect(r.status == 0, "stackboard \(word): \(r.stderr)")
            #expect(r.stdout.isEmpty && r.stderr.isEmpty)
        }
        let r = session.run(Tools.stackboard, ["layout", "numeric", "--display", session.display])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(host.commands(count: 5) == [.show, .hide, .toggle, .quit, .layout("numeric")])
    }

    @Test func aLayoutFileIsSentAsAnAbsolutePathAndMustExist() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        try host.claim()
        let file = session.dir + "/mine.json"
        try String(contentsOfFile: Tools.repoRoot + "/Resources/layouts/pin.json", encoding: .utf8)
            .write(toFile: file, atomically: true, encoding: .utf8)
        let ok = session.run(Tools.stackboard, ["layout", file])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(host.commands(count: 1) == [.layout(file)])

        let missing = session.run(Tools.stackboard, ["layout", session.dir + "/nope.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read the layout file"))

        // A layout the keyboard could not load is refused here with the reason, and not sent.
        let broken = session.dir + "/broken.json"
        try "{}".write(toFile: broken, atomically: true, encoding: .utf8)
        for args in [["layout", broken], ["layout", "nosuch"], ["layout", "xkb:zz"]] {
            let r = session.run(Tools.stackboard, args)
            #expect(r.status == 2, "stackboard \(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("stackboard: ") && r.stderr.count > 30, "stackboard \(args): \(r.stderr)")
        }
        #expect(session.run(Tools.stackboard, ["layout", "nosuch"]).stderr.contains("no layout named \"nosuch\""))
        // `xkb` is the keyboard's display's own: sent as it is, whatever this process's DISPLAY.
        let xkb = session.run(Tools.stackboard, ["layout", "xkb", "--display", session.display], env: ["DISPLAY": ""])
        #expect(xkb.status == 0, "\(xkb.stderr)")
        #expect(host.commands(count: 1) == [.layout("xkb")])
        // The next command to arrive is the next good one: none of the refused ones was sent.
        #expect(session.run(Tools.stackboard, ["layout", "numeric"]).status == 0)
        #expect(host.commands(count: 1) == [.layout("numeric")], "a refused layout was sent")
    }

    @Test func statusPrintsWhatTheKeyboardPublished() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        try host.claim()
        #expect(session.run(Tools.stackboard, ["status"]).stdout == "running\n")
        let channel = try #require(host.channel)
        channel.publish(state: "hidden")
        channel.publish(layout: "phone")
        let state = session.run(Tools.stackboard, ["status"])
        #expect(state.status == 0)
        #expect(state.stdout == "hidden\n")
        #expect(session.run(Tools.stackboard, ["status", "--layout"]).stdout == "phone\n")
    }

    @Test func withNoKeyboardEveryCommandExitsOne() throws {
        let session = try XSession(wm: .none)
        for args in [["show"], ["hide"], ["toggle"], ["layout", "qwerty"], ["status"], ["quit"]] {
            let r = session.run(Tools.stackboard, args)
            #expect(r.status == 1, "stackboard \(args)")
            #expect(r.stderr == "stackboard: no Stackboard keyboard is running on \(session.display); "
                    + "start one with 'stackboard' (or 'stackboard --hidden')\n")
            #expect(r.stdout.isEmpty)
        }
        let noServer = session.run(Tools.stackboard, ["show"], env: ["DISPLAY": ":987"])
        #expect(noServer.status == 1)
        #expect(noServer.stderr.contains("cannot open display ':987'"))
    }

    @Test func usageErrorsExitTwo() throws {
        let session = try XSession(wm: .none)
        let cases: [([String], String)] = [
            (["show", "now"], "takes no arguments"),
            (["layout"], "needs a layout name"),
            (["layout", "a", "b"], "takes one layout name"),
            (["toggle", "--dispaly", ":1"], "Did you mean '--display'?"),
            (["status", "--display"], "needs a value"),
        ]
        for (args, message) in cases {
            let r = session.run(Tools.stackboard, args)
            #expect(r.status == 2, "stackboard \(args)")
            #expect(r.stderr.contains(message), "stackboard \(args): \(r.stderr)")
        }
        let help = session.run(Tools.stackboard, ["toggle", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: stackboard toggle"))
    }
}
