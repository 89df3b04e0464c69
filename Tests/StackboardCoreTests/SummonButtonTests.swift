import Testing
@testable import StackboardCore

/// The summon button's pure parts: a tap against a drag, the button kept on its monitor, its
/// place remembered per monitor (and the file that holds it), and its round shape.
@Suite struct SummonButtonTests {
    let monitor = Rect(x: 0, y: 0, width: 1280, height: 800)
    let button = Rect(x: 1000, y: 700, width: 56, height: 56)

    @Test func aPressWithoutMovementIsATap() {
        var g = SummonGesture(slop: 8)
        g.press(at: Point(x: 1020, y: 720), frame: button, bounds: monitor)
        let r1 = g.move(to: Point(x: 1025, y: 714))
        #expect(r1 == nil) // within the slop: still a tap
        let r2 = g.release(at: Point(x: 1027, y: 713))
        #expect(r2 == .tap)
        #expect(!g.isPressed)
    }

    @Test func aDragMovesTheButtonAndEndsWhereItIsLetGo() {
        var g = SummonGesture(slop: 8)
        g.press(at: Point(x: 1020, y: 720), frame: button, bounds: monitor)
        let r3 = g.move(to: Point(x: 1000, y: 720))
        #expect(r3 == Rect(x: 980, y: 700, width: 56, height: 56))
        // Back within the slop of the start: a drag stays a drag.
        let r4 = g.move(to: Point(x: 1021, y: 720))
        #expect(r4 == Rect(x: 1001, y: 700, width: 56, height: 56))
        let r5 = g.release(at: Point(x: 520, y: 320))
        #expect(r5 == .moved(Rect(x: 500, y: 300, width: 56, height: 56)))
    }

    @Test func aDragNeverTakesTheButtonOutOfItsBounds() {
        var g = SummonGesture()
        let right = Rect(x: 1280, y: 0, width: 1024, height: 768) // bounds: a monitor to the right
        g.press(at: Point(x: 1300, y: 20), frame: Rect(x: 1290, y: 10, width: 56, height: 56), bounds: right)
        let r6 = g.move(to: Point(x: 100, y: -400))
        #expect(r6 == Rect(x: 1280, y: 0, width: 56, height: 56))
        let r7 = g.release(at: Point(x: 5000, y: 5000))
        #expect(r7 == .moved(Rect(x: 2248, y: 712, width: 56, height: 56)))
    }

    @Test func aReleaseWithoutAPressOrAfterACancelDoesNothing() {
        var g = SummonGesture()
        let r8 = g.release(at: Point(x: 1, y: 1))
        #expect(r8 == .none)
        g.press(at: Point(x: 1020, y: 720), frame: button, bounds: monitor)
        g.cancel()
        let r9 = g.move(to: Point(x: 10, y: 10))
        #expect(r9 == nil)
        let r10 = g.release(at: Point(x: 10, y: 10))
        #expect(r10 == .none)
    }

