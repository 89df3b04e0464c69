import Foundation
import Testing

/// The checks of RealApplicationTests over the browsers as a kiosk runs them: Firefox ESR and
/// Chromium in kiosk mode on Tests/Fixtures/autoshow/fields.html, each with a fresh profile on its
/// own X session and buses, one after the other. Firefox gets no flag or variable that turns
/// accessibility on: it joins the accessibility bus because the keyboard sets
/// org.a11y.Status.IsEnabled. Chromium gets --force-renderer-accessibility, which it needs for the
/// contents of a page (without it, its window is on the bus but no field of the page is).
///
/// A browser takes seconds to start and each needs hundreds of megabytes: this suite runs only
/// with STACKBOARD_TEST_APPS=1, in `make test-apps` (which .ci/run runs after `make test`).
@Suite(.serialized,
       .enabled(if: ProcessInfo.processInfo.environment["STACKBOARD_TEST_APPS"] == "1",
                "the browsers run in make test-apps (STACKBOARD_TEST_APPS=1)"),
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "at-spi2-core is not installed (scripts/setup.sh installs it)"))
struct RealBrowserTests {
    @Test(arguments: [RealApp.Kind.firefox, .chromium].filter(\.isInstalled))
    func theKeyboardComesTapsArriveExactlyAndAPasswordIsNotLearned(_ kind: RealApp.Kind) throws {
        // The page is up, but the browser may tell the accessibility bus about it a little later.
        try RealApplicationTests.checkFields(of: kind, firstClick: 60)
    }
}
