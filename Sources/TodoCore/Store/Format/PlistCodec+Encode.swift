import Foundation

/// The lean writer: the layout ``LeanPlistReader`` reads fastest, and any
/// plist parser reads (Foundation's is checked against it in the tests).
extension PlistCodec {
  /// The data file for these items: XML, one item a line, items by deadline.
  /// - Complexity: O(n log n) for the sort of small keys, O(n) for the rest.
  public static func encode(_ items: [TodoItem], otherRootKeys: [String: String] = [:]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(items.count * 300 + 512)
    encode(items, otherRootKeys: otherRootKeys, chunk: Int.max) { out.append(contentsOf: $0) }
    return out
  }

  /// Writes the data file for these items in pieces of about `chunk` bytes
  /// to `sink`, so that a writer of 100,000 items does not hold 30 MB at once.
  public static func encode<C: Collection>(
    _ items: C, otherRootKeys: [String: String] = [:], chunk: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows where C.Element == TodoItem {
    var w = ByteWriter()
    w.out.reserveCapacity(min(chunk, items.count * 300) + 1024)
    w.header(otherRootKeys: otherRootKeys)
    for index in deadlineOrder(items) {
      w.entry(items[index])
      if w.out.count >= chunk {
        try w.out.withUnsafeBufferPointer { try sink($0) }
        w.out.removeAll(keepingCapacity: true)
      }
    }
    w.put(footer)
    try w.out.withUnsafeBufferPointer { try sink($0) }
  }

  /// What follows the last entry.
  static let footer: StaticString = "\t</dict>\n</dict>\n</plist>\n"

  /// One entry of `todoItems` as ``encode(_:otherRootKeys:)`` writes it (one line,
  /// unless a value holds line feeds).
  public static func entry(_ item: TodoItem) -> [UInt8] {
    var w = ByteWriter()
    w.entry(item)
    return w.out
  }

  /// The indices of `items` by deadline, ties by UUID (``TodoItem/byDeadline(_:_:)``).
  /// Sorting small plain keys instead of the items saves the copies and
  /// reference counting of moving 100,000 items around.
  static func deadlineOrder<C: Collection>(_ items: C) -> [C.Index] where C.Element == TodoItem {
    var keys = items.indices.map { i -> OrderKey<C.Index> in
      let (hi, lo) = withUnsafeBytes(of: items[i].id.uuid) {
        (
          UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
          UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        )
      }
      return OrderKey(
        deadline: items[i].sortDeadline.timeIntervalSinceReferenceDate, hi: hi, lo: lo, index: i)
    }
    keys.sort { a, b in
      if a.deadline != b.deadline { return a.deadline < b.deadline }
      return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo
    }
    return keys.map(\.index)
  }

  static let amp = Array("&amp;".utf8)
  static let lt = Array("&lt;".utf8)
  static let gt = Array("&gt;".utf8)
  static let cr = Array("&#13;".utf8)

  /// - Parameter keepingLineFeeds: LF goes through as it is (XML holds it): the
  ///   lines of `icalExtra`, which titles never have.
  static func appendEscaped(_ s: String, to out: inout [UInt8], keepingLineFeeds: Bool = false) {
    var copy = s
    copy.withUTF8 { buf in
      // Printable ASCII with nothing to escape, the common case, goes as it is.
      var plain = true
      for b in buf where b < 0x20 || b >= 0x7F || b == 38 || b == 60 || b == 62 {
        plain = false
        break
      }
      if plain {
        out.append(contentsOf: buf)
        return
      }
      // Runs of ordinary bytes are copied whole; the text is valid UTF-8, so no
      // continuation byte can be taken for '&', '<', '>' or a control character.
      let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]  // U+FFFD
      var i = 0
      var run = 0
      let n = buf.count
      func flush(_ end: Int) {
        if end > run { out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run..<end])) }
      }
      while i < n {
        let b = buf[i]
        var width = 1
        var insert: [UInt8]? = nil
        switch b {
        case 38: insert = Self.amp
        case 60: insert = Self.lt
        case 62: insert = Self.gt
        case 0x09 where keepingLineFeeds, 0x0A where keepingLineFeeds: break  // XML holds them as they are
        case 0x0D where keepingLineFeeds: insert = Self.cr  // a raw CR would read back as LF (XML line ends)
        case 0..<0x20, 0x7F: insert = replacement  // never write what XML 1.0 cannot hold
        case 0xC2 where i + 1 < n && (0x80...0x9F).contains(buf[i + 1]):
          insert = replacement  // C1 controls
          width = 2
        case 0xEF where i + 2 < n && buf[i + 1] == 0xBF && (buf[i + 2] == 0xBE || buf[i + 2] == 0xBF):
          insert = replacement  // U+FFFE, U+FFFF
          width = 3
        default: break
        }
        if let bytes = insert {
          flush(i)
          out.append(contentsOf: bytes)
          run = i + width
        }
        i += width
      }
      flush(n)
    }
  }

  /// "2026-11-23T09:00:00Z" for seconds since 1970.
  static func appendISO(_ t: Int, to out: inout [UInt8]) {
    var w = ByteWriter(out: out)
    out = []
    w.iso(seconds: t)
    out = w.out
  }
}

