import Testing
@testable import StackboardCore

/// The keyboard's frame on its monitor, from --geometry, --dock and --scale.
@Suite struct KeyboardSizingTests {
    let right = Rect(x: 1280, y: 0, width: 1280, height: 800)

    @Test func byDefaultTheKeyboardSpansItsMonitorAlongTheBottom() {
        #expect(KeyboardSizing(geometry: nil, dock: nil, scale: 1).frame(on: right) == Rect(x: 1280, y: 533, width: 1280, height: 267))
        #expect(KeyboardSizing(geometry: nil, dock: .top, scale: 0.5).frame(on: right) == Rect(x: 1280, y: 0, width: 1280, height: 133))
    }

    @Test func geometryOffsetsCountFromTheMonitorsEdges() {
        let g = WindowGeometry(parsing: "600x200-10-20")
        #expect(KeyboardSizing(geometry: g, dock: nil, scale: 1).frame(on: right) == Rect(x: 1280 + 670, y: 580, width: 600, height: 200))
        let plain = WindowGeometry(parsing: "600x200")
        #expect(KeyboardSizing(geometry: plain, dock: .top, scale: 1).frame(on: right) == Rect(x: 1280 + 340, y: 0, width: 600, height: 200))
    }

    @Test func aFloatingKeyboardTooBigForItsMonitorIsScaledDownKeepingItsShape() {
        let g = WindowGeometry(parsing: "1600x400+100+100")
        let frame = KeyboardSizing(geometry: g, dock: nil, scale: 1).frame(on: right)
        #expect(frame.width == 1280 && frame.height == 320)
        #expect(frame.x == 1280 && frame.y == 100)
    }

    @Test func aDockTooWideForItsMonitorIsCutToIt() {
        let g = WindowGeometry(parsing: "1600x300")
        #expect(KeyboardSizing(geometry: g, dock: .bottom, scale: 1).frame(on: right) == Rect(x: 1280, y: 500, width: 1280, height: 300))
    }

    @Test func fittingScalesBothSidesByOneFactorAndThenKeepsTheFrameInside() {
        #expect(KeyboardSizing.fitting(Size(width: 1000, height: 300), in: Size(width: 800, height: 600)) == Size(width: 800, height: 240))
        #expect(KeyboardSizing.fitting(Size(width: 400, height: 900), in: Size(width: 800, height: 600)) == Size(width: 266, height: 600))
        #expect(KeyboardSizing.fitting(Size(width: 400, height: 300), in: Size(width: 800, height: 600)) == Size(width: 400, height: 300))
        #expect(KeyboardSizing.fit(Rect(x: 100, y: 450, width: 1000, height: 300), in: Size(width: 800, height: 600))
                == Rect(x: 0, y: 360, width: 800, height: 240))
        #expect(KeyboardSizing.fit(Rect(x: -50, y: 10, width: 100, height: 100), in: Size(width: 800, height: 600))
                == Rect(x: 0, y: 10, width: 100, height: 100))
    }
}
