/// An sRGB colour with alpha, each channel from 0 to 1.
public struct Color: Equatable, Hashable, Sendable {
    /// Red, 0 to 1.
    public var red: Double
    /// Green, 0 to 1.
    public var green: Double
    /// Blue, 0 to 1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// A colour from channels in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from `0xRRGGBB` and an opacity.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// Opaque black.
    public static let black = Color(hex: 0x000000)
    /// Opaque white.
    public static let white = Color(hex: 0xFFFFFF)

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This colour moved `amount` (0: none, 1: all the way) toward `other`, channel by channel
    /// (alpha too): a dimmer label is the label blended toward its key's fill.
    public func blended(with other: Color, amount: Double) -> Color {
        let t = amount.isFinite ? min(1, max(0, amount)) : 0
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
                     alpha: mix(alpha, other.alpha))
    }

    /// WCAG relative luminance (0 for black, 1 for white), ignoring alpha.
    public var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : PureMath.exp(2.4 * PureMath.log((c + 0.055) / 1.055)) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio between two opaque colours, from 1 (same) to 21 (black on white).
    public func contrastRatio(with other: Color) -> Double {
        let a = luminance, b = other.luminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
