import Foundation

/// The to-do list: items by UUID and the operations on them. Every operation
/// returns the ``Change`` it made, which is what undo replays backwards.
public struct TodoList: Equatable, Sendable {
  public private(set) var items: [UUID: TodoItem]
  /// The lists (SPEC 9), as the data file holds them.
  public internal(set) var lists = ListBook.implicit

  public init(items: [UUID: TodoItem] = [:]) { self.items = items }

  /// The items and the lists of a document.
  public init(document: TodoDocument) {
    self.init(document.items)
    lists = document.lists
  }

  public init<S: Sequence>(_ items: S) where S.Element == TodoItem {
    // Filled in place: a map to pairs first held a second copy of the items.
    var byID = [UUID: TodoItem](minimumCapacity: items.underestimatedCount)
    for item in items { byID[item.id] = item }  // the later of two with one UUID wins
    self.items = byID
  }

  public var count: Int { items.count }

  public subscript(id: UUID) -> TodoItem? { items[id] }

  /// Pending items (or all with `includeCompleted`) by deadline, then UUID.
  /// - Complexity: O(n log n).
  public func sorted(includeCompleted: Bool = false) -> [TodoItem] {
    var out = includeCompleted ? Array(items.values) : items.values.filter(\.isPending)
    TodoItem.sortByDeadline(&out)
    return out
  }

  /// The badge: pending items whose deadline is at or before `now`.
  public func badge(at now: Date) -> Int {
    var n = 0
    for item in items.values where item.isOverdue(at: now) { n += 1 }
    return n
  }

  // MARK: - Operations in memory
  // Each is a ``TodoOperation`` (or its verb with a closure), made by the same
  // code as from every front end (``commit(_:env:)``).

  /// Adds an item (`deadline` nil: a someday item); `configure` may set more
  /// fields (repeat, warning).
  @discardableResult
  public mutating func add(
    title: String, deadline: Date?, env: TodoEnvironment,
    configure: (inout TodoItem) throws -> Void = { _ in }
  ) throws -> Change {
    apply(
      try TodoOperation.addition(title: title, deadline: deadline, env: env, in: self, configure: configure))
  }

  /// Changes the title and/or deadline; the deadline's notification is rescheduled.
  @discardableResult
  public mutating func edit(_ id: UUID, title: String? = nil, deadline: Date? = nil, now: Date)
    throws -> Change
  {
    try commit(.edit(id, title: title, deadline: deadline.map { .some($0) }), env: .at(now))
  }

  /// Changes the fields `body` sets; the item's notifications are rescheduled.
  @discardableResult
  public mutating func edit(_ id: UUID, now: Date, _ body: (inout TodoItem) throws -> Void) throws -> Change {
    apply(try TodoOperation.editing(id, now: now, of: self, body))
  }

  /// ``TodoOperation/complete(_:)`` at `now`, in `zone`'s wall-clock time.
  @discardableResult
  public mutating func complete(_ ids: [UUID], now: Date, in zone: TimeZone = SystemTimeZone.current) throws
    -> Change
  {
    try commit(.complete(ids), env: .at(now, in: zone))
  }

  /// ``TodoOperation/delete(_:)``.
  @discardableResult
  public mutating func delete(_ ids: [UUID], now: Date = Date()) throws -> Change {
    apply(try TodoOperation.deletion(ids, now: now, of: self))
  }

  /// ``TodoOperation/remind(_:at:)`` at `now`.
  @discardableResult
  public mutating func remind(_ id: UUID, at date: Date, now: Date) throws -> Change {
    try commit(.remind(id, at: date), env: .at(now))
  }

  /// Records that a notification was delivered, so that it never fires twice.
  @discardableResult
  public mutating func markDelivered(_ id: UUID, kind: NotificationKind, fireDate: Date) -> Change? {
    guard var item = items[id] else { return nil }
    let old = item
    switch kind {
    case .deadline where item.deadline == fireDate: item.notifiedDeadline = fireDate
    case .reminder where item.reminder == fireDate: item.notifiedReminder = fireDate
    case .warning where item.undeliveredWarning == fireDate: item.notifiedWarning = item.deadline
    case .alert where item.undeliveredAlerts.contains(fireDate): item.notifiedAlert = fireDate
    default: return nil
    }
    return apply(Change(before: [id: old], after: [id: item], summary: "Delivered"))
  }

