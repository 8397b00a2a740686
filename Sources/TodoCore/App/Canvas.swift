/// The look of a cell: a colour and a few attributes. The background is always
/// the terminal's own.
public struct Style: Hashable, Sendable {
  public enum Colour: UInt8, Sendable { case none, red, green, yellow, blue, cyan }
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1)
    public static let reverse = Attributes(rawValue: 2)
    public static let dim = Attributes(rawValue: 4)
    public static let underline = Attributes(rawValue: 8)
  }
  public var colour: Colour
  public var attributes: Attributes

  public init(_ colour: Colour = .none, _ attributes: Attributes = []) {
    self.colour = colour
    self.attributes = attributes
  }

  public static let plain = Style()
  public static let bold = Style(.none, .bold)
  public static let reverse = Style(.none, .reverse)
  public static let dim = Style(.none, .dim)
  public static let red = Style(.red)
  public static let underline = Style(.none, .underline)
}

/// One cell of the screen: the character drawn there (a grapheme cluster), or
/// nothing when the cell continues the wide character to its left.
public struct Cell: Hashable, Sendable {
  /// The character; empty for the right half of a wide character.
  public var text: Character?
  public var style: Style

  public init(_ text: Character?, _ style: Style = .plain) {
    self.text = text
    self.style = style
  }

  public static let blank = Cell(" ")
  /// Whether this cell is the right half of a wide character.
  public var isContinuation: Bool { text == nil }
}

/// A grid of cells that views draw into; only the terminal backend copies it
/// to the screen (as ratatui's buffer). Drawing is clipped to the grid, and a
/// wide character that does not fit whole is not drawn.
public struct Canvas: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set { cells[y * width + x] = newValue }
  }

  /// Writes `text` from column `x` of row `y`, at most up to column `limit`
  /// (exclusive; the width by default). Characters are cut at cell boundaries:
  /// a wide character that would straddle the limit is replaced by a space.
  /// Returns the column after the last cell written.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
    guard y >= 0 && y < height else { return x }
    let end = min(limit ?? width, width)
    var col = x
    for ch in text {
      let w = CellWidth.of(ch)
      if w == 0 { continue }  // a stray control or lone combining mark takes no cell
      if col + w > end {
        if col < end && col >= 0 { self[col, y] = Cell(" ", style) }
        return end
      }
      if col >= 0 {
        clearWide(at: col, y: y)
        self[col, y] = Cell(ch, style)
        if w == 2 {
          clearWide(at: col + 1, y: y)
          self[col + 1, y] = Cell(nil, style)
        }
      }
      col += w
    }
    return col
  }

  /// Writes `text` as ``put(_:x:y:style:limit:)`` does, but a text cut at
  /// `limit` ends with "…" in its last cell, so that a cut shows.
  @discardableResult
  public mutating func putCut(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int) -> Int {
    let end = min(limit, width)
    guard end - x >= 1, CellWidth.of(text) > end - x else {
      return put(text, x: x, y: y, style: style, limit: end)
    }
    // The longest start that leaves a cell for "…", which follows it directly.
    var fit = text.startIndex
    var w = 0
    for i in text.indices {
      let cw = CellWidth.of(text[i])
      if w + cw > end - x - 1 { break }
      w += cw
      fit = text.index(after: i)
    }
    let col = put(String(text[..<fit]), x: x, y: y, style: style, limit: end - 1)
    let after = put("…", x: col, y: y, style: style, limit: end)
    if after < end { fill(x: after, y: y, count: end - after, style: style) }
    return end
  }

  /// Fills columns `x..<x+count` of row `y` with spaces of `style`.
  public mutating func fill(x: Int, y: Int, count: Int, style: Style = .plain) {
    guard y >= 0 && y < height else { return }
    let lo = max(0, x)
    let hi = min(width, x + count)
    guard lo < hi else { return }
    clearWide(at: lo, y: y)
    if hi < width { clearWide(at: hi - 1, y: y) }
    for c in lo..<hi { self[c, y] = Cell(" ", style) }
  }

  /// Applies `style` to the cells of a span, keeping their characters.
  public mutating func restyle(x: Int, y: Int, count: Int, _ change: (inout Style) -> Void) {
    guard y >= 0 && y < height else { return }
    for c in max(0, x)..<max(max(0, x), min(width, x + count)) { change(&self[c, y].style) }
  }

  /// Overwriting one half of a wide character blanks the other half.
  private mutating func clearWide(at x: Int, y: Int) {
    guard x >= 0 && x < width else { return }
    if self[x, y].isContinuation, x > 0 {
      self[x - 1, y] = Cell(" ", self[x - 1, y].style)
    } else if x + 1 < width, self[x + 1, y].isContinuation {
      self[x + 1, y] = Cell(" ", self[x + 1, y].style)
    }
  }

  /// The rows as plain text (continuation cells left out), for tests and snapshots.
  public var lines: [String] {
    (0..<height).map { y in
      var s = ""
      for x in 0..<width { if let t = self[x, y].text { s.append(t) } }
      return s
    }
  }

  /// The rows with the styled cells marked, one letter a cell under each row:
  /// ` ` plain, `r` red, `B` bold, `R` reverse, `d` dim, `g`/`y`/`b`/`c` colours;
  /// the letter of the strongest trait is shown.
  public var styleLines: [String] {
    (0..<height).map { y in
      var s = ""
      for x in 0..<width { s.append(Self.letter(self[x, y].style)) }
      return s
    }
  }

  static func letter(_ st: Style) -> Character {
    switch st.colour {
    case .red: return "r"
    case .green: return "g"
    case .yellow: return "y"
    case .blue: return "b"
    case .cyan: return "c"
    case .none: break
    }
    if st.attributes.contains(.reverse) { return "R" }
    if st.attributes.contains(.bold) { return "B" }
    if st.attributes.contains(.dim) { return "d" }
    if st.attributes.contains(.underline) { return "u" }
    return " "
  }
}

/// A run of cells of one row that differ from the previous frame: what the
/// backend writes.
public struct CanvasRun: Equatable, Sendable {
  public var y: Int
  public var x: Int
  public var cells: ArraySlice<Cell>
}

extension Canvas {
  /// The runs of cells that changed since `old` (everything when the size
  /// differs). A run starts and ends on whole characters.
  /// - Complexity: O(width × height).
  public func diff(from old: Canvas?) -> [CanvasRun] {
    var runs: [CanvasRun] = []
    let same = old.map { $0.width == width && $0.height == height } ?? false
    for y in 0..<height {
      let row = y * width
      if !same {
        if width > 0 { runs.append(CanvasRun(y: y, x: 0, cells: cells[row..<row + width])) }
        continue
      }
      let prev = old!.cells
      var x = 0
      while x < width {
        if cells[row + x] == prev[row + x] {
          x += 1
          continue
        }
        var start = x
        if cells[row + start].isContinuation && start > 0 { start -= 1 }
        var end = x + 1
        while end < width && (cells[row + end] != prev[row + end] || cells[row + end].isContinuation) {
          end += 1
        }
        runs.append(CanvasRun(y: y, x: start, cells: cells[row + start..<row + end]))
        x = end
      }
    }
    return runs
  }
}
