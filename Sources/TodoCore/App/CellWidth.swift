/// How many terminal cells a character takes, as `wcwidth(3)` says on a UTF-8
/// terminal: 0 for combining marks and format characters, 2 for East Asian wide
/// and fullwidth characters and for emoji shown as pictures, 1 otherwise.
public enum CellWidth {
  /// The width of one grapheme cluster (a `Character`): its first scalar's,
  /// or 2 when an emoji variation selector (U+FE0F) asks for a picture.
  @inlinable public static func of(_ c: Character) -> Int {
    if let a = c.asciiValue { return a >= 0x20 && a != 0x7F ? 1 : 0 }
    let scalars = c.unicodeScalars
    var w = 0
    for (i, s) in scalars.enumerated() {
      if i == 0 {
        w = of(s)
      } else if s.value == 0xFE0F && w == 1 {
        w = 2
      }
    }
    return w
  }

  /// The width of a string: the sum of its characters' widths.
  public static func of(_ s: String) -> Int {
    var n = 0
    for c in s { n += of(c) }
    return n
  }

  /// The width of one scalar, from the generated tables (CellWidth+Table.swift).
  public static func of(_ s: Unicode.Scalar) -> Int {
    let v = s.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    if v < 0xA0 { return 0 }
    if v < 0x300 { return 1 }
    if contains(zeroWidth, v) { return 0 }
    if contains(wide, v) { return 2 }
    return 1
  }

  /// Whether `v` lies in one of the sorted, disjoint `ranges`.
  /// - Complexity: O(log n).
  static func contains(_ ranges: [(UInt32, UInt32)], _ v: UInt32) -> Bool {
    var lo = 0
    var hi = ranges.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if ranges[mid].1 < v { lo = mid + 1 } else { hi = mid }
    }
    return lo < ranges.count && ranges[lo].0 <= v
  }
}
