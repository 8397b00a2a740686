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

  struct Cursor {
    let p: UnsafePointer<UInt8>
    var end: Int
    var i = 0
    /// The file when it is read in pieces; nil when all of it is in memory.
    var feed: Feed? = nil
    /// The items read that had no creation time (``TodoDocument/withoutCreated``).
    var withoutCreated: Set<UUID> = []

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
          case TodoDocument.versionKeyText:
            guard version == nil else {
              throw CodecError("the key '\(TodoDocument.versionKey)' appears twice in the root")
            }
            version = try unit { try $0.integer() }
          case TodoDocument.itemsKeyText:
            guard items == nil else {
              throw CodecError("the key '\(TodoDocument.itemsKey)' appears twice in the root")
            }
            items = try todoItems(tolerant: tolerant, warnings: &warnings)
          case TodoDocument.listsKeyText where other[key] == nil:
            other[key] = try unit { try $0.listsValue() }
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
        TodoItem.sortByDeadline(&list)  // nothing moved when sorted, as we write it
        var doc = TodoDocument(
          formatVersion: version ?? 0, items: list, warnings: warnings, otherRootKeys: other)
        doc.withoutCreated = withoutCreated
        return doc
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
          throw CodecError("UUID \(key) appears twice in \(TodoDocument.itemsKey)")
        }
        if !raw.hasCreated { withoutCreated.insert(item.id) }
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
      // A key twice would be one value silently lost at the next write: the
      // known ones are bits; the names of the others, in a short array while
      // there are few (hashing each into a Set took 45% of `list` at 10,000 items).
      var known: UInt64 = 0
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
        let twice: Bool
        switch field {
        case .known(let k):
          twice = known & (1 << UInt64(k)) != 0
          known |= 1 << UInt64(k)
        case .other(let name):
          if seen.count < 16 {
            twice = seen.contains(name)
            seen.append(name)
            if seen.count == 16 { many = Set(seen) }
          } else {
            twice = !many.insert(name).inserted
          }
        }
        if twice {
          throw CodecError(
            "entry '\(try string(of: keySpan).prefix(64))': the key '\(field.name)' appears twice")
        }
        switch field {
        case .known(ItemField.id.index): uuidSpan = try stringSpan()
        case .known(let k): raw.set(k, try value(ItemField.all[k].kind))
        case .other(let name):
          // An odd key (control characters, non-ASCII) is Foundation's to read.
          guard name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { throw Unsupported() }
          raw.otherKeys[name] = try keptValue()
        }
      }
    }

    /// A field's value of this kind.
    mutating func value(_ kind: ItemField.Kind) throws -> FieldValue {
      switch kind {
      case .text, .lines: return .text(try string())
      case .integer: return .integer(try integer())
      case .date: return .date(try date())
      case .flag:
        if starts("<true/>") {
          i += 7
          return .flag
        }
        try expect("<false/>")
        return .absent
      case .texts:
        if starts("<array/>") {
          i += 8
          return .texts([])
        }
        try expect("<array>")
        var out: [String] = []
        while true {
          skipSpace()
          if starts("</array>") {
            i += 8
            return .texts(out)
          }
          out.append(try string())
        }
      case .uuid:
        guard let u = UUID(uuidString: try string()) else { throw Unsupported() }  // Foundation's to word
        return .uuid(u)
      }
    }

    /// The item without building the key and UUID strings, when the entry is
    /// the common case that ``RawItem/item(tolerant:warnings:)`` would accept as
    /// it is: key and UUID field the same canonical UUID, a clean title, a
    /// deadline, every date in range. Nil sends the entry the general way.
    func fastItem(_ key: Span, _ uuid: Span?, _ raw: RawItem) -> TodoItem? {
      guard let u = uuid, key.count == 36, u.count == 36, !key.hasEntity, !u.hasEntity,
        memcmp(p + key.start, p + u.start, 36) == 0, let id = Self.parseUUID(p + key.start),
        let title = raw.title, Title.isClean(title), (raw.fields.warn ?? 0) >= 0
      else { return nil }
      guard raw.badDate == nil else { return nil }
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

    /// A key of an entry: a field of ``ItemField/all`` (by its index) or another key.
    enum Field {
      case known(Int)
      case other(String)

      var name: String {
        switch self {
        case .known(let k): return ItemField.all[k].keyText
        case .other(let n): return n
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
      // By length first (the table's keys of that length), then by bytes: no string is built.
      if s.count < Self.keysByLength.count {
        for k in Self.keysByLength[s.count]
        where memcmp(p + s.start, ItemField.all[k].key.utf8Start, s.count) == 0 {
          return .known(k)
        }
      }
      return Self.field(named: try string(of: s))  // a key must still be text (UTF-8), as Foundation checks
    }

    /// The fields of ``ItemField/all`` by the length of their key.
    static let keysByLength: [[Int]] = {
      var out = [[Int]](repeating: [], count: ItemField.all.map(\.key.utf8CodeUnitCount).max()! + 1)
      for (k, f) in ItemField.all.enumerated() { out[f.key.utf8CodeUnitCount].append(k) }
      return out
    }()

    static func field(named k: String) -> Field {
      RawItem.fieldIndex[k].map { .known($0) } ?? .other(k)
    }

    func equals(_ s: Span, _ literal: StaticString) -> Bool {
      s.count == literal.utf8CodeUnitCount && memcmp(p + s.start, literal.utf8Start, s.count) == 0
    }

  }
}
