import Foundation

extension JSONExchange.LeanReader.Cursor {
  /// The bytes between the quotes of a string at the cursor.
  struct Span {
    var start: Int
    var count: Int
    /// Without a backslash: the bytes are the text.
    var plain: Bool
    /// Every byte below 0x80.
    var ascii: Bool
  }

  /// The string at the cursor, the cursor past its closing quote; nil when there is none,
  /// or it holds a control character (RFC 8259 section 7: those are escaped).
  mutating func span() -> Span? {
    guard i < end, p[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    let start = i
    var high: UInt8 = 0
    var plain = true
    while i < end {
      let c = p[i]
      if c == UInt8(ascii: "\"") {
        defer { i += 1 }
        return Span(start: start, count: i - start, plain: plain, ascii: high < 0x80)
      }
      if c < 0x20 { return nil }
      if c == UInt8(ascii: "\\") {
        plain = false
        i += 1
      }
      high |= c
      i += 1
    }
    return nil
  }

  /// The text of a string: its escapes read (a `\u` pair of surrogates as one
  /// character); nil for a bad escape, a lone surrogate, or bytes that are not UTF-8.
  func string(_ s: Span) -> String? {
    let bytes = UnsafeBufferPointer(start: p + s.start, count: s.count)
    if s.plain {
      return s.ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var k = 0
    func hex4() -> UInt32? {
      guard k + 4 <= bytes.count else { return nil }
      var v: UInt32 = 0
      for j in k..<(k + 4) {
        let c = bytes[j]
        let d: UInt8
        switch c {
        case 48...57: d = c - 48
        case 65...70: d = c - 55
        case 97...102: d = c - 87
        default: return nil
        }
        v = v << 4 | UInt32(d)
      }
      k += 4
      return v
    }
    while k < bytes.count {
      let c = bytes[k]
      k += 1
      guard c == UInt8(ascii: "\\") else {
        out.append(c)
        continue
      }
      guard k < bytes.count else { return nil }
      let e = bytes[k]
      k += 1
      switch e {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var v = hex4() else { return nil }
        if (0xDC00...0xDFFF).contains(v) { return nil }
        if (0xD800...0xDBFF).contains(v) {
          guard k + 2 <= bytes.count, bytes[k] == UInt8(ascii: "\\"), bytes[k + 1] == UInt8(ascii: "u") else {
            return nil
          }
          k += 2
          guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
          v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(v) else { return nil }
        out.append(contentsOf: UTF8.encode(scalar)!)
      default: return nil
      }
    }
    return String(validating: out, as: UTF8.self)
  }
}
