import Foundation

/// The operations that bring items from elsewhere: import and sync.
extension TodoOperation {
  /// The change that merges imported items by identity: a new item is added;
  /// a known one takes the incoming fields when they are more recent than its
  /// own (`modified`: the later change wins). Importing never reopens a
  /// completed item and never makes a delivered notification fire again; an
  /// item completed by a STATUS without a date keeps the completion time it
  /// has here. Never refused.
  static func merging(_ imported: ImportFormats.Imported, into source: some ItemSource) -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    // Sized once (grown by doubling, they were a twentieth of importing 100,000 items).
    before.reserveCapacity(imported.items.count)
    after.reserveCapacity(imported.items.count)
    for var item in imported.items {
      if imported.undatedCompletions.contains(item.id), let done = source.item(item.id)?.completed {
        item.completed = done
      }
      let here = source.item(item.id)
      let known = after[item.id] ?? here
      if before[item.id] == nil { before[item.id] = .some(here) }
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
    return Change(before: before, after: after, summary: "Imported \(imported.items.count) items")
  }

  /// A sync's change onto the items as they are now: a deletion only of an
  /// item nobody changed since the sync read it (the others are kept and
  /// left out of the change); a delivery record written meanwhile is not a
  /// user's change (SPEC 6).
  static func syncing(_ change: Change, onto source: some ItemSource) -> Change {
    var out = change
    for (id, after) in change.after where after == nil {
      if let now = source.item(id), let before = change.before[id] ?? nil, !now.sameUserFields(as: before) {
        out.after[id] = nil
        out.before[id] = nil
      }
    }
    return out
  }
}
