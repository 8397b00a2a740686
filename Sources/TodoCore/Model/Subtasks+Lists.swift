import Foundation

// A subtask lives in its parent's list (SPEC 9): calendar clients (Nextcloud
// Tasks, Tasks.org) show a tree only within one calendar. Every change that
// writes items goes through ``TodoOperation/followingParents(_:in:tell:)``.
extension TodoOperation {
  /// `change` with each item it writes in its parent's list, and the subtasks of
  /// each item it puts in another list moved with it, all the way down.
  ///
  /// `tell`: a warning for each item moved so (a sync's or an import's: a client
  /// elsewhere put a subtask in another calendar than its parent's). It is moved,
  /// not kept where it came: kept, the tree would show here and nowhere else, and
  /// `list --list` would count a parent's subtasks in another list; the move is one
  /// file to another collection, nothing of the item is lost. A user's own add,
  /// re-parent or move follows the parent without a word.
  static func followingParents(_ change: Change, in source: some ItemSource, tell: Bool) -> Change {
    // Nothing to do unless an item of the change has a parent, left its list, or arrives from
    // elsewhere (its subtasks may be here already: a sync brings a calendar's items at a time).
    guard
      change.after.contains(where: { id, a in
        guard let a else { return false }
        guard let was = source.item(id) else { return a.parent != nil || tell }
        return a.parent != nil || was.list != a.list
      })
    else { return change }
    var out = change
    let book = change.lists?.after ?? source.lists
    func now(_ id: UUID) -> TodoItem? {
      if let a = out.after[id] { return a }
      return source.item(id)
    }
    // The change's own items by their parent's UID (subtasks made in the same change).
    var madeUnder: [String: [UUID]] = [:]
    for (id, a) in change.after {
      if let p = a?.parent { madeUnder[p, default: []].append(id) }
    }
    // The items here by their parent's UID, made once when asked of the whole list (a sync's,
    // an import's: many new items, each asked for its subtasks); a spliced file's few are looked up.
    var index: [String: [UUID]]? = nil
    func children(ofUID uid: String) -> [UUID] {
      guard let list = source as? TodoList else {
        return source.children(ofUID: uid).map(\.id) + (madeUnder[uid] ?? [])
      }
      if index == nil {
        var x: [String: [UUID]] = [:]
        for i in list.items.values { if let p = i.parent { x[p, default: []].append(i.id) } }
        index = x
      }
      return (index![uid] ?? []) + (madeUnder[uid] ?? [])
    }
    var queue = change.after.keys.filter { change.after[$0]! != nil }
    var k = 0
    // Each item is queued once by the change, then once a parent of it moves (a cycle is cut before).
    while k < queue.count, k < 2 * change.after.count + 1_000_000 {
      let id = queue[k]
      k += 1
      guard var item = now(id) else { continue }
      if let p = item.parent, case let pid = TodoItem.id(forUID: p), pid != id, let parent = now(pid),
        parent.icalUID == p, book.listID(of: parent) != book.listID(of: item)
      {
        if tell {
          out.warnings.append(
            "“\(item.title)” came in list “\(book.name(of: item))”, its parent “\(parent.title)” in "
              + "“\(book.name(of: parent))”: moved to its parent's list (a subtask lives there)")
        }
        if out.before[id] == nil { out.before[id] = .some(source.item(id)) }
        item.list = parent.list
        out.after[id] = item
      }
      // Its subtasks follow it into another list; those of a new item, to its list.
      if let was = source.item(id), book.listID(of: was) == book.listID(of: item) {
        queue += madeUnder[item.icalUID] ?? []
      } else {
        queue += children(ofUID: item.icalUID)
      }
    }
    out.warnings[change.warnings.count...].sort()
    return out
  }

  /// Refuses to move a subtask alone to another list than its parent's (`edit --list`, `m`):
  /// it lives there; its parent moves it (with every subtask), or `--parent none` first.
  static func refuseLeavingParentsList(_ item: TodoItem, moved: Bool, in source: some ItemSource) throws {
    guard moved, let p = item.parent, let parent = source.item(TodoItem.id(forUID: p)), parent.icalUID == p,
      parent.id != item.id, source.lists.listID(of: parent) != source.lists.listID(of: item)
    else { return }
    throw TodoError.subtasks(
      "“\(item.title)” is a subtask of “\(parent.title)” and lives in its list, “\(source.lists.name(of: parent))”: "
        + "move its parent (its subtasks go with it), or make it a top-level item first (--parent none)")
  }
}
