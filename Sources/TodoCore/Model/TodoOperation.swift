import Foundation

/// Every change a user, the notifier, an import or a sync makes to the list,
/// as data. One function, ``change(in:env:)``, turns an operation into the
/// ``Change`` it makes against the items as they are now; one store entry,
/// ``Store/commit(_:wait:env:whileLocked:)``, makes it under the lock and writes
/// it. The command line, the app, the notifier's bubble actions, import and
/// sync all go through these two, so a verb behaves the same from every front end.
public enum TodoOperation: Equatable, Sendable {
  /// A new item (`deadline` nil: a someday item), with a repeat rule and an
  /// early warning (seconds) when given.
  /// The other fields it sets are `changes` (``FieldChange``), in order.
  case add(
    title: String, deadline: Date?, repeatRule: String? = nil, warn: Int? = nil, changes: [FieldChange] = [])
  /// Sets the fields given, and only those (nil: untouched; `.some(nil)`
  /// clears: a deadline of `.some(nil)` makes the item a someday item), and
  /// makes `changes` (``FieldChange``), in order: an edit writes only the fields it names.
  case edit(
    UUID, title: String? = nil, deadline: Date?? = nil, repeatRule: String?? = nil, warn: Int?? = nil,
    changes: [FieldChange] = [])
  /// Sets one field of the table (``ItemField/named(_:)``) to a value: a
  /// sync conflict's value set aside, put back (``SyncConflicts/restore(_:store:env:)``).
  case setField(UUID, field: String, to: FieldValue)
  /// Completes items; a repeating item moves to its next occurrence instead.
  case complete([UUID])
  /// Makes completed or cancelled items pending again.
  case reopen([UUID])
  /// Sets the item's one reminder (replacing any pending one).
  case remind(UUID, at: Date)
  /// Removes items for good.
  case delete([UUID])
  /// Merges items from elsewhere by identity; the later change wins.
  case importing(ImportFormats.Imported)
  /// A sync's change, made against an earlier read of the file: applied field
  /// by field, and a deletion only of an item nobody changed since that read.
  case sync(Change)
  /// Applies the inverse of a change made earlier: a field goes back only
  /// while it still holds the value the change gave it.
  case undo(Change)
  /// Applies again a change that undo took back, by the same rule. The change
  /// given is the one the undo made.
  case redo(Change)
  /// A new list, after the others (SPEC 9).
  case addList(name: String, color: String? = nil)
  /// Renames the list of this id.
  case renameList(id: String, name: String)
  /// Deletes the list of this id: refused while it holds items, unless `withItems` (deleted too).
  case deleteList(id: String, withItems: Bool)
  /// A sync's collections (SPEC 9): each list added, or its name and colour taken, by id.
  case adoptLists([NamedList])

  /// How the change meets what others wrote since it was made.
  public var mode: Change.Mode {
    switch self {
    case .undo, .redo: return .revert
    default: return .write
    }
  }

  /// Whether the change it makes goes on the undo stack.
  public var isUndoable: Bool { mode == .write }

  /// Whether it changes many items at once: an import or a sync of more than
  /// a handful. The store writes those whole rather than splicing (finding an
  /// entry in the scanned file is a linear search), and their change is not
  /// checked for notifications that wait for a slot (a pass over the list per item).
  var isBulk: Bool {
    switch self {
    case .importing(let imported): return imported.items.count > Self.handful
    case .sync(let change): return change.after.count > Self.handful
    default: return false
    }
  }

  static let handful = 16

  /// Whether the change comes from another client (a sync, an import), not from the user here.
  var isFromElsewhere: Bool {
    switch self {
    case .importing, .sync: return true
    default: return false
    }
  }

  /// Whether it changes the file's lists (written whole: the lists are in the file's header).
  var changesLists: Bool {
    switch self {
    case .addList, .renameList, .deleteList, .adoptLists: return true
    case .importing(let i):
      return !i.lists.isEmpty || i.defaultList != nil || i.items.contains { $0.list != nil }
    case .undo(let c), .redo(let c), .sync(let c): return c.lists != nil
    default: return false
    }
  }