/// What ``PlistCodec/deadlineOrder(_:)`` sorts: plain values, no references.
struct OrderKey<Index> {
  var deadline: Double
  var hi: UInt64
  var lo: UInt64
  var index: Index
}

/// Bytes appended without the generic paths of `Array.append(contentsOf:)`.
struct ByteWriter {
  var out: [UInt8] = []

  /// The start of the data file, up to the first entry of `todoItems`.
  mutating func header(otherRootKeys: [String: String]) {
    put(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>
      """)
    put(TodoDocument.versionKey)
    put("</key>\n\t<integer>")
    decimal(TodoDocument.currentVersion)
    put("</integer>\n")
    for key in otherRootKeys.keys.sorted() {
      put("\t<key>")
      PlistCodec.appendEscaped(key, to: &out)
      put("</key>\n\t")
      out.append(contentsOf: otherRootKeys[key]!.utf8)
      put("\n")
    }
    put("\t<key>")
    put(TodoDocument.itemsKey)
    put("</key>\n\t<dict>\n")
  }

  /// One entry of `todoItems`, one line: the known fields in a fixed order,
  /// then the unknown ones by key.
  mutating func entry(_ item: TodoItem) {
    put("\t\t<key>")
    uuid(item.id)
    put("</key><dict>")
    for f in ItemField.all { field(f.key, f.get(item), f.kind) }
    if !item.otherKeys.isEmpty {
      for key in item.otherKeys.keys.sorted() {
        put("<key>")
        PlistCodec.appendEscaped(key, to: &out)
        put("</key>")
        out.append(contentsOf: item.otherKeys[key]!.utf8)
      }
    }
    put("</dict>\n")
  }

  nonisolated(unsafe) static let alertsKey = ItemField.alerts.key.utf8Start

  /// `<key>KEY</key>` and the value as this kind is written; nothing when absent.
  @inline(__always) mutating func field(_ key: StaticString, _ v: FieldValue, _ kind: ItemField.Kind) {
    switch v {
    case .absent: return
    case .date(let d): date(key, d)
    case .text(let s): string(key, s, keepingLineFeeds: kind == .lines)
    case .integer(let n): integer(key, n)
    case .flag:
      put("<key>")
      put(key)
      put("</key><true/>")
    case .uuid(let u):
      put("<key>")
      put(key)
      put("</key><string>")
      uuid(u)
      put("</string>")
    case .texts(let a):
      put("<key>")
      put(key)
      if a.isEmpty {
        put("</key><array/>")
        return
      }
      put("</key><array>")
      for s in a {
        put("<string>")
        // Line feeds kept in alerts: one may be a VALARM's own text (issue 36).
        PlistCodec.appendEscaped(s, to: &out, keepingLineFeeds: key.utf8Start == Self.alertsKey)
        put("</string>")
      }
      put("</array>")
    }
  }

  @inline(__always) mutating func put(_ s: StaticString) {
    s.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  mutating func decimal(_ v: Int) {
    if v < 0 {
      out.append(45)
      decimal(-v)
      return
    }
    if v >= 10 { decimal(v / 10) }
    out.append(UInt8(48 + v % 10))
  }

  /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, uppercase.
  mutating func uuid(_ id: UUID) {
    id.withCanonicalText { out.append(contentsOf: $0) }
  }

  /// `<key>KEY</key><date>…</date>`
  mutating func date(_ key: StaticString, _ date: Date) {
    put("<key>")
    put(key)
    put("</key><date>")
    iso(date)
    put("</date>")
  }

  /// `<key>KEY</key><string>…</string>`, escaped.
  mutating func string(_ key: StaticString, _ s: String, keepingLineFeeds: Bool = false) {
    put("<key>")
    put(key)
    put("</key><string>")
    PlistCodec.appendEscaped(s, to: &out, keepingLineFeeds: keepingLineFeeds)
    put("</string>")
  }

  /// `<key>KEY</key><integer>…</integer>`
  mutating func integer(_ key: StaticString, _ v: Int) {
    put("<key>")
    put(key)
    put("</key><integer>")
    decimal(v)
    put("</integer>")
  }

  mutating func iso(_ date: Date) { iso(seconds: Int(date.timeIntervalSince1970.rounded(.down))) }

  /// "2026-11-23T09:00:00Z" for seconds since 1970.
  mutating func iso(seconds t: Int) {
    var days = t / 86_400
    var secs = t % 86_400
    if secs < 0 {
      secs += 86_400
      days -= 1
    }
    let (y, m, d) = CivilDays.civil(days)
    var text: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes
    withUnsafeMutableBytes(of: &text) { t in
      @inline(__always) func two(_ at: Int, _ v: Int) {
        t[at] = UInt8(48 + v / 10 % 10)
        t[at + 1] = UInt8(48 + v % 10)
      }
      two(0, y / 100)
      two(2, y % 100)
      t[4] = 45
      two(5, m)
      t[7] = 45
      two(8, d)
      t[10] = 84
      two(11, secs / 3600)
      t[13] = 58
      two(14, secs % 3600 / 60)
      t[16] = 58
      two(17, secs % 60)
      t[19] = 90
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: t[0..<20]))
    }
  }
}
