import Foundation

/// What an operation needs to know of the list it changes: its items by UUID,
/// the IDs a user may type, and how many notification slots are wanted. The
/// whole ``TodoList`` is one; the data file read only as far as a change needs
/// (``Store/commit(_:wait:env:whileLocked:)``) is another, so that `add` and `complete` need not
/// decode every item of a large file.
public protocol ItemSource {
  /// The item with this UUID, if any.
  func item(_ id: UUID) -> TodoItem?
  /// The item a full UUID, its iCalendar UID (exactly) or a unique prefix (at least 4 characters, any case) names.
  func resolve(_ text: String) throws -> UUID
  /// Undelivered notifications that fire after `now` and before `end`: the
  /// slots they want (SPEC 5).
  func futureCount(after now: Date, before end: Date) -> Int
  /// The file's lists (SPEC 9).
  var lists: ListBook { get }
  /// The items whose parent is the item of this iCalendar UID (SPEC 9).
  func children(ofUID uid: String) -> [TodoItem]
}

extension TodoList: ItemSource {
  public func item(_ id: UUID) -> TodoItem? { items[id] }

  /// - Complexity: O(n).
  public func children(ofUID uid: String) -> [TodoItem] { items.values.filter { $0.parent == uid } }

  public func futureCount(after now: Date, before end: Date) -> Int {
    Scheduler.futureCount(items.values, now: now, before: end)
  }
}

extension TodoList {
  /// The UUID `text` names among `ids`: a full UUID (any case) of an item
  /// `contains` knows, its iCalendar UID (exactly), or a unique prefix of at
  /// least 4 characters.
  static func resolve<S: Sequence>(_ text: String, among ids: S, contains: (UUID) -> Bool) throws -> UUID
  where S.Element == UUID {
    let key = text.uppercased()
    if let u = UUID(uuidString: key), contains(u) { return u }
    // An iCalendar UID, exactly: an item made elsewhere has the UUID derived from it.
    let derived = UUID.derived(from: text)
    if contains(derived) { return derived }
    guard key.count >= 4 else { throw TodoError.shortID(text) }
    var matches: [UUID] = []
    for id in ids where id.hasCanonicalPrefix(key) { matches.append(id) }
    switch matches.count {
    case 0: throw TodoError.noSuchItem(text)
    case 1: return matches[0]
    default:
      let short = ShortIDs(Array(ids))
      throw TodoError.ambiguousID(text, matches.map(short.text).sorted())
    }
  }
}
