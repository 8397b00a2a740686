import Foundation

/// The app's colours (SPEC 4): each role a colour by name, by its number
/// among 256, or as true colour (`#rrggbb`); the terminal's own background is
/// kept (every colour is a foreground on the default background).
public struct Theme: Equatable, Sendable {
  /// What a colour is for: one per colour the screen uses (``Style/Colour``).
  public enum Role: String, CaseIterable, Sendable {
    /// Overdue deadlines and headings, the delete question (red by default).
    case overdue
    /// Completed rows' actions, the swipe's Complete (green).
    case done
    /// The banner, warnings, read-only (yellow).
    case warning
    /// Lists' colours and the selected day (blue).
    case accent
    /// Hints and the sync mark (cyan).
    case info

    /// The colour of the screen it is.
    public var slot: Style.Colour {
      switch self {
      case .overdue: return .red
      case .done: return .green
      case .warning: return .yellow
      case .accent: return .blue
      case .info: return .cyan
      }
    }

    var defaultColour: ThemeColour {
      switch self {
      case .overdue: return .named(1)
      case .done: return .named(2)
      case .warning: return .named(3)
      case .accent: return .named(4)
      case .info: return .named(6)
      }
    }
  }

  /// The colours the file gives.
  public private(set) var given: [Role: ThemeColour] = [:]

  public init() {}

  public mutating func set(_ role: Role, _ colour: ThemeColour) { given[role] = colour }

  /// The colour in force for a role.
  public func colour(_ role: Role) -> ThemeColour { given[role] ?? role.defaultColour }
}

/// One colour of the theme.
public enum ThemeColour: Equatable, Sendable, CustomStringConvertible {
  /// One of the 16 named colours: 0-7 black … white, 8-15 their bright forms.
  case named(Int)
  /// One of the 256 colours (16-255 beyond the named ones).
  case indexed(Int)
  /// True colour.
  case rgb(UInt8, UInt8, UInt8)

  public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// "red", "brightred" (or "bright-red", "bright red"), 0-255 as a number or
  /// text, "#rrggbb"; nil for anything else.
  public static func parse(_ text: String) -> ThemeColour? {
    var t = text.lowercased().trimmingCharacters(in: .whitespaces)
    if t.hasPrefix("#"), t.count == 7, let v = UInt32(t.dropFirst(), radix: 16) {
      return .rgb(UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255))
    }
    if let n = Int(t) { return number(n) }
    var bright = false
    for p in ["bright-", "bright ", "bright_", "bright"] where t.hasPrefix(p) {
      t = String(t.dropFirst(p.count))
      bright = true
      break
    }
    if t == "grey" || t == "gray" { return bright ? .named(7) : .named(8) }
    guard let k = names.firstIndex(of: t) else { return nil }
    return .named(bright ? k + 8 : k)
  }

  /// A number among the 256, or nil.
  public static func number(_ n: Int) -> ThemeColour? {
    (0..<16).contains(n) ? .named(n) : (16..<256).contains(n) ? .indexed(n) : nil
  }

  public var description: String {
    switch self {
    case .named(let n): return (n >= 8 ? "bright" : "") + Self.names[n % 8]
    case .indexed(let n): return String(n)
    case .rgb(let r, let g, let b): return String(format: "#%02x%02x%02x", r, g, b)
    }
  }

  /// The terminal's colour number for a terminal of `colours` colours (8, 16,
  /// 256): true colour as the nearest of the 256 (xterm's cube and greys); a
  /// colour the terminal lacks, nil (the role keeps its default).
  public func terminalNumber(colours: Int) -> Int? {
    let n: Int
    switch self {
    case .named(let k): n = k
    case .indexed(let k): n = k
    case .rgb(let r, let g, let b): n = Self.nearest256(Int(r), Int(g), Int(b))
    }
    return n < colours ? n : nil
  }

  /// The nearest colour of xterm's 6×6×6 cube (16-231) or grey ramp (232-255).
  static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> Int {
    let steps = [0, 95, 135, 175, 215, 255]
    func level(_ v: Int) -> Int { steps.indices.min { abs(steps[$0] - v) < abs(steps[$1] - v) }! }
    let (lr, lg, lb) = (level(r), level(g), level(b))
    let cube = 16 + 36 * lr + 6 * lg + lb
    let cubeError = sq(steps[lr] - r) + sq(steps[lg] - g) + sq(steps[lb] - b)
    let grey = max(0, min(23, ((r + g + b) / 3 - 8 + 5) / 10))
    let gv = 8 + 10 * grey
    let greyError = sq(gv - r) + sq(gv - g) + sq(gv - b)
    return greyError < cubeError ? 232 + grey : cube
  }

  static func sq(_ v: Int) -> Int { v * v }
}
