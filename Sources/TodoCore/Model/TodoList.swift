import Foundation

/// The to-do list: items by UUID and the operations on them. Every operation
/// returns the ``Change`` it made, which is what undo replays backwards.
public struct TodoList: Equatable, Sendable {
  public private(set) var items: [UUID: TodoItem]

  public init(items: [UUID: TodoItem] = [:]) { self.items = items }

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
    out.sort(by: TodoItem.byDeadline)
    return out
  }

  /// The badge: pending items whose deadline is at or before `now`.
  public func badge(at now: Date) -> Int {
    var n = 0
    for item in items.values where item.isOverdue(at: now) { n += 1 }
    return n
  }

  // MARK: - Operations

  /// Adds an item (`deadline` nil: a someday item); `configure` may set more
  /// fields (repeat, warning). Refused when it would need a 65th notification slot.
  @discardableResult
  public mutating func add(
    title: String, deadline: Date?, env: TodoEnvironment,
    configure: (inout TodoItem) throws -> Void = { _ in }
  ) throws -> Change {
    apply(try Self.addition(title: title, deadline: deadline, env: env, in: self, configure: configure))
  }

  /// Changes the title and/or deadline; the deadline's notification is rescheduled.
  @discardableResult
  public mutating func edit(_ id: UUID, title: String? = nil, deadline: Date? = nil, now: Date)
    throws -> Change
  {
    try edit(id, now: now) { item in
      if let t = title { item.title = try Title.validate(t) }
      if let d = deadline { item.deadline = d.wholeSeconds }
    }
  }

  /// Changes the fields `body` sets; the item's notifications are rescheduled.
  /// Refused when the item would need more notification slots than are free.
  @discardableResult
  public mutating func edit(_ id: UUID, now: Date, _ body: (inout TodoItem) throws -> Void) throws -> Change {
    apply(try Self.editing(id, now: now, of: self, body))
  }

  /// Completes items: their notifications are cancelled. A repeating item
  /// stays pending instead: its deadline moves to the rule's first occurrence
  /// after both the deadline and `now`, in `zone`'s wall-clock time (SPEC 3),
  /// with no delivery record and no reminder left from the occurrence done.
  @discardableResult
  public mutating func complete(_ ids: [UUID], now: Date, in zone: TimeZone = SystemTimeZone.current) throws
    -> Change
  {
    apply(try Self.completion(ids, now: now, in: zone, of: self))
  }

  /// Removes items for good.
  @discardableResult
  public mutating func delete(_ ids: [UUID]) throws -> Change {
    apply(try Self.deletion(ids, of: self))
  }

  /// Sets the item's one reminder to `date` (replacing any pending one); the
  /// deadline is unchanged. Refused when it would need a 65th slot.
  @discardableResult
  public mutating func remind(_ id: UUID, at date: Date, now: Date) throws -> Change {
    apply(try Self.reminding(id, at: date, now: now, of: self))
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
    default: return
    }
    items[id] = item
  }

  /// Merges items by identity (import, sync): a new item is added; a known
  /// one takes the incoming fields when they are more recent than its own
  /// (`modified`: the later change wins), merged as any writer's change is
  /// (see ``apply(_:mode:)``). Importing never reopens a completed item and
  /// never makes a delivered notification fire again. Never refused.
  @discardableResult
  public mutating func merge(_ incoming: [TodoItem]) -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    for var item in incoming {
      let known = after[item.id] ?? items[item.id]
      if before[item.id] == nil { before[item.id] = .some(items[item.id]) }
      if let old = known {
        // Not newer than what is here (a tie included: the file's own change
        // stands); with no time on this side, the incoming fields are taken.
        if let mine = old.modified, (item.modified ?? .distantPast) <= mine {
          // Older than what is here: only what it knows was delivered moves forward.
          item = old.keepingDelivery(from: item)
        }
        item.created = old.created
        if item.completed == nil { item.completed = old.completed }
        for f in ItemField.deliveryFields where f.get(item) == .absent { f.set(&item, f.get(old)) }
      }
      after[item.id] = item
    }
    return apply(Change(before: before, after: after, summary: "Imported \(incoming.count) items"))
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
