import Foundation

/// A fast reader for the XML layout that ``PlistCodec/encode(_:)`` writes and
/// for plain XML plists like it. It returns nil for anything outside that
/// subset (binary plists, CDATA, comments, unknown entities, odd whitespace in
/// tags…), and the caller then asks Foundation, the reference.
enum LeanPlistReader {
  static func read(_ data: Data, tolerant: Bool) throws -> TodoDocument? {
    try data.withUnsafeBytes { raw -> TodoDocument? in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
      var r = Cursor(p: base, end: raw.count)
      return try r.document(tolerant: tolerant)
    }
  }

  /// Thrown inside the reader to give up and fall back.
  struct Unsupported: Error {}

  struct Cursor {
    let p: UnsafePointer<UInt8>
    let end: Int
    var i = 0

    init(p: UnsafePointer<UInt8>, end: Int) {
      self.p = p
      self.end = end
    }

    mutating func document(tolerant: Bool) throws -> TodoDocument? {
      do {
        skipSpace()
        if starts("<?xml") { try skip(past: "?>") }
        skipSpace()
        if starts("<!DOCTYPE") { try skip(past: ">") }
        skipSpace()
        try expect("<plist")
        try skip(past: ">")
        skipSpace()
        try expect("<dict>")
        var version: Int? = nil
        var items: [TodoItem]? = nil
        var warnings: [String] = []
        while true {
          skipSpace()
          if starts("</dict>") {
            i += 7
            break
          }
          let key = try keyText()
          skipSpace()
          switch key {
          case "formatVersion":
            guard version == nil else { throw Unsupported() }
            version = try integer()
          case "todoItems":
            guard items == nil else { throw Unsupported() }
            items = try todoItems(tolerant: tolerant, warnings: &warnings)
          default:
            try skipValue()
          }
        }
        skipSpace()
        try expect("</plist>")
        skipSpace()
        guard i == end else { throw Unsupported() }
        guard var list = items else { return nil }  // let Foundation word the error
        list.sort(by: TodoItem.byDeadline)  // linear when sorted, as we write it
        return TodoDocument(formatVersion: version ?? 0, items: list, warnings: warnings)
      } catch is Unsupported {
        return nil
      }
    }

    mutating func todoItems(tolerant: Bool, warnings: inout [String]) throws -> [TodoItem] {
      if starts("<dict/>") {
        i += 7
        return []
      }
      try expect("<dict>")
      var out: [TodoItem] = []
      var seen = Set<UUID>()
      while true {
        skipSpace()
        if starts("</dict>") {
          i += 7
          return out
        }
        let key = try keyText()
        skipSpace()
        try expect("<dict>")
        var raw = RawItem(key: key)
        while true {
          skipSpace()
          if starts("</dict>") {
            i += 7
            break
          }
          let field = try keyText()
          skipSpace()
          switch field {
          case "UUID": raw.uuid = try string()
          case "title": raw.title = try string()
          case "deadline", "created", "completed", "reminder", "notifiedDeadline", "notifiedReminder":
            raw.set(date: try date(), for: field)
          default: try skipValue()
          }
        }
        if let item = try raw.item(tolerant: tolerant, warnings: &warnings) {
          if !seen.insert(item.id).inserted {
            if tolerant {
              warnings.append("entry \(key): duplicate UUID; the later one skipped")
              continue
            }
            throw CodecError("UUID \(key) appears twice in todoItems")
          }
          out.append(item)
        }
      }
    }

    // MARK: - Scalars

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
      guard starts(s) else { throw Unsupported() }
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
      throw Unsupported()
    }

    /// The text up to `<`, with the five XML entities and character references decoded.
    mutating func text() throws -> String {
      let start = i
      var hasEntity = false
      while i < end && p[i] != 60 {
        if p[i] == 38 { hasEntity = true }
        i += 1
      }
      guard i < end else { throw Unsupported() }
      let buf = UnsafeBufferPointer(start: p + start, count: i - start)
      if !hasEntity {
        guard let s = String(validating: buf, as: UTF8.self) else { throw Unsupported() }
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
        guard let semi = buf[j...].firstIndex(of: 59), semi - j <= 10 else { throw Unsupported() }
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
          guard let value = v, let scalar = Unicode.Scalar(value) else { throw Unsupported() }
          bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
        j = semi + 1
      }
      guard let s = String(validating: bytes, as: UTF8.self) else { throw Unsupported() }
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
      guard digits > 0 else { throw Unsupported() }
      try expect("</integer>")
      return neg ? -v : v
    }

    /// `<date>YYYY-MM-DDTHH:MM:SSZ</date>`
    mutating func date() throws -> Date {
      try expect("<date>")
      guard i + 20 <= end, p[i + 4] == 45, p[i + 7] == 45, p[i + 10] == 84, p[i + 13] == 58,
        p[i + 16] == 58, p[i + 19] == 90
      else { throw Unsupported() }
      func num(_ at: Int, _ n: Int) throws -> Int {
        var v = 0
        for k in at..<(at + n) {
          let c = p[i + k]
          guard c >= 48 && c <= 57 else { throw Unsupported() }
          v = v * 10 + Int(c - 48)
        }
        return v
      }
      let y = try num(0, 4)
      let mo = try num(5, 2)
      let d = try num(8, 2)
      let h = try num(11, 2)
      let mi = try num(14, 2)
      let s = try num(17, 2)
      // Foundation would quietly roll "2020-13-45T29:61:61Z" over into another date.
      guard (1...12).contains(mo), d >= 1, d <= PlistCodec.daysInMonth(y, mo), h < 24, mi < 60, s < 60 else {
        let text = String(decoding: UnsafeBufferPointer(start: p + i, count: 20), as: UTF8.self)
        throw CodecError("'\(text)' is not a valid date")
      }
      i += 20
      try expect("</date>")
      let days = PlistCodec.days(y, mo, d)
      return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + h * 3600 + mi * 60 + s))
    }

    /// Skips any one value, nested or not. Deeper than 256 levels, it gives
    /// up (Foundation then reports the nesting) rather than overflow the stack.
    mutating func skipValue(depth: Int = 0) throws {
      guard i < end, p[i] == 60, depth < 256 else { throw Unsupported() }
      // Self-closing: <true/>, <false/>, <dict/>, <array/>, <string/>
      var j = i + 1
      while j < end && p[j] != 62 && p[j] != 32 { j += 1 }
      guard j < end, p[j] == 62 else { throw Unsupported() }
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
        guard i + close.count < end else { throw Unsupported() }
        for (k, c) in close.enumerated() where p[i + k] != c { throw Unsupported() }
        i += close.count
        try expect(">")
      default:
        throw Unsupported()
      }
    }
  }
}
