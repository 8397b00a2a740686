import Foundation

// Subtasks in the app (SPEC 9): the rows of `visible` in tree order, each
// subtask under its parent (or its nearest shown ancestor), indented, with
// "[done/all]" on the parent; a folded parent hides what is below it. A
// subtask whose parent is not here is a top-level row. Without any subtask the
// list is what it was: the headings found by binary search, nothing more.

/// What the app keeps of the subtasks shown.
public struct TreeState: Equatable, Sendable {
  /// The depth of each row below the top level (a top-level row is not in it).
  public var depth: [UUID: Int] = [:]
  /// For each parent: how many of its subtasks are done, of how many (all of them, shown or not).
  public var counts: [UUID: DoneCount] = [:]
  /// The parents whose subtasks are folded away (Space or z).
  public var collapsed: Set<UUID> = []
  /// The parent (its UID) of the item the add form makes: `A` on a row, or `a` on a subtask (a sibling).
  public var addParent: String?

  /// Whether some shown row has subtasks.
  public var isActive: Bool { !counts.isEmpty }

  /// The cells a row is indented by (two a level, at most three levels: the title keeps its room at 40 columns).
  public func indent(of id: UUID) -> Int { 2 * min(depth[id] ?? 0, 3) }

  /// What follows a parent's title: " [2/5]", and " ▸" while folded.
  public func suffix(of id: UUID) -> String {
    guard let c = counts[id] else { return "" }
    return " [\(c.done)/\(c.all)]" + (collapsed.contains(id) ? " ▸" : "")
  }
}

/// How many of a parent's subtasks are done, of how many.
public struct DoneCount: Equatable, Sendable {
  public var done: Int
  public var all: Int
}

/// A question about a parent's subtasks, on the status line (``AppState/Mode/askSubtasks(_:)``).
public struct SubtaskQuestion: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// Completing a parent whose subtasks are open: a (or y) completes them too, o the parent only, n nothing.
    case complete
    /// Deleting a parent: y deletes its subtasks too, k keeps them (moved up), n does nothing.
    case delete
  }
  public var kind: Kind
  public var id: UUID
  /// The open subtasks (complete) or all the subtasks (delete) below it.
  public var below: [UUID]
}

extension AppState {
  /// Every item, pending and done.
  var allItems: FlattenSequence<[[TodoItem]]> { [pending, done].joined() }

  /// The rows `shown` in tree order, the depths and counts kept (nothing to
  /// do, and nothing kept, when no item has a parent).
  /// - Complexity: O(n) in the items, only when some item has a parent.
  mutating func arrangeTree(_ shown: [TodoItem]) -> [TodoItem] {
    let whole = SubtaskTree(allItems)
    guard !whole.isEmpty else {
      if tree.isActive || !tree.depth.isEmpty { (tree.depth, tree.counts) = ([:], [:]) }
      return shown
    }
    let doneIDs = Set(done.lazy.map(\.id))
    var counts: [UUID: DoneCount] = [:]
    for (p, kids) in whole.childrenOf {
      counts[p] = DoneCount(done: kids.filter(doneIDs.contains).count, all: kids.count)
    }
    let rows = SubtaskRows(shown, tree: whole, where: { _ in true })
    var out: [TodoItem] = []
    out.reserveCapacity(rows.rows.count)
    var depth: [UUID: Int] = [:]
    var hiddenBelow: Int? = nil
    for r in rows.rows {
      if let h = hiddenBelow, r.depth > h { continue }
      let item = shown[r.index]
      hiddenBelow = tree.collapsed.contains(item.id) && counts[item.id] != nil ? r.depth : nil
      out.append(item)
      if r.depth > 0 { depth[item.id] = r.depth }
    }
    tree.depth = depth
    tree.counts = counts
    return out
  }

  /// The headings of `visible` in tree order: each top-level row under the
  /// heading its deadline gives it, its subtasks under the same one.
  /// - Complexity: O(n).
  func treeSections(_ bounds: [(String, (TodoItem) -> Bool)]) -> [Section] {
    var out: [Section] = []
    for (i, item) in visible.enumerated() where tree.depth[item.id] == nil {
      let title = item.isPending ? bounds.first { $0.1(item) }?.0 ?? "Someday" : "Completed"
      if out.last?.title != title { out.append(Section(title: title, start: i)) }
    }
    return out
  }

  /// The parent a new item gets from the selected row with `a`: the selected
  /// row's own parent when it is shown as a subtask (a sibling), else none.
  var siblingParent: String? {
    guard let item = selectedItem, tree.depth[item.id] != nil else { return nil }
    return item.parent
  }

  /// The subtasks below an item (depth first), among all items.
  func below(_ id: UUID) -> [TodoItem] {
    let whole = SubtaskTree(allItems)
    guard !whole.isEmpty else { return [] }
    let ids = Set(whole.descendants(of: id))
    return allItems.filter { ids.contains($0.id) }
  }
}
