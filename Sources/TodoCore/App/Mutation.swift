import Foundation

/// A change the user asked for, as data: the runtime carries it out on the
/// current file under the store's lock, so that it applies to what others
/// wrote in the meantime, and hands back the ``Change`` it made.
public enum Mutation: Equatable, Sendable {
  case add(title: String, deadline: Date?)
  /// Sets the fields the form's user touched, and only those (nil: untouched;
  /// a deadline of `.some(nil)` makes the item a someday item).
  case edit(UUID, title: String?, deadline: Date??)
  case complete([UUID])
  /// Makes completed items pending again; their notifications are planned afresh.
  case reopen([UUID])
  case remind(UUID, at: Date)
  case delete([UUID])
  /// Applies the inverse of a change made earlier, field by field: a field
  /// goes back only while it still holds the value the change gave it.
  case undo(Change)
  /// Applies again a change that undo took back, by the same rule. The change
  /// given is the one the undo made.
  case redo(Change)

  /// Carries the mutation out on `list`.
  public func apply(to list: inout TodoList, env: TodoEnvironment) throws -> Change {
    switch self {
    case .add(let title, let deadline):
      return try list.add(title: title, deadline: deadline, env: env)
    case .edit(let id, let title, let deadline):
      return try list.edit(id, now: env.now()) { item in
        if let t = title { item.title = try Title.validate(t) }
        if let d = deadline { item.deadline = d?.wholeSeconds }
      }
    case .complete(let ids):
      return try list.complete(ids, now: env.now())
    case .reopen(let ids):
      return try Self.reopen(ids, in: &list, now: env.now())
    case .remind(let id, let at):
      return try list.remind(id, at: at, now: env.now())
    case .delete(let ids):
      return try list.delete(ids)
    case .undo(let change):
      return Self.revert(change.inverse(at: env.now()), in: &list)
    case .redo(let change):
      return Self.revert(change.inverse(at: env.now()), in: &list)
    }
  }

  /// Applies `change` in ``Change/Mode/revert`` mode and returns what it
  /// really did to the items (before and after, as they are in the file), so
  /// that the screen shows the file and not what the change had wished.
  static func revert(_ change: Change, in list: inout TodoList) -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    for id in change.after.keys { before[id] = .some(list[id]) }
    list.apply(change, mode: .revert)
    for id in change.after.keys { after[id] = .some(list[id]) }
    return Change(before: before, after: after, summary: change.summary)
  }

  /// Reopens completed items: `completed` cleared, the rest kept, so that the
  /// scheduler plans their notifications again from what they hold (a
  /// notification already shown stays shown). Never refused for want of a
  /// slot: an item over the limit waits unscheduled, as after an import.
  static func reopen(_ ids: [UUID], in list: inout TodoList, now: Date) throws -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    for id in ids {
      guard var item = list[id] else { throw TodoError.noSuchItem(id.uuidString) }
      before[id] = item
      if item.completed != nil {
        item.completed = nil
        item.modified = now.wholeSeconds
      }
      after[id] = item
    }
    return list.apply(
      Change(before: before, after: after, summary: TodoList.summary("Reopened", ids, before)))
  }

  /// Whether the change it makes goes on the undo stack.
  public var isUndoable: Bool {
    switch self {
    case .undo, .redo: return false
    default: return true
    }
  }
}
