/// The rules a title keeps: not blank, at most ``maxLength`` characters, and no
/// control characters or other code points that XML 1.0 cannot hold.
public enum Title {
  /// The longest title, in characters (grapheme clusters).
  public static let maxLength = 200

  /// Whether the scalar may stand in a title.
  @inlinable public static func isAllowed(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v < 0x20 || (0x7F...0x9F).contains(v) { return false }
    if v == 0xFFFE || v == 0xFFFF { return false }
    return true
  }

  /// The title as typed, or an error that says what is wrong with it.
  public static func validate(_ raw: String) throws -> String {
    if raw.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
      throw TodoError.badTitle("the title is empty")
    }
    if let bad = raw.unicodeScalars.first(where: { !isAllowed($0) }) {
      let hex = String(bad.value, radix: 16, uppercase: true)
      throw TodoError.badTitle("the title contains a control character (U+\(hex)); titles are plain text")
    }
    if raw.count > maxLength {
      throw TodoError.badTitle("the title is \(raw.count) characters long; the limit is \(maxLength)")
    }
    return raw
  }

  /// Whether the title needs no sanitizing: fast for the common case of short,
  /// plain text (at most 200 bytes of UTF-8 is at most 200 characters).
  @inlinable public static func isClean(_ s: String) -> Bool {
    var copy = s
    var ascii = true
    let ok = copy.withUTF8 { buf -> Bool in
      guard buf.count <= maxLength, buf.count > 0 else { return false }
      var blank = true
      for b in buf {
        if b < 0x20 || b == 0x7F { return false }
        if b >= 0x80 { ascii = false }
        if b != 0x20 { blank = false }
      }
      return !blank
    }
    // C1 controls and U+FFFE/F are not ASCII: look closer only then.
    return ok && (ascii || s.unicodeScalars.allSatisfy(isAllowed))
  }

  /// The longest title an import keeps, in characters. A title from elsewhere
  /// is kept past ``maxLength`` (a phone's summary may be a paragraph), but not
  /// without bound: 10,000 characters is fifty typed titles, more than any
  /// calendar client lets one type, and a list, a bubble or a sync of it stays
  /// instant; a 250 MiB one would make the data file one no command can open.
  public static let importLimit = 10_000

  /// `s` cut at ``importLimit`` characters, or nil when it is within.
  public static func bounded(_ s: String) -> String? {
    // Bytes are at least characters: the count is taken only for a long title.
    guard s.utf8.count > importLimit, s.count > importLimit else { return nil }
    return String(s.prefix(importLimit))
  }

  /// The title made safe for storage without refusing it: disallowed scalars
  /// become U+FFFD and the text is cut at `limit` characters. Used by import.
  public static func sanitize(_ raw: String, cuttingAt limit: Int = maxLength) -> String {
    var scalars = String.UnicodeScalarView()
    for s in raw.unicodeScalars {
      scalars.append(isAllowed(s) ? s : "\u{FFFD}")
    }
    var s = String(scalars)
    if limit < Int.max && s.count > limit { s = String(s.prefix(limit)) }
    if s.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { s = "(untitled)" }
    return s
  }
}

extension Title {
  /// The title as it may be shown on a terminal or in a bubble: control
  /// characters and bidi overrides/isolates become visible U+FFFD, so nothing in
  /// a title can move the cursor, set a window title or reorder the line.
  public static func displaySafe(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: needsReplacing) else { return s }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars { out.append(needsReplacing(u) ? "\u{FFFD}" : u) }
    return String(out)
  }

  @inlinable static func needsReplacing(_ u: Unicode.Scalar) -> Bool {
    let v = u.value
    if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
    return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
      || v == 0x061C
  }
}
