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
}