  /// Takes back a record of ``markDelivered(_:kind:fireDate:)`` whose bubble
  /// could not be shown, so that the notification is due again: the one
  /// write that sets a record back (no ``Change`` does, see ``apply(_:mode:)``).
  public mutating func markUndelivered(_ id: UUID, kind: NotificationKind, fireDate: Date) {
    guard var item = items[id] else { return }
    switch kind {
    case .deadline where item.notifiedDeadline == fireDate: item.notifiedDeadline = nil
    case .reminder where item.notifiedReminder == fireDate: item.notifiedReminder = nil
    case .warning:
      guard let d = item.deadline, let w = item.warn, item.notifiedWarning == d,
        d.addingTimeInterval(-TimeInterval(w)) == fireDate
      else { return }
      item.notifiedWarning = nil
    case .alert where item.notifiedAlert == fireDate:
      item.notifiedAlert = fireDate.addingTimeInterval(-1)  // those before stay delivered
    default: return
    }
    items[id] = item
  }

  /// Merges items by identity, as ``TodoOperation/importing(_:)`` does. Never refused.
  @discardableResult
  public mutating func merge(_ incoming: [TodoItem]) -> Change {
    apply(TodoOperation.merging(ImportFormats.Imported(items: incoming), into: self))
  }

  /// Applies a change made against an earlier read of the list, field by
  /// field (SPEC 6, "Every writer merges"): only the fields that differ between
  /// the change's `before` and `after` are written, so a field someone else
  /// changed meanwhile keeps their value unless this change set it too (then
  /// this, the later change, wins). With `.revert` (undo, redo) a field is set
  /// back only while it still holds the value the change gave it. Either way a
  /// notification already delivered for an item's current time stays delivered.
  @discardableResult
  public mutating func apply(_ change: Change, mode: Change.Mode = .write) -> Change {
    // The lists: an undo sets them back only while they are as the change left them.
    if let l = change.lists, mode == .write || lists == l.before { lists = l.after }
    for (id, after) in change.after {
      let before = change.before[id] ?? nil
      items[id] = Change.merged(current: items[id], before: before, after: after, mode: mode)
    }
    return change
  }

  // MARK: - Lookup

  /// The item a full UUID, its iCalendar UID (exactly) or a unique prefix (at least 4 characters, any case) names.
  public func resolve(_ text: String) throws -> UUID {
    try Self.resolve(text, among: items.keys) { items[$0] != nil }
  }

  /// What `complete` says when every item named was already completed (nothing changed).
  static func notPending(_ ids: [UUID], _ source: some ItemSource) -> String {
    if Set(ids).count == 1, let item = source.item(ids[0]) { return "“\(item.title)” is already completed" }
    return "The \(Set(ids).count) items are already completed"
  }

  static func summary(_ verb: String, _ ids: [UUID], _ items: [UUID: TodoItem?]) -> String {
    if ids.count == 1, let item = items[ids[0]] ?? nil { return "\(verb) “\(item.title)”" }
    return "\(verb) \(ids.count) items"
  }
}

extension TodoItem {
  /// Deadline order, ties by UUID: the order of the list and of the scheduler.
  /// Sorts `items` ``byDeadline(_:_:)``: their keys are sorted, and each item
  /// moved once (a sort that swaps whole items moved ~300 bytes a comparison,
  /// 40 % of `list` for a file of 10,000 not in order). Nothing moves when sorted.
  public static func sortByDeadline(_ items: inout [TodoItem]) {
    guard zip(items, items.dropFirst()).contains(where: { byDeadline($1, $0) }) else { return }
    let keys = items.map { ($0.sortDeadline, $0.id) }
    let order = keys.indices.sorted { a, b in
      keys[a].0 != keys[b].0 ? keys[a].0 < keys[b].0 : keys[a].1.isOrderedBefore(keys[b].1)
    }
    items = order.map { items[$0] }
  }

  @inlinable public static func byDeadline(_ a: TodoItem, _ b: TodoItem) -> Bool {
    let da = a.sortDeadline
    let db = b.sortDeadline
    if da != db { return da < db }
    return a.id.isOrderedBefore(b.id)
  }
}

extension UUID {
  /// Byte order, which is the order of the uppercase UUID strings.
  @inlinable public func isOrderedBefore(_ other: UUID) -> Bool {
    let a = uuid
    let b = other.uuid
    return withUnsafeBytes(of: a) { pa in
      withUnsafeBytes(of: b) { pb in memcmp(pa.baseAddress!, pb.baseAddress!, 16) < 0 }
    }
  }
}
