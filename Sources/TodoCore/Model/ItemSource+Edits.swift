import Foundation

/// The changes of `edit`, `reopen`, `delete` and `remind`, made against an
/// ``ItemSource`` like ``TodoList/addition(title:deadline:env:in:configure:)``
/// and ``TodoList/completion(_:now:in:of:)``: the same code for the whole list
/// and for the data file read only as far as the change needs
/// (``Store/change(wait:_:)``), so that these commands need not decode every
/// item of a large file either.
extension TodoList {
  /// The change that sets the fields `body` sets; the item's notifications are
  /// rescheduled. Refused when the item would need more notification slots
  /// than are free.
  public static func editing(
    _ id: UUID, now: Date, of source: some ItemSource, _ body: (inout TodoItem) throws -> Void
  ) throws -> Change {
    var extra = 0
    return try editing([id], now: now, of: source, summary: { "Edited “\($0.title)”" }, extra: &extra, body)
  }

  /// The change that makes completed (or cancelled) items pending again. A
  /// repeating item that is pending gets back the occurrence a completion
  /// moved on from (``Recurrence/previous(_:deadline:in:)``), as undo does.
  public static func reopening(
    _ ids: [UUID], now: Date, in zone: TimeZone = SystemTimeZone.current, of source: some ItemSource
  ) throws -> Change {
    var extra = 0
    var change = try editing(ids, now: now, of: source, summary: { _ in "" }, extra: &extra) { item in
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

  /// Edits each of `ids` with `body`, one after the other as if applied in
  /// turn: `extra` counts the slots the earlier ones took.
  static func editing(
    _ ids: [UUID], now: Date, of source: some ItemSource, summary: (TodoItem) -> String, extra: inout Int,
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
      let had = Scheduler.futureCount(CollectionOfOne(old), now: now)
      let wants = Scheduler.futureCount(CollectionOfOne(item), now: now)
      if wants > had {
        try Scheduler.checkRoom(in: source, adding: wants - had, at: now, taken: extra)
        extra += wants - had
      }
      if before[id] == nil { before[id] = old }
      after[id] = item
      last = item
    }
    guard let last else { return Change(before: [:], after: [:], summary: "Nothing changed") }
    return Change(before: before, after: after, summary: summary(last))
  }

  /// The change that removes items for good.
  public static func deletion(_ ids: [UUID], of source: some ItemSource) throws -> Change {
    var before: [UUID: TodoItem?] = [:]
    for id in ids {
      guard let item = source.item(id) else { throw TodoError.noSuchItem(id.uuidString) }
      before[id] = item
    }
    let after = before.mapValues { _ in TodoItem?.none }
    return Change(before: before, after: after, summary: summary("Deleted", ids, before))
  }

  /// The change that sets the item's one reminder to `date` (replacing any
  /// pending one); the deadline is unchanged. Refused when it would need a
  /// 65th slot.
  public static func reminding(_ id: UUID, at date: Date, now: Date, of source: some ItemSource) throws
    -> Change
  {
    guard var item = source.item(id) else { throw TodoError.noSuchItem(id.uuidString) }
    guard item.isPending else {
      throw TodoError.badTitle("“\(item.title)” is completed; there is nothing to remind")
    }
    let old = item
    let date = date.wholeSeconds
    let hadSlot = (old.undeliveredReminder.map { $0 > now } ?? false)
    if date > now && !hadSlot { try Scheduler.checkRoom(in: source, adding: 1, at: now) }
    item.reminder = date
    item.modified = now.wholeSeconds
    if item.notifiedReminder == date { item.notifiedReminder = nil }
    return Change(before: [id: old], after: [id: item], summary: "Reminder set for “\(item.title)”")
  }
}
