import Foundation

/// The contents of a data file: its format version and its items.
public struct TodoDocument: Equatable, Sendable {
  /// The format this program writes. 0 is the tutorial app's own layout (no version key).
  public static let currentVersion = 1

  public var formatVersion: Int
  public var items: [TodoItem]
  /// Problems that a tolerant read got past, one line each (shown as warnings).
  public var warnings: [String]
  /// Root keys this program does not know: key → the value as property-list
  /// XML, kept as it is on every rewrite.
  public var otherRootKeys: [String: String]
  /// The items that had no creation time (the tutorial's layout): `import`
  /// gives them its own time, as a deadline is no creation time.
  public var withoutCreated: Set<UUID> = []

  public init(
    formatVersion: Int = TodoDocument.currentVersion, items: [TodoItem], warnings: [String] = [],
    otherRootKeys: [String: String] = [:]
  ) {
    self.formatVersion = formatVersion
    self.items = items
    self.warnings = warnings
    self.otherRootKeys = otherRootKeys
  }
}

/// The fields of one entry of `todoItems` as read, before they are checked.
/// Both readers (the lean one and Foundation's) fill this, so that both check
/// an entry by the same rules and give the same messages.
struct RawItem {
  var key: String
  var uuid: String?
  var title: String?
  /// The fields after the title (``ItemField/stored``), as read; its id and title are not yet set.
  var fields = TodoItem(
    id: ItemField.blankID, title: "", deadline: nil, created: Date(timeIntervalSince1970: 0))
  /// Whether `created` was there (without it, the item was created at its deadline).
  var hasCreated = false
  /// The first date outside the years 1–9999, if any.
  var badDate: Date? = nil
  /// Keys this program does not know, with their values as XML.
  var otherKeys: [String: String] = [:]
  /// Keys that were present with a value of the wrong type.
  var wrongType: [String] = []

  init(key: String) { self.key = key }

  /// Every key of an entry this program reads; the others are kept as they are.
  static let knownKeys = Set(ItemField.all.map(\.keyText))
  /// The field of each key this program reads (index into ``ItemField/all``).
  static let fieldIndex = Dictionary(
    uniqueKeysWithValues: ItemField.all.indices.map { (ItemField.all[$0].keyText, $0) })

  /// Sets field `k` of ``ItemField/all`` (the id and the title included).
  @inline(__always) mutating func set(_ k: Int, _ v: FieldValue) {
    switch k {
    case ItemField.id.index: uuid = v.uuid?.uuidString ?? v.text
    case ItemField.title.index: title = v.text
    default:
      if case .date(let d) = v {
        if badDate == nil && !(RawItem.validRange ~= d.timeIntervalSince1970) { badDate = d }
        if k == ItemField.created.index { hasCreated = true }
      }
      ItemField.all[k].set(&fields, v)
    }
  }

  /// The item, or a message that says what is wrong with the entry.
  func item(tolerant: Bool, warnings: inout [String]) throws -> TodoItem? {
    func fail(_ why: String) throws -> TodoItem? {
      if tolerant {
        warnings.append("entry \(key): \(why); skipped")
        return nil
      }
      throw CodecError("entry '\(key.prefix(64))': \(why)")
    }
    if let bad = wrongType.first { return try fail("'\(bad)' has the wrong type") }
    guard let u = uuid else { return try fail("no UUID") }
    guard let id = UUID(uuidString: u) else { return try fail("UUID '\(u.prefix(64))' is not a UUID") }
    guard u == key || u.uppercased() == key.uppercased() else {
      return try fail("its key differs from its UUID field '\(u)'")
    }
    guard let title = title else { return try fail("no title") }
    if let d = badDate {
      // Never skipped, even by a tolerant read: an import with such a date is refused whole.
      throw CodecError(
        "entry '\(key.prefix(64))': a date is out of range (outside the years 1–9999: \(d.timeIntervalSince1970))"
      )
    }
    // A long title is kept whole: the limit is for what is typed, and cutting here
    // would lose text at the next write. Only what XML cannot hold is replaced.
    let clean = Title.isClean(title) ? title : Title.sanitize(title, cuttingAt: .max)
    if clean != title { warnings.append("entry \(key): title contained characters that were replaced") }
    if let w = fields.warn, w < 0 {
      return try fail("'\(ItemField.warn.keyText)' is negative")
    }
    var copy = self
    copy.otherKeys = Self.cleanKeys(otherKeys, warnings: &warnings, in: key)
    return copy.build(id: id, title: clean, whole: true)
  }

  /// Unknown keys as XML can hold them: characters it cannot are replaced
  /// (with a warning), as in titles, so that what is read writes back the same.
  static func cleanKeys(_ keys: [String: String], warnings: inout [String], in entry: String) -> [String:
    String]
  {
    guard keys.keys.contains(where: { !Title.isClean($0) }) else { return keys }
    var out: [String: String] = [:]
    for (k, v) in keys {
      let clean = Title.isClean(k) ? k : Title.sanitize(k, cuttingAt: .max)
      if clean != k { warnings.append("entry \(entry): a key contained characters that were replaced") }
      out[clean] = v
    }
    return out
  }

  /// The item of these fields (dates cut to whole seconds when `whole`).
  func build(id: UUID, title: String, whole: Bool) -> TodoItem {
    var item = fields
    item.id = id
    item.title = title
    item.otherKeys = otherKeys
    if !hasCreated { item.created = item.deadline ?? item.modified ?? Date(timeIntervalSince1970: 0) }
    if whole {
      for f in ItemField.stored where f.kind == .date {
        if case .date(let d) = f.get(item) { f.set(&item, .date(d.wholeSeconds)) }
      }
    }
    return item
  }

  /// Years 1 to 9999.
  static let validRange = Instants.validRange
}

/// A reader's complaint, with the detail the user sees.
struct CodecError: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}