    @Test func theDefaultPlaceIsNearTheBottomRightOfEachMonitor() {
        let places = SummonPlaces()
        let left = Monitor(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let right = Monitor(name: "HDMI-1", frame: Rect(x: 1280, y: 100, width: 1920, height: 1080))
        #expect(places.frame(on: left, diameter: 56, margin: 16) == Rect(x: 1208, y: 728, width: 56, height: 56))
        #expect(places.frame(on: right, diameter: 56, margin: 16) == Rect(x: 3128, y: 1108, width: 56, height: 56))
    }

    @Test func aPlaceIsRememberedPerMonitorAndFollowsTheMonitorWhenItMoves() {
        var places = SummonPlaces()
        let hdmi = Monitor(name: "HDMI-1", frame: Rect(x: 1280, y: 0, width: 1920, height: 1080))
        let dp = Monitor(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 800))
        let first = places.remember(Rect(x: 1300, y: 40, width: 56, height: 56), on: hdmi)
        let again = places.remember(Rect(x: 1300, y: 40, width: 56, height: 56), on: hdmi)
        #expect(first && !again) // the second time is nothing new
        #expect(places.frame(on: hdmi, diameter: 56, margin: 16) == Rect(x: 1300, y: 40, width: 56, height: 56))
        #expect(places.frame(on: dp, diameter: 56, margin: 16) == Rect(x: 1208, y: 728, width: 56, height: 56))
        // The same monitor, now left of the other: the same spot on it.
        let moved = Monitor(name: "HDMI-1", frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(places.frame(on: moved, diameter: 56, margin: 16) == Rect(x: 20, y: 40, width: 56, height: 56))
        // The same name at another size is another place (a different screen or mode).
        let smaller = Monitor(name: "HDMI-1", frame: Rect(x: 0, y: 0, width: 1024, height: 768))
        #expect(places.frame(on: smaller, diameter: 56, margin: 16) == Rect(x: 952, y: 696, width: 56, height: 56))
    }

    @Test func aPlaceOffItsMonitorIsBroughtBackOnIt() throws {
        let text = "{\"version\":1,\"buttons\":[{\"monitor\":\"screen\",\"size\":\"800x600\",\"x\":5000,\"y\":-30}]}"
        let places = try SummonPlaces.decode(Array(text.utf8), file: "s.json")
        let screen = Monitor(name: "screen", frame: Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(places.frame(on: screen, diameter: 56, margin: 16) == Rect(x: 744, y: 0, width: 56, height: 56))
        // A button bigger than a tiny monitor is cut to it.
        let tiny = Monitor(name: "tiny", frame: Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(places.frame(on: tiny, diameter: 56, margin: 16) == Rect(x: 0, y: 0, width: 30, height: 30))
    }

    @Test func placesRoundTripThroughTheFile() throws {
        var places = SummonPlaces()
        _ = places.remember(Rect(x: 1300, y: 40, width: 56, height: 56), on: Monitor(name: "HDMI-1", frame: Rect(x: 1280, y: 0, width: 1920, height: 1080)))
        _ = places.remember(Rect(x: 3, y: 4, width: 56, height: 56), on: Monitor(name: "screen", frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        #expect(try SummonPlaces.decode(Array(places.encoded().utf8), file: "s.json") == places)
    }

    @Test(arguments: ["", "{", "[]", "{\"version\":2,\"buttons\":[]}", "{\"version\":1}",
                      "{\"version\":1,\"buttons\":[{\"monitor\":\"\",\"size\":\"9x9\",\"x\":0,\"y\":0}]}",
                      "{\"version\":1,\"buttons\":[{\"monitor\":\"a\",\"size\":\"big\",\"x\":0,\"y\":0}]}",
                      "{\"version\":1,\"buttons\":[{\"monitor\":\"a\",\"size\":\"9x9\",\"x\":0.5,\"y\":0}]}",
                      "{\"version\":1,\"buttons\":[{\"monitor\":\"a\",\"size\":\"9x9\",\"x\":0}]}"])
    func aDamagedFileIsAnErrorThatSaysWhatToDo(text: String) {
        #expect(throws: SummonPlacesError.self) { try SummonPlaces.decode(Array(text.utf8), file: "s.json") }
        let error = SummonPlacesError(file: "s.json", message: "x")
        #expect(error.description.contains("s.json") && error.description.contains("written again"))
    }

    @Test(arguments: [1, 2, 7, 56, 57, 112])
    func theShapeIsADiscOneSpanPerRow(diameter: Int) {
        let spans = SummonShape.spans(diameter: diameter)
        #expect(spans.count == diameter)
        let mid = diameter / 2
        #expect(spans[mid].x == 0 || diameter < 4)
        #expect(spans[mid].width == diameter || diameter < 4)
        for (y, span) in spans.enumerated() {
            #expect(span.y == y && span.height == 1)
            #expect(span.x >= 0 && span.maxX <= diameter && span.width >= 1)
            // Symmetric left to right, and top to bottom.
            #expect(span.x == diameter - span.maxX)
            #expect(span == Rect(x: spans[diameter - 1 - y].x, y: y, width: spans[diameter - 1 - y].width, height: 1))
        }
        if diameter >= 8 { #expect(spans[0].width < diameter / 2) } // the corners are cut away
    }
}
