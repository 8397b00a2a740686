/// A constrained one-line text field: at most `limit` characters, never a
/// control character, with a cursor. Pasted text is cut at the limit.
public struct TextField: Equatable, Sendable {
  public private(set) var characters: [Character]
  /// The cursor, as an index into `characters` (0...count).
  public private(set) var cursor: Int
  public let limit: Int

  public init(_ text: String = "", limit: Int = Title.maxLength) {
    self.limit = limit
    characters = Array(Self.clean(text).prefix(limit))
    cursor = characters.count
  }

  public var text: String { String(characters) }
  public var isEmpty: Bool { characters.isEmpty }

  /// An edit of the field.
  public enum Edit: Equatable, Sendable {
    case insert(String)
    case backspace, deleteForward
    case left, right, home, end
    /// Ctrl-U: deletes from the start of the field to the cursor.
    case killToStart
    /// Ctrl-K: deletes from the cursor to the end.
    case killToEnd
  }

  /// Applies an edit. Returns false when text had to be dropped (the limit was
  /// reached, or it held control characters that were left out).
  @discardableResult
  public mutating func apply(_ edit: Edit) -> Bool {
    switch edit {
    case .insert(let s):
      let clean = Self.clean(s)
      let room = limit - characters.count
      let taken = clean.prefix(max(0, room))
      characters.insert(contentsOf: taken, at: cursor)
      cursor += taken.count
      return taken.count == clean.count && clean.count == s.count
    case .backspace, .deleteForward, .left, .right: Self.step(edit, &characters, &cursor)
    case .home: cursor = 0
    case .end: cursor = characters.count
    case .killToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .killToEnd:
      characters.removeSubrange(cursor...)
    }
    return true
  }

  /// The edits of one character (deleting one, moving by one), the same in a
  /// one-line field and in the note's (``TextArea``).
  static func step(_ edit: Edit, _ characters: inout [Character], _ cursor: inout Int) {
    switch edit {
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .deleteForward:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    default: break
    }
  }

  /// The characters a title may hold: control characters (and line breaks of a
  /// paste) are left out, tabs become spaces.
  static func clean(_ s: String) -> [Character] {
    var out: [Character] = []
    for ch in s {
      if ch == "\t" || ch.isNewline {
        out.append(" ")
      } else if ch.unicodeScalars.allSatisfy(Title.isAllowed) {
        out.append(ch)
      }
    }
    return out
  }
}
