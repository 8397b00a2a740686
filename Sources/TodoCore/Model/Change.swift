import Foundation

/// A reversible change to the list: the items it touched, before and after.
/// Undo applies `before`; because it names only those items, it can be applied
/// to a list that other processes have changed in the meantime.
public struct Change: Equatable, Sendable {
  public var before: [UUID: TodoItem?]
  public var after: [UUID: TodoItem?]
  /// What the change did, for the status line ("Completed “Pay rent”").
  public var summary: String
  /// Said once beside the summary: that a notification it adds waits for a
  /// slot (``Scheduler/waitNote``), or nil.
  public var note: String? = nil

  public init(before: [UUID: TodoItem?], after: [UUID: TodoItem?], summary: String) {
    self.before = before
    self.after = after
    self.summary = summary
  }

  /// The change that undoes this one.
  public var inverse: Change { Change(before: after, after: before, summary: "Undid: " + summary) }

  public var isEmpty: Bool { before == after }

  /// The change that undoes this one, made at `now`: a new change of its own,
  /// so the items it sets back count as modified now.
  public func inverse(at now: Date) -> Change {
    var undo = inverse
    for (id, item) in undo.after {
      guard var item else { continue }
      item.modified = now.wholeSeconds
      undo.after[id] = item
    }
    return undo
  }
}

extension Change {
  /// How a change meets what others wrote since it was made.
  public enum Mode: Sendable {
    /// A writer's own change: the fields it changed take its values.
    case write
    /// Undo or redo: a field goes back only while it still holds the value
    /// the change gave it; an item changed by someone else since is not removed.
    case revert
  }

  /// One item after applying `before → after` to `current`, field by field.
  /// nil removes the item.
  static func merged(current: TodoItem?, before: TodoItem?, after: TodoItem?, mode: Mode) -> TodoItem? {
    guard let after else {
      // A deletion. Undo of an add leaves an item that others have changed since.
      guard let current, let before, mode == .revert else { return nil }
      return current.sameUserFields(as: before) ? nil : current
    }
    guard let current else {
      // New here, or deleted elsewhere meanwhile: a writer's change brings it
      // (back); an undo does not bring back what someone else deleted.
      return mode == .write || before == nil ? after : nil
    }
    // Created elsewhere meanwhile (import, sync, redo of an add): merge onto it.
    let base = before ?? current
    var out = current
    func field<T: Equatable>(_ kp: WritableKeyPath<TodoItem, T>) {
      let b = base[keyPath: kp]
      let a = after[keyPath: kp]
      guard a != b else { return }
      if mode == .revert && current[keyPath: kp] != b { return }
      out[keyPath: kp] = a
    }
    field(\.title)
    field(\.deadline)
    field(\.created)
    field(\.completed)
    field(\.reminder)
    field(\.repeatRule)
    field(\.warn)
    field(\.cancelled)
    field(\.uid)
    field(\.icalExtra)
    field(\.otherKeys)
    field(\.notifiedDeadline)
    field(\.notifiedReminder)
    field(\.notifiedWarning)
    // An undo or redo is a revision of its own (RFC 5545 3.8.7.4): SEQUENCE is
    // not set back but goes one above the file's when a field the VTODO
    // carries changes, as `modified` moves to the time of the undo.
    if mode == .revert {
      out.countRevision(since: current)
    } else {
      field(\.sequence)
    }
    // The time of the last change only moves forward.
    if let m = after.modified, m > (out.modified ?? .distantPast) { out.modified = m }
    // What was notified only moves forward: a notification delivered for the
    // time the item now has stays delivered, whatever the change said.
    if let d = out.deadline {
      if current.notifiedDeadline == d { out.notifiedDeadline = d }
      if current.notifiedWarning == d { out.notifiedWarning = d }
    }
    if let r = out.reminder, current.notifiedReminder == r { out.notifiedReminder = r }
    return out
  }
}

extension TodoItem {
  /// Whether the fields a user sets are the same (delivery records aside).
  func sameUserFields(as other: TodoItem) -> Bool {
    title == other.title && deadline == other.deadline && completed == other.completed
      && reminder == other.reminder && repeatRule == other.repeatRule && warn == other.warn
      && cancelled == other.cancelled && icalExtra == other.icalExtra && otherKeys == other.otherKeys
  }
}
