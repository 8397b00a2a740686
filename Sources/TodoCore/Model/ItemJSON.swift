import Foundation

/// The JSON of `list --json` and `export --format json`, written as bytes: the
/// same text `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` (tested against it), at a fraction of the time and
/// memory (at 100,000 items the encoder built a tree of 1.2 million values and
/// a 40 MB string). Keys in sorted order; absent values are `null`.
public enum ItemJSON {
  /// Writes the array of `items` to `sink` in pieces of about `chunk` bytes; `lists`
  /// names each item's list (`listName`, as the JSON export has it).
  public static func write(
    _ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter,
    lists: ListBook = .implicit,
    chunk: Int = 1 << 16, to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var out: [UInt8] = []
    out.reserveCapacity(min(chunk, 512 * items.count) + 1024)
    if items.isEmpty {
      put("[]\n", &out)
    } else {
      put("[\n", &out)
      for (k, i) in items.enumerated() {
        put("  {\n", &out)
        for (c, column) in Column.listed.enumerated() {
          out.append(contentsOf: column.head)
          switch column.what {
          case .overdue: bool(i.isOverdue(at: now), &out)
          case .scheduled: bool(scheduled.contains(i.id), &out)
          case .listName: string(lists.name(of: i), &out)
          case .field(let field):
            if AlertJSON.write(field, of: i, f, to: &out) { break }
            var v = field.get(i)
            if v == .absent && field.json == .listedOrID { v = .uuid(i.id) }
            value(v, field.kind, f, &out)
          }
          if c + 1 < Column.listed.count { put(",\n", &out) }
        }
        put(k + 1 < items.count ? "\n  },\n" : "\n  }\n", &out)
        if out.count >= chunk {
          out.withUnsafeBufferPointer(sink)
          out.removeAll(keepingCapacity: true)
        }
      }
      put("]\n", &out)
    }
    out.withUnsafeBufferPointer(sink)
  }

  /// The whole document as a string.
  public static func list(
    _ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter: DueFormatter, lists: ListBook = .implicit
  ) -> String {
    var all: [UInt8] = []
    write(items, now: now, scheduled: scheduled, formatter: formatter, lists: lists) {
      all.append(contentsOf: $0)
    }
    return String(decoding: all, as: UTF8.self)
  }

  /// A column of `list --json`: a field of the table (``ItemField/JSON/listed``)
  /// or one worked out at `now`; the columns in the order of their names.
  struct Column: Sendable {
    enum What: Sendable {
      case field(ItemField)
      /// The name of the item's list (SPEC 9), never null: an item names no list or one
      /// the file does not hold is in the default one.
      case overdue, scheduled, listName
    }
    var name: String
    var what: What
    /// `    "name" : `
    var head: [UInt8] { Array("    \"\(name)\" : ".utf8) }

    static let listed: [Column] =
      (ItemField.all.filter { $0.json != .exported }.map { Column(name: $0.name, what: .field($0)) }
      + [
        Column(name: "overdue", what: .overdue), Column(name: "scheduled", what: .scheduled),
        Column(name: "listName", what: .listName),
      ])
      .sorted { $0.name < $1.name }
  }

  /// A field's value as JSON: `null` when absent (false for a flag).
  static func value(_ v: FieldValue, _ kind: ItemField.Kind, _ f: DueFormatter, _ out: inout [UInt8]) {
    switch v {
    case .absent: put(kind == .flag ? "false" : "null", &out)
    case .flag: put("true", &out)
    case .date(let d): date(d, f, &out)
    case .text(let s): string(s, &out)
    case .integer(let n): out.append(contentsOf: String(n).utf8)
    case .uuid(let u):
      out.append(34)
      u.withCanonicalText { out.append(contentsOf: $0) }  // uuidString formats with snprintf
      out.append(34)
    case .texts(let a):
      // As JSONEncoder pretty-prints an array inside an item.
      guard !a.isEmpty else { return put("[]", &out) }
      put("[\n", &out)
      for (k, s) in a.enumerated() {
        put(k > 0 ? ",\n      " : "      ", &out)
        string(s, &out)
      }
      put("\n    ]", &out)
    }
  }

  static func bool(_ b: Bool, _ out: inout [UInt8]) {
    put(b ? "true" : "false", &out)
  }

  /// A literal's bytes (a String's UTF-8 view went the generic way: a tenth of the writer).
  @inline(__always) static func put(_ s: StaticString, _ out: inout [UInt8]) {
    s.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  /// `ISOTime.string` as a JSON string, or null.
  static func date(_ d: Date?, _ f: DueFormatter, _ out: inout [UInt8]) {
    guard let d = d else {
      put("null", &out)
      return
    }
    let t = f.fields(d)
    let off = f.offsetSeconds(d)
    out.append(34)
    digits(t.year, 4, &out)
    out.append(45)
    digits(t.month, 2, &out)
    out.append(45)
    digits(t.day, 2, &out)
    out.append(84)
    digits(t.hour, 2, &out)
    out.append(58)
    digits(t.minute, 2, &out)
    out.append(58)
    digits(t.second, 2, &out)
    if off == 0 {
      out.append(90)
    } else {
      let a = abs(off) / 60
      out.append(off < 0 ? 45 : 43)
      digits(a / 60, 2, &out)
      out.append(58)
      digits(a % 60, 2, &out)
    }
    out.append(34)
  }

  /// At least `width` digits, as `ISOTime.pad` writes them (a negative year keeps its sign first).
  static func digits(_ v: Int, _ width: Int, _ out: inout [UInt8]) {
    if v >= 0 && v < 10_000 {
      var n = v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : 4
      while n < width {
        out.append(48)
        n += 1
      }
      if v >= 1000 { out.append(UInt8(48 + v / 1000)) }
      if v >= 100 { out.append(UInt8(48 + v / 100 % 10)) }
      if v >= 10 { out.append(UInt8(48 + v / 10 % 10)) }
      out.append(UInt8(48 + v % 10))
      return
    }
    let s = String(v)
    for _ in s.utf8.count..<max(width, s.utf8.count) { out.append(48) }
    out.append(contentsOf: s.utf8)
  }

  static let hex = Array("0123456789abcdef".utf8)

  /// The letter after the backslash that JSONEncoder writes for `b` (`\"`,
  /// `\\`, `\b`, `\f`, `\n`, `\r`, `\t`), or nil: another control character,
  /// written as `\u00XX`.
  @inline(__always) static func shortEscape(_ b: UInt8) -> UInt8? {
    switch b {
    case 34: 34
    case 92: 92
    case 8: 98
    case 9: 116
    case 10: 110
    case 12: 102
    case 13: 114
    default: nil
    }
  }

  /// A JSON string as JSONEncoder writes it: `"` and `\` escaped, control
  /// characters as \b \f \n \r \t or \u00XX, everything else as it is.
  static func string(_ s: String, _ out: inout [UInt8]) {
    out.append(34)
    var s = s
    s.withUTF8 { buf in
      var run = 0
      for (k, b) in buf.enumerated() where b < 0x20 || b == 34 || b == 92 {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run..<k]))
        run = k + 1
        if let e = shortEscape(b) {
          out.append(contentsOf: [92, e])
        } else {
          out.append(contentsOf: [92, 117, 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run...]))
    }
    out.append(34)
  }
}
