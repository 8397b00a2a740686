import Foundation

// The scalars of the lean reader: spans, text with entities, integers, dates,
// and skipping (or keeping) any one value.
extension LeanPlistReader.Cursor {

  @inline(__always) mutating func skipSpace() {
    while i < end {
      let c = p[i]
      if c == 32 || c == 9 || c == 10 || c == 13 { i += 1 } else { break }
    }
  }

  @inline(__always) func starts(_ s: StaticString) -> Bool {
    let n = s.utf8CodeUnitCount
    guard i + n <= end else { return false }
    return memcmp(p + i, s.utf8Start, n) == 0
  }

  mutating func expect(_ s: StaticString) throws {
    guard starts(s) else { throw LeanPlistReader.Unsupported() }
    i += s.utf8CodeUnitCount
  }

  mutating func skip(past s: StaticString) throws {
    while i < end {
      if starts(s) {
        i += s.utf8CodeUnitCount
        return
      }
      i += 1
    }
    throw LeanPlistReader.Unsupported()
  }

  /// Where a text lies in the input, and whether it holds an entity to decode.
  struct Span {
    var start: Int
    var count: Int
    var hasEntity: Bool
  }

  /// The raw text up to `<`.
  mutating func span() throws -> Span {
    let start = i
    guard let lt = memchr(p + i, 60, end - i) else { throw LeanPlistReader.Unsupported() }
    i = UnsafeRawPointer(lt) - UnsafeRawPointer(p)
    let hasEntity = i > start && memchr(p + start, 38, i - start) != nil
    return Span(start: start, count: i - start, hasEntity: hasEntity)
  }

  /// `open` text `close`, as a span.
  mutating func tagged(_ open: StaticString, _ close: StaticString) throws -> Span {
    try expect(open)
    let s = try span()
    try expect(close)
    return s
  }

  /// A `<string>` value as a span (`<string/>` is an empty one).
  mutating func stringSpan() throws -> Span {
    if starts("<string/>") {
      i += 9
      return Span(start: i, count: 0, hasEntity: false)
    }
    return try tagged("<string>", "</string>")
  }

  /// The text up to `<`, with the five XML entities and character references decoded.
  mutating func text() throws -> String { try string(of: try span()) }

