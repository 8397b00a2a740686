import Foundation

/// `export --format json` and its import: an array of items with every field
/// (the fields of `list --json` and the rest: creation and modification
/// times, sequence, the unmapped iCalendar text, what was notified, unknown
/// plist keys), dates as ISO 8601 with the local offset. `import` also reads
/// `list --json` output (the fields it lacks are left empty).
public enum JSONExchange {
  /// A JSON key.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// A field's value as JSON holds it (dates as ISO 8601 text).
  enum Value: Encodable, Equatable {
    case text(String), integer(Int), bool(Bool), texts([String]), alerts([AlertJSON])

    func encode(to encoder: Encoder) throws {
      var c = encoder.singleValueContainer()
      switch self {
      case .text(let s): try c.encode(s)
      case .integer(let n): try c.encode(n)
      case .bool(let b): try c.encode(b)
      case .texts(let a): try c.encode(a)
      case .alerts(let a): try c.encode(a)
      }
    }
  }

  /// One item as the export writes it: the fields of the table by their JSON
  /// names (``ItemField/JSON``), `overdue` and `scheduled`, the unknown plist keys.
  struct Item: Codable, Equatable {
    var values: [String: Value?] = [:]
    var otherKeys: [String: String]?
    /// The name and colour of the item's list (SPEC 9), beside its id, so that an import can make it.
    var listName: String?
    var listColor: String?

