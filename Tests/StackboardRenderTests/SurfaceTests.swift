import Foundation
import StackboardCore
import Testing
@testable import StackboardRender

@Suite struct SurfaceTests {
    @Test func badSizesAreErrorsThatSayTheLimits() {
        for (w, h) in [(0, 10), (10, -1), (40000, 10)] {
            #expect(throws: RenderError.self) { try ImageSurface(width: w, height: h) }
        }
        do {
            _ = try ImageSurface(width: 0, height: 5)
        } catch {
            #expect(error.message.contains("1 to 32767"))
        }
    }

    @Test func pngRoundTripKeepsThePixels() throws {
        let (image, ctx) = try Samples.canvas(Size(width: 64, height: 32))
        try KeyboardPainter(theme: Samples.shippedTheme("dark")).paintAll(ctx, geometry: Samples.geometry(Samples.digits, image.size), shifted: false)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stackboard-roundtrip-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        let back = try ImageSurface(contentsOfPNG: path)
        #expect(back.size == image.size)
        #expect(back.pixels() == image.pixels())
    }

    @Test func unwritableAndUnreadablePathsSayWhatToCheck() throws {
        let image = try ImageSurface(width: 4, height: 4)
        do {
            try image.writePNG(to: "/nonexistent-dir/x.png")
            Issue.record("writing into a missing directory succeeded")
        } catch {
            #expect(error.message.contains("/nonexistent-dir/x.png") && error.message.contains("writable"))
        }
        #expect(throws: RenderError.self) { try ImageSurface(contentsOfPNG: "/nonexistent-dir/x.png") }
    }

    @Test func similarSurfacesAndCopies() throws {
        let (image, ctx) = try Samples.canvas(Size(width: 20, height: 20))
        let back = try image.similar(width: 10, height: 10)
        let backCtx = try CairoContext(surface: back)
        backCtx.fill(Rect(x: 0, y: 0, width: 10, height: 10), with: Color(hex: 0x336699))
        ctx.fill(Rect(x: 0, y: 0, width: 20, height: 20), with: .white)
        ctx.copy(back, to: Point(x: 5, y: 5), clip: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(image.pixel(x: 7, y: 7) == 0xFF33_6699)
        #expect(image.pixel(x: 12, y: 12) == 0xFFFF_FFFF)   // outside the clip
        #expect(image.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        #expect(throws: RenderError.self) { try image.similar(width: 0, height: 3) }
    }
}
