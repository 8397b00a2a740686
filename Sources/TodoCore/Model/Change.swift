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
  /// The file's lists before and after, when the change changes them (SPEC 9).
  public var lists: (before: ListBook, after: ListBook)? {
    get { listsChange.map { ($0[0], $0[1]) } }
    set { listsChange = newValue.map { [$0.before, $0.after] } }
  }
  var listsChange: [ListBook]? = nil
  /// What a front end says as a warning: a cycle of subtasks that came from elsewhere, broken (SPEC 9).
  public var warnings: [String] = []

  public init(before: [UUID: TodoItem?], after: [UUID: TodoItem?], summary: String) {
    self.before = before
    self.after = after
    self.summary = summary
  }

  /// The change that undoes this one.
  public var inverse: Change {
    var out = Change(before: after, after: before, summary: "Undid: " + summary)
    out.lists = lists.map { ($0.after, $0.before) }
    return out
  }

  public var isEmpty: Bool { before == after && lists.map { $0.before == $0.after } ?? true }

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
    for f in ItemField.all {
      switch f.merge {
      case .identity: continue
      case .latest:
        // The time of the last change only moves forward.
        if let a = f.get(after).date, a > (f.get(out).date ?? .distantPast) { f.set(&out, .date(a)) }
        continue
      case .revision where mode == .revert:
        // An undo or redo is a revision of its own (RFC 5545 3.8.7.4): SEQUENCE
        // is not set back but goes one above the file's when a field that counts
        // as a revision changes, as `modified` moves to the time of the undo.
        continue
      case .changed, .revision, .delivery: break
      }
      let b = f.get(base)
      let a = f.get(after)
      guard a != b else { continue }
      if mode == .revert && f.get(current) != b { continue }
      f.set(&out, a)
    }
    if base.otherKeys != after.otherKeys && !(mode == .revert && current.otherKeys != base.otherKeys) {
      out.otherKeys = after.otherKeys
    }
    if mode == .revert { out.countRevision(since: current) }
    // What was notified only moves forward: a notification delivered for the
    // time the item now has stays delivered, whatever the change said.
    out = out.keepingDelivery(from: current)
    return out
  }
}
