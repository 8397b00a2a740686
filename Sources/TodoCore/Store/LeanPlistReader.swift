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

  /// Reads an open file of `size` bytes in pieces (see ``Feed``).
  static func read(fd: Int32, size: Int, tolerant: Bool) throws -> TodoDocument? {
    guard let feed = Feed(fd: fd, size: size) else { return nil }
    var r = Cursor(p: UnsafePointer(feed.base.assumingMemoryBound(to: UInt8.self)), end: 0)
    r.feed = feed
    return try withExtendedLifetime(feed) { try r.document(tolerant: tolerant) }
  }

  /// Thrown inside the reader to give up and fall back.
  struct Unsupported: Error {}

  /// The file could not be read.
  struct ReadFailed: Error {
    var errno: Int32
  }

  /// A file read as the cursor needs it, into address space reserved for the
  /// whole file; the pages behind the cursor are given back, so that the
  /// reader holds about 1 MB of a file of any size.
  final class Feed {
    let fd: Int32
    let size: Int
    let base: UnsafeMutableRawPointer
    private(set) var filled = 0
    private var released = 0
    /// The whole file is in (or it ended early: it shrank while read).
    private(set) var done = false

    init?(fd: Int32, size: Int) {
      guard size > 0, let m = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        m != UnsafeMutableRawPointer(bitPattern: -1)
      else { return nil }
      self.fd = fd
      self.size = size
      base = m
    }

    deinit { munmap(base, size) }

    /// Reads until `n` bytes of the file are in, or all of it.
    func fill(upTo n: Int) throws {
      let goal = min(n, size)
      while filled < goal {
        let got = Glibc.read(fd, base + filled, goal - filled)
        if got < 0 {
          if errno == EINTR { continue }
          throw ReadFailed(errno: errno)
        }
        if got == 0 {
          done = true
          return
        }
        filled += got
      }
      if filled == size { done = true }
    }

    /// Gives back the whole 64 KiB pages below `offset`.
    func release(below offset: Int) {
      let upTo = offset & ~0xFFFF
      guard upTo > released else { return }
      madvise(base + released, upTo - released, MADV_DONTNEED)
      released = upTo
    }
  }

  struct Cursor {
    let p: UnsafePointer<UInt8>
    var end: Int
    var i = 0
    /// The file when it is read in pieces; nil when all of it is in memory.
    var feed: Feed? = nil

    init(p: UnsafePointer<UInt8>, end: Int) {
      self.p = p
      self.end = end
    }

    /// Whether `end` is the end of the input.
    var atEnd: Bool { feed?.done ?? true }

    /// Makes `ahead` bytes past the cursor available (or the rest of the file)
    /// and gives back what lies behind it. Called between entries only, where
    /// no ``Span`` is alive.
    mutating func refill(_ ahead: Int = 1 << 18) throws {
      guard let f = feed else { return }
      f.release(below: i)
      if end - i < ahead && !f.done {
        try f.fill(upTo: i + 2 * ahead)
        end = f.filled
      }
    }

    /// Parses one unit (an entry, a value) with `body`; when it ran out of
    /// input before the end of the file, reads more and parses it again.
    mutating func unit<T>(_ body: (inout Cursor) throws -> T) throws -> T {
      let start = i
      var ahead = 1 << 18
      while true {
        try refill(ahead)
        do {
          return try body(&self)
        } catch is Unsupported where !atEnd {
          i = start
          ahead *= 4
        }
      }
    }

    mutating func document(tolerant: Bool) throws -> TodoDocument? {
      do {
        try refill()
        // Only the prolog that plists carry; any other (another encoding, a
        // DOCTYPE with an internal subset…) is Foundation's to judge.
        skipSpace()
        if starts("<?xml") {
          guard starts(#"<?xml version="1.0" encoding="UTF-8"?>"#) else { throw Unsupported() }
          i += 38
        }
        skipSpace()
        if starts("<!DOCTYPE") {
          try expect(
            #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
          )
        }
        skipSpace()
        if starts("<plist>") {
          i += 7
        } else {
          try expect(#"<plist version="1.0">"#)
        }
        skipSpace()
        try expect("<dict>")
        var version: Int? = nil
        var items: [TodoItem]? = nil
        var warnings: [String] = []
        var other: [String: String] = [:]
        while true {
          try refill()
          skipSpace()
          if starts("</dict>") {
            i += 7
            break
          }
          let key = try unit { c -> String in
            let k = try c.keyText()
            c.skipSpace()
            return k
          }
          switch key {
          case "formatVersion":
            guard version == nil else {
              throw CodecError("the key 'formatVersion' appears twice in the root")
            }
            version = try unit { try $0.integer() }
          case "todoItems":
            guard items == nil else { throw CodecError("the key 'todoItems' appears twice in the root") }
            items = try todoItems(tolerant: tolerant, warnings: &warnings)
          default:
            guard key.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { throw Unsupported() }  // Foundation's to read
            guard other[key] == nil else {
              throw CodecError("the key '\(key.prefix(64))' appears twice in the root")
            }
            other[key] = try unit { try $0.keptValue() }
          }
        }
        try refill()
        skipSpace()
        try expect("</plist>")
        skipSpace()
        guard i == end, atEnd else { throw Unsupported() }
        guard var list = items else { return nil }  // let Foundation word the error
        list.sort(by: TodoItem.byDeadline)  // linear when sorted, as we write it
        return TodoDocument(
          formatVersion: version ?? 0, items: list, warnings: warnings, otherRootKeys: other)
      } catch is Unsupported {
        return nil
      }
    }

    mutating func todoItems(tolerant: Bool, warnings: inout [String]) throws -> [TodoItem] {
      try refill()
      if starts("<dict/>") {
        i += 7
        return []
      }
      try expect("<dict>")
      var out: [TodoItem] = []
      var seen = Set<UUID>()
      // About 300 bytes an item as we write them: one allocation instead of many.
      let expected = min((feed?.size ?? end) / 256, 1 << 20)
      out.reserveCapacity(expected)
      seen.reserveCapacity(expected)
      while true {
        try refill()
        skipSpace()
        if starts("</dict>") {
          i += 7
          return out
        }
        // The spans point into the input: they are used before the next refill.
        let parsed = try unit { try $0.entry() }
        let keySpan = parsed.key
        let uuidSpan = parsed.uuid
        var raw = parsed.raw
        let item: TodoItem
        if let fast = fastItem(keySpan, uuidSpan, raw) {
          item = fast
        } else {
          // Anything unusual goes the way Foundation's path goes, with its messages.
          raw.key = try string(of: keySpan)
          raw.uuid = try uuidSpan.map { try string(of: $0) }
          guard let checked = try raw.item(tolerant: tolerant, warnings: &warnings) else { continue }
          item = checked
        }
        if !seen.insert(item.id).inserted {
          let key = try string(of: keySpan)
          if tolerant {
            warnings.append("entry \(key): duplicate UUID; the later one skipped")
            continue
          }
          throw CodecError("UUID \(key) appears twice in todoItems")
        }
        out.append(item)
      }
    }

    /// One entry of `todoItems`: its key, its UUID field and the rest of its fields.
    mutating func entry() throws -> (key: Span, uuid: Span?, raw: RawItem) {
      let keySpan = try tagged("<key>", "</key>")
      skipSpace()
      try expect("<dict>")
      var raw = RawItem(key: "")
      var uuidSpan: Span? = nil
      // The names seen, in a short array while there are few: an entry has a
      // handful, and hashing each into a Set took 45% of `list` at 10,000 items.
      var seen: [String] = []
      var many = Set<String>()
      while true {
        skipSpace()
        if starts("</dict>") {
          i += 7
          return (keySpan, uuidSpan, raw)
        }
        let field = try fieldName()
        skipSpace()
        // A key twice would be one value silently lost at the next write.
        let name = field.name
        let twice: Bool
        if seen.count < 16 {
          twice = seen.contains(name)
          seen.append(name)
          if seen.count == 16 { many = Set(seen) }
        } else {
          twice = !many.insert(name).inserted
        }
        if twice {
          throw CodecError(
            "entry '\(try string(of: keySpan).prefix(64))': the key '\(name)' appears twice")
        }
        switch field {
        case .uuid: uuidSpan = try stringSpan()
        case .title: raw.title = try string()
        case .date(let name): raw.set(date: try date(), for: name)
        case .string(let name): raw.set(string: try string(), for: name)
        case .integer(let name): raw.set(integer: try integer(), for: name)
        case .boolean:
          if starts("<true/>") {
            raw.cancelled = true
            i += 7
          } else {
            try expect("<false/>")
          }
        case .other(let name):
          // An odd key (control characters, non-ASCII) is Foundation's to read.
          guard name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { throw Unsupported() }
          raw.otherKeys[name] = try keptValue()
        }
      }
    }

    /// The item without building the key and UUID strings, when the entry is
    /// the common case that ``RawItem/item(tolerant:warnings:)`` would accept as
    /// it is: key and UUID field the same canonical UUID, a clean title, a
    /// deadline, every date in range. Nil sends the entry the general way.
    func fastItem(_ key: Span, _ uuid: Span?, _ raw: RawItem) -> TodoItem? {
      guard let u = uuid, key.count == 36, u.count == 36, !key.hasEntity, !u.hasEntity,
        memcmp(p + key.start, p + u.start, 36) == 0, let id = Self.parseUUID(p + key.start),
        let title = raw.title, Title.isClean(title), (raw.warn ?? 0) >= 0
      else { return nil }
      @inline(__always) func inRange(_ d: Date?) -> Bool {
        d.map { RawItem.validRange ~= $0.timeIntervalSince1970 } ?? true
      }
      guard inRange(raw.deadline), inRange(raw.created), inRange(raw.completed), inRange(raw.reminder),
        inRange(raw.notifiedDeadline), inRange(raw.notifiedReminder), inRange(raw.modified),
        inRange(raw.notifiedWarning)
      else { return nil }
      // The lean reader's dates are whole seconds already.
      return raw.build(id: id, title: title, whole: false)
    }

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (36 bytes, hex digits in either case).
    static func parseUUID(_ q: UnsafePointer<UInt8>) -> UUID? {
      @inline(__always) func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
      }
      var t: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      let ok = withUnsafeMutableBytes(of: &t) { out -> Bool in
        var j = 0
        for k in 0..<16 {
          if j == 8 || j == 13 || j == 18 || j == 23 {
            guard q[j] == 45 else { return false }
            j += 1
          }
          guard let hi = hex(q[j]), let lo = hex(q[j + 1]) else { return false }
          out[k] = hi << 4 | lo
          j += 2
        }
        return true
      }
      return ok ? UUID(uuid: t) : nil
    }

    /// The fields of an entry that the reader keeps.
    enum Field {
      case uuid, title, boolean
      case date(String), string(String), integer(String), other(String)

      var name: String {
        switch self {
        case .uuid: return "UUID"
        case .title: return "title"
        case .boolean: return "cancelled"
        case .date(let n), .string(let n), .integer(let n), .other(let n): return n
        }
      }
    }

    /// Any one value, as canonical XML text to keep (an unknown key's value).
    mutating func keptValue() throws -> String {
      let start = i
      try skipValue()
      guard
        let raw = String(validating: UnsafeBufferPointer(start: p + start, count: i - start), as: UTF8.self)
      else { throw Unsupported() }
      do { return try PlistFragment.canonical(raw) } catch { throw Unsupported() }
    }

    /// The next `<key>…</key>` as a field, compared as bytes (no string is built
    /// unless the key holds an entity).
    mutating func fieldName() throws -> Field {
      let s = try tagged("<key>", "</key>")
      if s.hasEntity { return Self.field(named: try string(of: s)) }
      switch s.count {  // by length first: one comparison for most keys
      case 4: if equals(s, "UUID") { return .uuid }
      case 5: if equals(s, "title") { return .title }
      case 7: if equals(s, "created") { return .date("created") }
      case 8:
        if equals(s, "deadline") { return .date("deadline") }
        if equals(s, "reminder") { return .date("reminder") }
      case 9: if equals(s, "completed") { return .date("completed") }
      case 16:
        if equals(s, "notifiedDeadline") { return .date("notifiedDeadline") }
        if equals(s, "notifiedReminder") { return .date("notifiedReminder") }
      default: break
      }
      return Self.field(named: try string(of: s))  // a key must still be text (UTF-8), as Foundation checks
    }

    static func field(named k: String) -> Field {
      switch k {
      case "UUID": return .uuid
      case "title": return .title
      case "cancelled": return .boolean
      case _ where RawItem.dateKeys.contains(k): return .date(k)
      case _ where RawItem.stringKeys.contains(k): return .string(k)
      case _ where RawItem.integerKeys.contains(k): return .integer(k)
      default: return .other(k)
      }
    }

    func equals(_ s: Span, _ literal: StaticString) -> Bool {
      s.count == literal.utf8CodeUnitCount && memcmp(p + s.start, literal.utf8Start, s.count) == 0
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

    /// Where a text lies in the input, and whether it holds an entity to decode.
    struct Span {
      var start: Int
      var count: Int
      var hasEntity: Bool
    }

    /// The raw text up to `<`.
    mutating func span() throws -> Span {
      let start = i
      guard let lt = memchr(p + i, 60, end - i) else { throw Unsupported() }
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
      if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
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
      let q = p + i
      // Digits everywhere but the separators, checked above.
      for k in 0..<19 where k != 4 && k != 7 && k != 10 && k != 13 && k != 16 && q[k] &- 48 > 9 {
        throw Unsupported()
      }
      @inline(__always) func num(_ at: Int, _ n: Int) -> Int {
        var v = 0
        for k in at..<(at + n) { v = v * 10 + Int(q[k] &- 48) }
        return v
      }
      let y = num(0, 4)
      guard y >= 1 else { throw Unsupported() }  // year 0: Foundation's to refuse
      let mo = num(5, 2)
      let d = num(8, 2)
      let h = num(11, 2)
      let mi = num(14, 2)
      let s = num(17, 2)
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
      // A date is checked even when skipped: Foundation refuses the file for one it cannot read.
      if starts("<date>") {
        do { _ = try date() } catch is CodecError { throw Unsupported() }  // not ours to refuse
        return
      }
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
