import Foundation

/// A change the user asked for, as data: the runtime carries it out on the
/// current file under the store's lock, so that it applies to what others
/// wrote in the meantime, and hands back the ``Change`` it made.
public enum Mutation: Equatable, Sendable {
  case add(title: String, deadline: Date?)
  case edit(UUID, title: String?, deadline: Date?)
  case complete([UUID])
  case remind(UUID, at: Date)
  case delete([UUID])
  /// Applies the inverse of a change made earlier (only the items it touched).
  case undo(Change)

  /// Carries the mutation out on `list`.
  public func apply(to list: inout TodoList, env: TodoEnvironment) throws -> Change {
    switch self {
    case .add(let title, let deadline):
      return try list.add(title: title, deadline: deadline, env: env)
    case .edit(let id, let title, let deadline):
      return try list.edit(id, title: title, deadline: deadline, now: env.now())
    case .complete(let ids):
      return try list.complete(ids, now: env.now())
    case .remind(let id, let at):
      return try list.remind(id, at: at, now: env.now())
    case .delete(let ids):
      return try list.delete(ids)
    case .undo(let change):
      return list.apply(change.inverse(at: env.now()), mode: .revert)
    }
  }

  /// Whether the change it makes goes on the undo stack.
  public var isUndoable: Bool {
    if case .undo = self { return false }
    return true
  }
}