    init() {}

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: Key.self)
      for (k, v) in values {
        if let v { try c.encode(v, forKey: Key(k)) } else { try c.encodeNil(forKey: Key(k)) }
      }
      if let o = otherKeys, !o.isEmpty { try c.encode(o, forKey: Key("otherKeys")) }
      try c.encodeIfPresent(listName, forKey: Key(Self.listNameKey))
      try c.encodeIfPresent(listColor, forKey: Key(Self.listColorKey))
    }

    static let listNameKey = "listName"
    static let listColorKey = "listColor"
    /// Decoded: each field of the table by its index (``ItemField/all``), nil when absent or null.
    var decoded: [Value?] = []
    /// The keys of the table's fields, made once.
    static let keys = ItemField.all.map { Key($0.name) }

    init(from decoder: Decoder) throws {
      let c = try decoder.container(keyedBy: Key.self)
      decoded = Array(repeating: nil, count: ItemField.all.count)
      for (i, f) in ItemField.all.enumerated() {
        let key = Self.keys[i]
        switch f.kind {
        case .text, .lines, .date, .uuid:
          if i == ItemField.id.index || i == ItemField.title.index {
            decoded[i] = .text(try c.decode(String.self, forKey: key))
          } else if let s = try c.decodeIfPresent(String.self, forKey: key) {
            decoded[i] = .text(s)
          }
        case .integer:
          if let n = try c.decodeIfPresent(Int.self, forKey: key) { decoded[i] = .integer(n) }
        case .flag: if let b = try c.decodeIfPresent(Bool.self, forKey: key) { decoded[i] = .bool(b) }
        case .texts where i == ItemField.alerts.index:
          // Objects (``AlertJSON``), each as the data file stores it.
          if let a = try c.decodeIfPresent([AlertJSON.Element].self, forKey: key) {
            decoded[i] = .texts(a.compactMap(\.stored))
          }
        case .texts:
          if let a = try c.decodeIfPresent([String].self, forKey: key) { decoded[i] = .texts(a) }
        }
      }
      otherKeys = try c.decodeIfPresent([String: String].self, forKey: Key("otherKeys"))
      // Beside the item's list, or (with no list) the source's default list.
      listName = try c.decodeIfPresent(String.self, forKey: Key(Self.listNameKey))
      listColor = try c.decodeIfPresent(String.self, forKey: Key(Self.listColorKey))
    }
  }

  /// The items as one JSON document (an array, `[]` when empty).
  /// - Parameter scheduled: the items that hold one of the 64 slots.
  /// - Parameter lists: the file's lists: an item outside the default one carries its list's name and colour.
  public static func encode(
    _ items: [TodoItem], now: Date, scheduled: Set<UUID>, timeZone: TimeZone, lists: ListBook = .implicit
  ) -> String {
    let f = DueFormatter(timeZone: timeZone, now: now)
    let out = items.map { i in
      var item = Item()
      for field in ItemField.all {
        var v = field.get(i)
        if v == .absent && field.json == .listedOrID { v = .uuid(i.id) }
        if field === ItemField.warn { v = FieldValue(i.warn) }
        if field === ItemField.all[ItemField.alerts.index] {
          item.values[field.name] = .some(i.alerts.isEmpty ? nil : .alerts(i.alerts.map { AlertJSON($0, f) }))
          continue
        }
        let value: Value?
        switch v {
        case .absent: value = field.kind == .flag ? .bool(false) : nil
        case .text(let s): value = .text(s)
        case .integer(let n): value = .integer(n)
        case .date(let d): value = .text(ISOTime.string(d, formatter: f))
        case .flag: value = .bool(true)
        case .texts(let a): value = .texts(a)
        case .uuid(let u): value = .text(u.uuidString)
        }
        if value != nil || field.json != .exported { item.values[field.name] = .some(value) }
      }
      item.values["overdue"] = .bool(i.isOverdue(at: now))
      item.values["scheduled"] = .bool(scheduled.contains(i.id))
      item.otherKeys = i.otherKeys
      // Its list by name, the default one too when the file names its lists (an import keeps it).
      if lists.stored || i.list != nil, let l = lists.list(id: lists.listID(of: i)) {
        item.listName = l.name
        item.listColor = l.color
      }
      return item
    }
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! enc.encode(out), as: UTF8.self) + "\n"
  }

  /// The items of a JSON export (or of `list --json`).
  /// - Throws: ``TodoError/badFile(path:detail:)`` naming the entry that cannot be read.
  public static func decode(_ data: Data, path: String) throws -> [TodoItem] {
    try decodeWithLists(data, path: path).items
  }

  /// The items of a JSON export, the lists they name (in their order of first appearance)
  /// and the source's default list (named by an item without a list; its id unknown: empty).
  static func decodeWithLists(_ data: Data, path: String) throws -> (
    items: [TodoItem], lists: [NamedList], defaultList: NamedList?
  ) {
    let raw = try items(data, path: path)
    let iso = ISO8601DateFormatter()
    var lists: [NamedList] = []
    var first: NamedList?
    for r in raw {
      guard let name = r.listName else { continue }
      guard case .text(let id)? = r.decoded[ItemField.list.index] else {
        if first == nil { first = NamedList(id: "", name: name, color: r.listColor) }
        continue
      }
      if !lists.contains(where: { $0.id == id }) {
        lists.append(NamedList(id: id, name: name, color: r.listColor))
      }
    }
    let items = try raw.enumerated().map { (k, r) in
      let idText: String
      if case .text(let s)? = r.decoded[ItemField.id.index] {
        idText = s
      } else {
        idText = ""
      }
      func fail(_ why: String) -> TodoError {
        TodoError.badFile(
          path: path, detail: "item \(k + 1) (\(idText.prefix(40))): \(why); nothing was imported")
      }
      guard let id = uuid(idText) else { throw fail("'id' is not a UUID") }
      var item = TodoItem(id: id, title: "", deadline: nil, created: Date(timeIntervalSince1970: 0))
      var created = false
      for (i, f) in ItemField.all.enumerated() where i != ItemField.id.index {
        guard let v = r.decoded[i] else { continue }
        switch (f.kind, v) {
        case (.date, .text(let s)):
          guard let d = ISOTime.date(s) ?? iso.date(from: s) else {
            throw fail("'\(f.name)' is not an ISO 8601 date")
          }
          f.set(&item, .date(d))
          if i == ItemField.created.index { created = true }
        case (.uuid, .text(let s)):
          guard let u = uuid(s) else { throw fail("'\(f.name)' is not a UUID") }
          f.set(&item, .uuid(u))
        case (.text, .text(let s)), (.lines, .text(let s)): f.set(&item, .text(s))
        case (.integer, .integer(let n)): f.set(&item, .integer(n))
        case (.flag, .bool(let b)): f.set(&item, FieldValue(b))
        case (.texts, .texts(let a)): f.set(&item, .texts(a))
        default: throw fail("'\(f.name)' has the wrong type")
        }
      }
      if !Title.isClean(item.title) { item.title = Title.sanitize(item.title, cuttingAt: .max) }
      if !created { item.created = item.deadline ?? Date(timeIntervalSince1970: 0) }
      if item.uid == id.uuidString { item.uid = nil }
      item.otherKeys = r.otherKeys ?? [:]
      if let w = item.warn, w < 0 { throw fail("'\(ItemField.warn.name)' is negative") }
      do { try Instants.check(item) } catch { throw fail("\(error)") }
      return item
    }
    return (items, lists, first)
  }

  /// The items of a document as ``Item``s: by the lean reader, by `JSONDecoder` when that
  /// one gives up (and so the decoder's word on what is wrong).
  static func items(_ data: Data, path: String) throws -> [Item] {
    if let lean = LeanReader.items(data) { return lean }
    do { return try JSONDecoder().decode([Item].self, from: data) } catch {
      throw TodoError.badFile(
        path: path,
        detail: "not a JSON export of ours (\(describe(error))) nor Taskwarrior's; import reads "
          + "\(ImportFormats.formatsRead); nothing was imported")
    }
  }

  /// A UUID's text as Foundation reads it; the usual form (36 bytes) without
  /// Foundation's `sscanf` (two an item, a few percent of an import).
  static func uuid(_ text: String) -> UUID? {
    var text = text
    let lean = text.withUTF8 { b in b.count == 36 ? LeanPlistReader.Cursor.parseUUID(b.baseAddress!) : nil }
    return lean ?? UUID(uuidString: text)
  }

  static func describe(_ e: Error) -> String {
    switch e {
    case DecodingError.dataCorrupted(let c): return c.debugDescription
    case DecodingError.keyNotFound(let k, _): return "no '\(k.stringValue)'"
    case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
      return "'\(c.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
    default: return "\(e)"
    }
  }
}
