/// A key press, independent of the terminal library: the backend translates
/// raw keys into these, and ``KeyMap`` turns them into actions.
public enum Key: Hashable, Sendable {
  /// A printable character (a grapheme cluster).
  case char(Character)
  /// Control plus a letter: `.ctrl("u")` for Ctrl-U.
  case ctrl(Character)
  /// Text pasted in bracketed-paste mode, in one piece.
  case paste(String)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, tab, backTab, escape, backspace, delete
  /// A mouse event (SGR mouse mode), at a cell of the screen.
  case mouse(MouseEvent)
}

/// What the mouse did, and where (0-based cells).
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// The left button went down.
    case press
    /// Moved with the left button down.
    case drag
    /// The left button came up.
    case release
    case wheelUp, wheelDown
  }
  public var kind: Kind
  public var x: Int
  public var y: Int

  public init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }

  /// An xterm SGR report's fields (`ESC [ < b ; x ; y M` or `m`, 1-based cells); nil for
  /// another button, or a modifier held (Shift is the terminal's own selection).
  public init?(button b: Int, x: Int, y: Int, released: Bool) {
    let (x0, y0) = (x - 1, y - 1)
    switch (b & ~32, b & 32 != 0) {
    case (0, false): self.init(released ? .release : .press, x: x0, y: y0)
    case (0, true): self.init(.drag, x: x0, y: y0)
    case (64, _): self.init(.wheelUp, x: x0, y: y0)
    case (65, _): self.init(.wheelDown, x: x0, y: y0)
    default: return nil
    }
  }
}
