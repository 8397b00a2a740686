/// A constrained multi-line text field, for the note: at most `limit`
/// characters, no control character but the line feed (tabs become spaces, a
/// pasted CR LF one line feed), with a cursor. Shown wrapped at spaces (at
/// cell boundaries within a long word): ↑ ↓ move by shown row, keeping the column.
public struct TextArea: Equatable, Sendable {
  public private(set) var characters: [Character]
  /// The cursor, as an index into `characters` (0...count).
  public private(set) var cursor: Int
  public let limit: Int

  /// The longest note the app takes, in characters: pages of text, more than
  /// a phone's note field lets one type, and still instant to draw and save.
  public static let noteLimit = 10_000

  public init(_ text: String = "", limit: Int = noteLimit) {
    self.limit = limit
    characters = Array(Self.clean(text).prefix(limit))
    cursor = characters.count
  }

  public var text: String { String(characters) }
  public var isEmpty: Bool { characters.isEmpty }

  /// Applies an edit (as a one-line field takes it; an inserted line feed
  /// starts a new line). Returns false when text had to be dropped.
  @discardableResult
  public mutating func apply(_ edit: TextField.Edit) -> Bool {
    switch edit {
    case .insert(let s):
      let clean = Self.clean(s)
      let taken = clean.prefix(max(0, limit - characters.count))
      characters.insert(contentsOf: taken, at: cursor)
      cursor += taken.count
      return taken.count == clean.count && clean.count == s.count
    case .backspace, .deleteForward, .left, .right: TextField.step(edit, &characters, &cursor)
    // Home and End, Ctrl-U and Ctrl-K act on the cursor's line.
    case .home: cursor = lineStart
    case .end: cursor = lineEnd
    case .killToStart:
      let start = lineStart
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .killToEnd:
      characters.removeSubrange(cursor..<lineEnd)
    }
    return true
  }

  private var lineStart: Int { (characters[..<cursor].lastIndex(of: "\n")).map { $0 + 1 } ?? 0 }
  private var lineEnd: Int { characters[cursor...].firstIndex(of: "\n") ?? characters.count }

  /// The rows the text is shown in at `width` cells: ranges of `characters`
  /// (a line feed ends a row and belongs to none); a line that does not fit
  /// goes on in the next row, after its last space (which ends the row), or
  /// at a cell boundary for a word longer than the row.
  public func rows(width: Int) -> [Range<Int>] {
    let width = max(2, width)
    var out: [Range<Int>] = []
    var start = 0
    var w = 0
    for (i, ch) in characters.enumerated() {
      if ch == "\n" {
        out.append(start..<i)
        start = i + 1
        w = 0
        continue
      }
      let cw = CellWidth.of(ch)
      if w + cw > width {
        // After the row's last space when it has one (a word goes whole to
        // the next row), else at the cell boundary.
        if let space = characters[start..<i].lastIndex(of: " "), space > start {
          out.append(start..<(space + 1))
          start = space + 1
        } else {
          out.append(start..<i)
          start = i
        }
        w = characters[start..<i].reduce(0) { $0 + CellWidth.of($1) }
      }
      w += cw
    }
    out.append(start..<characters.count)
    return out
  }

  /// The row the cursor is in, and its column in cells.
  public func cursorPlace(width: Int) -> (row: Int, column: Int) {
    let rows = self.rows(width: width)
    // The cursor at the end of a full row shows at the start of the next.
    let r = rows.lastIndex { $0.lowerBound <= cursor } ?? 0
    let col = characters[rows[r].lowerBound..<min(cursor, rows[r].upperBound)].reduce(0) {
      $0 + CellWidth.of($1)
    }
    return (r, col)
  }

  /// Moves the cursor `by` shown rows, keeping its column as near as the row
  /// allows. Returns false when there is no such row (the first or last row).
  public mutating func moveRow(_ by: Int, width: Int) -> Bool {
    let rows = self.rows(width: width)
    let (r, col) = cursorPlace(width: width)
    let target = r + by
    guard rows.indices.contains(target) else { return false }
    var i = rows[target].lowerBound
    var w = 0
    while i < rows[target].upperBound {
      let cw = CellWidth.of(characters[i])
      if w + cw > col { break }
      w += cw
      i += 1
    }
    cursor = i
    return true
  }

  /// The characters a note may hold: line feeds (a CR LF or a lone CR becomes
  /// one), spaces for tabs, and no other control character.
  static func clean(_ s: String) -> [Character] {
    var out: [Character] = []
    for ch in s {
      if ch.isNewline {
        out.append("\n")
      } else if ch == "\t" {
        out.append(" ")
      } else if ch.unicodeScalars.allSatisfy(Title.isAllowed) {
        out.append(ch)
      }
    }
    return out
  }
}