  /// The change this operation makes to the items of `source`, at `env`'s
  /// time, in `env`'s time zone (the one function every front end goes through).
  /// Never refused for want of a notification slot (SPEC 5): the change's
  /// ``Change/note`` says when what it adds waits for one.
  public func change(in source: some ItemSource, env: TodoEnvironment) throws -> Change {
    let now = env.now()
    var change: Change
    switch self {
    case .add(let title, let deadline, let rule, let warn, let changes):
      change = try Self.addition(title: title, deadline: deadline, env: env, in: source) {
        $0.repeatRule = rule
        changes.apply(to: &$0)
        if let w = warn { $0.warn = w }  // the early warning among the alerts given
      }
    case .edit(let id, let title, let deadline, let rule, let warn, let changes):
      change = try Self.editing(id, now: now, of: source) { item in
        if case .text(let p) = changes.value(of: "parent"), source.wouldCycle(item, under: p) {
          throw TodoError.cycle(item.title)
        }
        changes.apply(to: &item)
        // A subtask moved alone is refused; with a parent chosen too, the parent's list wins.
        try Self.refuseLeavingParentsList(
          item, moved: changes.touches("list") && !changes.touches("parent"), in: source)
        if let t = title { item.title = try Title.validate(t) }
        if let d = deadline { item.deadline = d?.wholeSeconds }
        if let r = rule { item.repeatRule = r }
        if let w = warn { item.warn = w }
      }
    case .setField(let id, let name, let value):
      guard let f = ItemField.named(name), f.userSet else {
        throw TodoError.badTitle("no field \(name) to set")
      }
      change = try Self.editing(id, now: now, of: source) { f.set(&$0, value) }
    case .complete(let ids):
      change = try Self.completion(ids, now: now, in: env.calendar.timeZone, of: source)
    case .reopen(let ids):
      change = try Self.reopening(ids, now: now, in: env.calendar.timeZone, of: source)
    case .remind(let id, let at):
      change = try Self.reminding(id, at: at, now: now, of: source)
    case .delete(let ids):
      change = try Self.deletion(ids, now: now, of: source)
    case .importing(let imported):
      let (lists, fitted) = Self.importedLists(imported, into: source)
      change = Self.breakingCycles(Self.merging(fitted, into: source), in: source)
      change.lists = lists
    case .sync(let change_):
      change = Self.breakingCycles(Self.syncing(change_, onto: source), in: source)
    case .undo(let done), .redo(let done):
      change = done.inverse(at: now)
    case .addList, .renameList, .deleteList, .adoptLists:
      change = try listChange(in: source)
    }
    // A subtask lives in its parent's list (SPEC 9): what arrives from elsewhere is told.
    switch self {
    case .add, .edit, .setField, .importing, .sync:
      change = Self.followingParents(change, in: source, tell: !change.after.isEmpty && isFromElsewhere)
    default: break
    }
    if !isBulk && mode == .write { change.note = Scheduler.waitNote(for: change, in: source, at: now) }
    return change
  }

  /// Carries the operation out on `list` in memory, as the store does on the file.
  @discardableResult
  public func apply(to list: inout TodoList, env: TodoEnvironment) throws -> Change {
    try list.commit(self, env: env)
  }
}

extension TodoList {
  /// Makes `operation`'s change to this list (see ``TodoOperation/change(in:env:)``)
  /// and applies it field by field (``apply(_:mode:)``). An undo or redo
  /// answers what it really did to the items (``Change/outcome(_:current:)``)
  /// and to the lists, so that the screen shows the file and not what the
  /// change had wished.
  @discardableResult
  public mutating func commit(_ operation: TodoOperation, env: TodoEnvironment) throws -> Change {
    let change = try operation.change(in: self, env: env)
    guard operation.mode == .revert else { return apply(change) }
    let current = items
    let books = lists
    apply(change, mode: .revert)
    var out = change.outcome(current: { current[$0] }, now: { self.items[$0] })
    // The lists too, when the undo or redo set them back (SPEC 9): else the
    // screen would keep a list the file no longer has, and redo would lose it.
    if lists != books { out.lists = (books, lists) }
    return out
  }
}

extension Change {
  /// What a change really did: for each item it names, the item as it was
  /// (`current`) and as it is now (`now`), under this change's summary.
  func outcome(current: (UUID) -> TodoItem?, now: (UUID) -> TodoItem?) -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    for id in self.after.keys {
      before[id] = .some(current(id))
      after[id] = .some(now(id))
    }
    var out = Change(before: before, after: after, summary: summary)
    out.note = note
    return out
  }
}
