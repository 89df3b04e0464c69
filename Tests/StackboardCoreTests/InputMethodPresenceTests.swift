import StackboardCore
import Testing

/// What tells the keyboard a desktop input method may be at work.
@Suite struct InputMethodPresenceTests {
    @Test(arguments: [
        (["GTK_IM_MODULE": "ibus"], ["GTK_IM_MODULE=ibus"]),
        (["QT_IM_MODULE": "fcitx"], ["QT_IM_MODULE=fcitx"]),
        (["XMODIFIERS": "@im=fcitx"], ["XMODIFIERS=@im=fcitx"]),
        (["XMODIFIERS": "@locale=de@im=ibus"], ["XMODIFIERS=@im=ibus"]),
        (["GTK_IM_MODULE": "gtk-im-context-simple", "XMODIFIERS": "@im=none"], []),
        (["GTK_IM_MODULE": " simple ", "QT_IM_MODULE": ""], []),
        ([:], []),
    ])
    func theEnvironmentNamesAModule(environment: [String: String], signs: [String]) {
        let presence = InputMethodPresence(environment: environment, ximServers: [])
        #expect(presence.signs == signs)
        #expect(presence.present == !signs.isEmpty)
    }

    @Test func theDisplayAnnouncesAnXIMServer() {
        #expect(InputMethodPresence(environment: [:], ximServers: ["@server=ibus"]).signs == ["XIM_SERVERS @server=ibus"])
        #expect(!InputMethodPresence(environment: [:], ximServers: ["@server=", "SOMETHING"]).present)
    }
}
