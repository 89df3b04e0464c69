import Foundation
import StackboardCore
import Testing
@testable import StackboardRender

/// Compares rendered images with PNGs in Tests/StackboardRenderTests/Golden/.
///
/// A pixel differs when any channel differs by more than 16; an image fails when more than
/// 0.5% of its pixels differ. `STACKBOARD_RECORD_GOLDEN=1` writes the goldens instead.
/// On failure the actual image and a diff (differing pixels red) go to .build/golden-failures/.
enum Golden {
    static let channelTolerance: UInt32 = 16
    static let maxDifferingFraction = 0.005

    static var testsDirectory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent() }
    static var goldenDirectory: URL { testsDirectory.appendingPathComponent("Golden") }
    static var failureDirectory: URL {
        testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/golden-failures")
    }
    static var recording: Bool { ProcessInfo.processInfo.environment["STACKBOARD_RECORD_GOLDEN"] == "1" }

    /// Number of pixels of `a` and `b` (same size) that differ by more than the tolerance.
    static func differingPixels(_ a: [UInt32], _ b: [UInt32]) -> [Bool] {
        zip(a, b).map { p, q in
            for shift: UInt32 in [0, 8, 16, 24] {
                let x = (p >> shift) & 0xFF, y = (q >> shift) & 0xFF
                if (x > y ? x - y : y - x) > channelTolerance { return true }
            }
            return false
        }
    }

    static func check(_ image: ImageSurface, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = goldenDirectory.appendingPathComponent(name + ".png").path
        if recording {
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            try image.writePNG(to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            let text = "no golden image \(path); record it with STACKBOARD_RECORD_GOLDEN=1 swift test --filter StackboardRenderTests"
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
            return
        }
        let golden = try ImageSurface(contentsOfPNG: path)
        var message: String?
        var diff: [Bool] = []
        if golden.size != image.size {
            message = "size \(image.size) differs from the golden's \(golden.size)"
        } else {
            diff = differingPixels(image.pixels(), golden.pixels())
            let count = diff.filter { $0 }.count
            let fraction = Double(count) / Double(max(1, diff.count))
            if fraction > maxDifferingFraction {
                message = "\(count) of \(diff.count) pixels (\(String(format: "%.2f", fraction * 100))%) differ"
            }
        }
        guard let message else { return }
        try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let actualPath = failureDirectory.appendingPathComponent(name + ".actual.png").path
        try image.writePNG(to: actualPath)
        var written = "actual: \(actualPath)"
        if !diff.isEmpty {
            let diffPath = failureDirectory.appendingPathComponent(name + ".diff.png").path
            try diffImage(image, diff).writePNG(to: diffPath)
            written += ", diff: \(diffPath)"
        }
        let text = "golden '\(name)' does not match: \(message) (\(written)); if the change is intended, "
            + "re-record with STACKBOARD_RECORD_GOLDEN=1"
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    }

    /// The actual image dimmed, with differing pixels in red.
    static func diffImage(_ image: ImageSurface, _ diff: [Bool]) throws -> ImageSurface {
        let out = try ImageSurface(size: image.size)
        let ctx = try CairoContext(surface: out)
        ctx.copy(image)
        ctx.fillRect(RectD(Rect(size: image.size)), color: Color.white.withAlpha(0.7))
        for (i, differs) in diff.enumerated() where differs {
            ctx.fill(Rect(x: i % image.width, y: i / image.width, width: 1, height: 1), with: Color(hex: 0xFF0000))
        }
        return out
    }
}
