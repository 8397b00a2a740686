import Foundation

/// The fields of SPEC 8 an `add` or `edit` sets (``TodoOperation/add(title:deadline:repeatRule:warn:fields:)``,
/// ``TodoOperation/edit(_:title:deadline:repeatRule:warn:fields:)``): each nil
/// when untouched, `.some(nil)` to clear, so an edit writes only what the user touched.
public struct FieldEdits: Equatable, Sendable {
  public var note: String??
  public var priority: Int??
  /// Tags to add (`add: true`) or remove, in order.
  public var tags: [TagEdit]
  public var start: Date??
  public var progress: Int??
  /// The list to move to, as the item's `list` field holds it (`.some(nil)`: the default list).
  public var list: String??
  /// The parent's iCalendar UID (SPEC 9), `.some(nil)`: no parent.
  public var parent: String??
  /// The alerts (issue 36), the whole list (`[]`: none); nil: untouched.
  public var alerts: [ItemAlert]?

  /// A tag to add or remove; removing the empty tag removes them all (`--tag none`).
  public struct TagEdit: Equatable, Sendable {
    public var tag: String
    public var add: Bool
    public init(_ tag: String, add: Bool) {
      self.tag = tag
      self.add = add
    }
  }

  public init(
    note: String?? = nil, priority: Int?? = nil, tags: [TagEdit] = [], start: Date?? = nil,
    progress: Int?? = nil, list: String?? = nil,
    parent: String?? = nil, alerts: [ItemAlert]? = nil
  ) {
    self.alerts = alerts
    self.note = note
    self.priority = priority
    self.tags = tags
    self.start = start
    self.progress = progress
    self.list = list
    self.parent = parent
  }

  public static let none = FieldEdits()

  /// Sets the fields given, and only those.
  public func apply(to item: inout TodoItem) {
    if let n = note { item.note = n }
    if let p = priority { item.priority = p }
    for e in tags {
      if e.add {
        if !item.tags.contains(e.tag) { item.tags.append(e.tag) }
      } else if e.tag.isEmpty {
        item.tags.removeAll()
      } else {
        item.tags.removeAll { $0.caseInsensitiveCompare(e.tag) == .orderedSame }
      }
    }
    if let s = start { item.start = s?.wholeSeconds }
    if let p = progress { item.progress = p }
    if let l = list { item.list = l }
    if let p = parent { item.parent = p }
    if let a = alerts { item.alerts = a }
  }
}