  /// A span's text, with the five XML entities and character references decoded.
  func string(of span: Span) throws -> String {
    let buf = UnsafeBufferPointer(start: p + span.start, count: span.count)
    if !span.hasEntity {
      // ASCII is valid UTF-8: the specialized decoder then builds it exactly.
      // (String(validating:) over a buffer took a tenth of a 100,000-item read.)
      if !buf.contains(where: { $0 >= 0x80 }) { return String(decoding: buf, as: UTF8.self) }
      guard let s = String(validating: buf, as: UTF8.self) else { throw LeanPlistReader.Unsupported() }
      return s
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(buf.count)
    var j = 0
    while j < buf.count {
      let c = buf[j]
      if c != 38 {
        bytes.append(c)
        j += 1
        continue
      }
      // The three that our writer uses, by their bytes.
      if j + 4 < buf.count, buf[j + 1] == 97, buf[j + 2] == 109, buf[j + 3] == 112, buf[j + 4] == 59 {
        bytes.append(38)  // &amp;
        j += 5
        continue
      }
      if j + 3 < buf.count, buf[j + 2] == 116, buf[j + 3] == 59, buf[j + 1] == 108 || buf[j + 1] == 103 {
        bytes.append(buf[j + 1] == 108 ? 60 : 62)  // &lt; &gt;
        j += 4
        continue
      }
      guard let semi = buf[j...].firstIndex(of: 59), semi - j <= 10 else {
        throw LeanPlistReader.Unsupported()
      }
      let name = String(decoding: buf[(j + 1)..<semi], as: UTF8.self)
      switch name {
      case "amp": bytes.append(38)
      case "lt": bytes.append(60)
      case "gt": bytes.append(62)
      case "quot": bytes.append(34)
      case "apos": bytes.append(39)
      default:
        var v: UInt32? = nil
        if name.hasPrefix("#x") {
          v = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
          v = UInt32(name.dropFirst(1))
        }
        guard let value = v, let scalar = Unicode.Scalar(value) else { throw LeanPlistReader.Unsupported() }
        bytes.append(contentsOf: UTF8.encode(scalar)!)
      }
      j = semi + 1
    }
    if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    guard let s = String(validating: bytes, as: UTF8.self) else { throw LeanPlistReader.Unsupported() }
    return s
  }

  mutating func keyText() throws -> String {
    try expect("<key>")
    let s = try text()
    try expect("</key>")
    return s
  }

  mutating func string() throws -> String {
    if starts("<string/>") {
      i += 9
      return ""
    }
    try expect("<string>")
    let s = try text()
    try expect("</string>")
    return s
  }

  mutating func integer() throws -> Int {
    try expect("<integer>")
    var neg = false
    if i < end && p[i] == 45 {
      neg = true
      i += 1
    }
    var v = 0
    var digits = 0
    while i < end, p[i] >= 48, p[i] <= 57, digits < 18 {
      v = v * 10 + Int(p[i] - 48)
      i += 1
      digits += 1
    }
    guard digits > 0 else { throw LeanPlistReader.Unsupported() }
    try expect("</integer>")
    return neg ? -v : v
  }

  /// `<date>YYYY-MM-DDTHH:MM:SSZ</date>`
  mutating func date() throws -> Date {
    try expect("<date>")
    guard i + 20 <= end, p[i + 4] == 45, p[i + 7] == 45, p[i + 10] == 84, p[i + 13] == 58,
      p[i + 16] == 58, p[i + 19] == 90
    else { throw LeanPlistReader.Unsupported() }
    let q = p + i
    // Digits everywhere but the separators, checked above.
    for k in 0..<19 where k != 4 && k != 7 && k != 10 && k != 13 && k != 16 && q[k] &- 48 > 9 {
      throw LeanPlistReader.Unsupported()
    }
    @inline(__always) func num(_ at: Int, _ n: Int) -> Int {
      var v = 0
      for k in at..<(at + n) { v = v * 10 + Int(q[k] &- 48) }
      return v
    }
    let y = num(0, 4)
    guard y >= 1 else { throw LeanPlistReader.Unsupported() }  // year 0: Foundation's to refuse
    let mo = num(5, 2)
    let d = num(8, 2)
    let h = num(11, 2)
    let mi = num(14, 2)
    let s = num(17, 2)
    // Foundation would quietly roll "2020-13-45T29:61:61Z" over into another date.
    guard (1...12).contains(mo), d >= 1, d <= CivilDays.daysInMonth(y, mo), h < 24, mi < 60, s < 60 else {
      let text = String(decoding: UnsafeBufferPointer(start: p + i, count: 20), as: UTF8.self)
      throw CodecError("'\(text)' is not a valid date")
    }
    i += 20
    try expect("</date>")
    let days = CivilDays.days(y, mo, d)
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + h * 3600 + mi * 60 + s))
  }

  /// Skips any one value, nested or not. Deeper than 256 levels, it gives
  /// up (Foundation then reports the nesting) rather than overflow the stack.
  mutating func skipValue(depth: Int = 0) throws {
    guard i < end, p[i] == 60, depth < 256 else { throw LeanPlistReader.Unsupported() }
    // A date is checked even when skipped: Foundation refuses the file for one it cannot read.
    if starts("<date>") {
      do { _ = try date() } catch is CodecError { throw LeanPlistReader.Unsupported() }  // not ours to refuse
      return
    }
    // Self-closing: <true/>, <false/>, <dict/>, <array/>, <string/>
    var j = i + 1
    while j < end && p[j] != 62 && p[j] != 32 { j += 1 }
    guard j < end, p[j] == 62 else { throw LeanPlistReader.Unsupported() }
    if p[j - 1] == 47 {
      i = j + 1
      return
    }
    let name = String(decoding: UnsafeBufferPointer(start: p + i + 1, count: j - i - 1), as: UTF8.self)
    i = j + 1
    switch name {
    case "dict":
      while true {
        skipSpace()
        if starts("</dict>") {
          i += 7
          return
        }
        _ = try keyText()
        skipSpace()
        try skipValue(depth: depth + 1)
      }
    case "array":
      while true {
        skipSpace()
        if starts("</array>") {
          i += 8
          return
        }
        try skipValue(depth: depth + 1)
      }
    case "string", "integer", "real", "date", "data", "key":
      _ = try text()
      try expect("</")
      let close = name.utf8
      guard i + close.count < end else { throw LeanPlistReader.Unsupported() }
      for (k, c) in close.enumerated() where p[i + k] != c { throw LeanPlistReader.Unsupported() }
      i += close.count
      try expect(">")
    default:
      throw LeanPlistReader.Unsupported()
    }
  }
}
