import Foundation

/// The verbs of ``TodoOperation/change(in:env:)``, each made against an
/// ``ItemSource``: the whole ``TodoList``, or the data file read only as far
/// as the change needs (``Store/commit(_:wait:env:whileLocked:)``), so that
/// `add` and `complete` need not decode every item of a large file.
extension TodoOperation {
  /// The change that adds an item (`deadline` nil: a someday item);
  /// `configure` may set more fields (repeat, warning).
  static func addition(
    title: String, deadline: Date?, env: TodoEnvironment, in source: some ItemSource,
    configure: (inout TodoItem) throws -> Void = { _ in }
  ) throws -> Change {
    let title = try Title.validate(title)
    let now = env.now()
    var item = TodoItem(
      id: env.uuid(), title: title, deadline: deadline?.wholeSeconds, created: now.wholeSeconds,
      modified: now.wholeSeconds)
    try configure(&item)
    try Instants.check(item)
    return Change(before: [item.id: nil], after: [item.id: item], summary: "Added “\(title)”")
  }

  /// The change that completes items: their notifications are cancelled. A
  /// repeating item stays pending instead: its deadline moves to the rule's
  /// first occurrence after both the deadline and `now`, in `zone`'s
  /// wall-clock time (SPEC 3), with no delivery record and no reminder left
  /// from the occurrence done. Items already completed are left as they are.
  static func completion(
    _ ids: [UUID], now: Date, in zone: TimeZone, clock: HourCycle = .current, of source: some ItemSource
  ) throws -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    var next: Date? = nil
    for id in ids {
      guard var item = source.item(id) else { throw TodoError.noSuchItem(id.uuidString) }
      let old = item
      guard item.completed == nil else { continue }
      before[id] = old
      if let rule = item.repeatRule, let deadline = item.deadline,
        let (occurrence, rest) = Recurrence.advance(rule, deadline: deadline, now: now, in: zone)
      {
        item.deadline = occurrence
        item.repeatRule = rest
        (item.notifiedDeadline, item.notifiedWarning) = (nil, nil)
        (item.reminder, item.notifiedReminder) = (nil, nil)
        next = occurrence
      } else {
        item.completed = now.wholeSeconds
      }
      item.modified = now.wholeSeconds
      item.countRevision(since: old)
      after[id] = item
    }
    let done = ids.filter { before[$0] != nil }
    guard !done.isEmpty else {
      return Change(before: [:], after: [:], summary: TodoList.notPending(ids, source))
    }
    var summary = TodoList.summary("Completed", done, before)
    if ids.count == 1, let next {
      summary +=
        "; it repeats: next due " + DueFormatter(timeZone: zone, now: now, hourCycle: clock).dateText(next)
    }
    return Change(before: before, after: after, summary: summary)
  }

  /// The change that sets the fields `body` sets on items, one after the
  /// other as if applied in turn; their notifications are planned afresh.
  static func editing(
    _ ids: [UUID], now: Date, of source: some ItemSource,
    summary: (TodoItem) -> String = { "Edited “\($0.title)”" },
    _ body: (inout TodoItem) throws -> Void
  ) throws -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    var last: TodoItem? = nil
    for id in ids {
      guard var item = (after[id] ?? nil) ?? source.item(id) else {
        throw TodoError.noSuchItem(id.uuidString)
      }
      let old = item
      try body(&item)
      guard item != old else { continue }
      item.modified = now.wholeSeconds
      item.countRevision(since: old)
      try Instants.check(item)
      if before[id] == nil { before[id] = old }
      after[id] = item
      last = item
    }
    guard let last else { return Change(before: [:], after: [:], summary: "Nothing changed") }
    return Change(before: before, after: after, summary: summary(last))
  }

  /// ``editing(_:now:of:summary:_:)`` of one item.
  static func editing(
    _ id: UUID, now: Date, of source: some ItemSource, _ body: (inout TodoItem) throws -> Void
  )
    throws -> Change
  {
    try editing([id], now: now, of: source, body)
  }

  /// The change that makes completed (or cancelled) items pending again: the
  /// rest is kept, so that the scheduler plans their notifications again
  /// from what they hold (a notification already shown stays shown). A
  /// repeating item that is pending gets back the occurrence a completion
  /// moved on from (``Recurrence/previous(_:deadline:in:)``), as undo does.
  static func reopening(_ ids: [UUID], now: Date, in zone: TimeZone, of source: some ItemSource) throws
    -> Change
  {
    var change = try editing(ids, now: now, of: source, summary: { _ in "" }) { item in
      if item.isPending, let rule = item.repeatRule, let deadline = item.deadline,
        let (back, rest) = Recurrence.previous(rule, deadline: deadline, in: zone)
      {
        (item.deadline, item.repeatRule) = (back, rest)
        // An occurrence already past was seen to (it was completed): not notified again.
        if back <= now { item.notifiedDeadline = back }
      }
      item.completed = nil
      item.cancelled = false
    }
    let title = ids.count == 1 ? (change.after[ids[0]] ?? nil)?.title ?? source.item(ids[0])?.title : nil
    if change.after.isEmpty {
      change.summary = title.map { "“\($0)” is not completed; nothing changed" } ?? "Nothing changed"
    } else {
      change.summary = title.map { "Reopened “\($0)”" } ?? "Reopened \(change.after.count) items"
    }
    return change
  }

  /// The change that removes items for good.
  /// Subtasks of a deleted item that are not deleted move up to its parent (SPEC 9).
  static func deletion(_ ids: [UUID], now: Date, of source: some ItemSource) throws -> Change {
    var before: [UUID: TodoItem?] = [:]
    for id in ids {
      guard let item = source.item(id) else { throw TodoError.noSuchItem(id.uuidString) }
      before[id] = item
    }
    var after = before.mapValues { _ in TodoItem?.none }
    let gone = Dictionary(
      before.compactMap { _, i in i.map { ($0.icalUID, $0) } }, uniquingKeysWith: { a, _ in a })
    for child in gone.keys.flatMap(source.children(ofUID:)) where after[child.id] == nil {
      guard var up = child.parent, gone[up] != nil else { continue }
      var seen: Set<String> = []
      while let g = gone[up], seen.insert(up).inserted, let p = g.parent { up = p }
      var moved = child
      moved.parent = gone[up] == nil ? up : nil
      moved.modified = now.wholeSeconds
      moved.countRevision(since: child)
      before[child.id] = child
      after[child.id] = moved
    }
    return Change(before: before, after: after, summary: TodoList.summary("Deleted", ids, before))
  }

  /// The change that sets the item's one reminder to `date` (replacing any
  /// pending one); the deadline is unchanged.
  static func reminding(_ id: UUID, at date: Date, now: Date, of source: some ItemSource) throws -> Change {
    guard var item = source.item(id) else { throw TodoError.noSuchItem(id.uuidString) }
    guard item.isPending else {
      throw TodoError.badTitle("“\(item.title)” is completed; there is nothing to remind")
    }
    let old = item
    let date = date.wholeSeconds
    item.reminder = date
    item.modified = now.wholeSeconds
    if item.notifiedReminder == date { item.notifiedReminder = nil }
    return Change(before: [id: old], after: [id: item], summary: "Reminder set for “\(item.title)”")
  }
}
