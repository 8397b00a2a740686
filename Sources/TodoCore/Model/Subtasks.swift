import Foundation

/// Subtasks (SPEC 9): an item's `parent` is its parent's iCalendar UID
/// (RELATED-TO). The tree is what those links make among the items here: a
/// parent that is not here (yet) leaves its child at the top level, and a
/// cycle, which no front end lets a user make but a file from elsewhere may
/// hold, is cut at the link that closed it (the latest change among its items).
public struct SubtaskTree: Sendable {
  /// Each item's parent, for the items whose parent is here.
  public private(set) var parentOf: [UUID: UUID] = [:]
  /// Each parent's children, in the order the items were given.
  public private(set) var childrenOf: [UUID: [UUID]] = [:]

  /// The tree of `items`.
  /// - Complexity: O(n) in the items (nothing at all to do when none has a parent).
  public init<C: Collection>(_ items: C) where C.Element == TodoItem {
    guard items.contains(where: { $0.parent != nil }) else { return }
    var byUID: [String: UUID] = [:]
    var byID: [UUID: TodoItem] = [:]
    for i in items {
      byUID[i.icalUID] = i.id
      byID[i.id] = i
    }
    for i in items {
      if let p = i.parent, let pid = byUID[p] { parentOf[i.id] = pid }
    }
    for cycle in Self.cycles(parentOf) {
      parentOf[Self.closing(cycle, in: { byID[$0] })] = nil
    }
    for i in items {
      if let p = parentOf[i.id] { childrenOf[p, default: []].append(i.id) }
    }
  }

  /// Whether any item has a parent here.
  public var isEmpty: Bool { parentOf.isEmpty }

  /// The children of `id` (none: an empty array).
  public func children(of id: UUID) -> [UUID] { childrenOf[id] ?? [] }

  /// Every item below `id`, depth first, each once.
  public func descendants(of id: UUID) -> [UUID] {
    var out: [UUID] = []
    var seen: Set<UUID> = [id]
    var stack = children(of: id).reversed() as [UUID]
    while let c = stack.popLast() {
      guard seen.insert(c).inserted else { continue }
      out.append(c)
      stack += children(of: c).reversed()
    }
    return out
  }

  /// How many parents `id` has above it (0: top level).
  public func depth(of id: UUID) -> Int {
    var n = 0
    var at = id
    while let p = parentOf[at], n <= parentOf.count {
      n += 1
      at = p
    }
    return n
  }

  /// The cycles of the parent links: each once, its members in link order.
  static func cycles(_ parentOf: [UUID: UUID]) -> [[UUID]] {
    var state: [UUID: Bool] = [:]  // false: on the path being walked; true: done
    var out: [[UUID]] = []
    for start in parentOf.keys.sorted(by: { $0.isOrderedBefore($1) }) where state[start] == nil {
      var path: [UUID] = []
      var at: UUID? = start
      while let c = at, state[c] == nil {
        state[c] = false
        path.append(c)
        at = parentOf[c]
      }
      if let c = at, state[c] == false, let k = path.firstIndex(of: c) { out.append(Array(path[k...])) }
      for p in path { state[p] = true }
    }
    return out
  }

  /// The member of a cycle whose link closed it: the one changed last (ties: the greater UUID).
  static func closing(_ cycle: [UUID], in item: (UUID) -> TodoItem?) -> UUID {
    cycle.max { a, b in
      let (ma, mb) = (item(a)?.modified ?? .distantPast, item(b)?.modified ?? .distantPast)
      return ma != mb ? ma < mb : a.isOrderedBefore(b)
    }!
  }
}

extension TodoItem {
  /// The UUID of the item whose iCalendar UID is `uid` (``ICalMapping`` gives
  /// an item made elsewhere the UUID its UID is, or one derived from it).
  public static func id(forUID uid: String) -> UUID {
    (uid.utf8.count == 36 ? UUID(uuidString: uid) : nil) ?? UUID.derived(from: uid)
  }
}

extension ItemSource {
  /// The parent of `item`, when it is here.
  public func parent(of item: TodoItem) -> TodoItem? {
    guard let p = item.parent, let found = self.item(TodoItem.id(forUID: p)), found.icalUID == p else {
      return nil
    }
    return found
  }

  /// The items whose parent is `item` (``ItemSource/itemsWithParent()``).
  public func children(of item: TodoItem) -> [TodoItem] {
    let uid = item.icalUID
    return itemsWithParent().filter { $0.parent == uid && $0.id != item.id }
  }

  /// Every item below `item`, depth first, each once.
  public func descendants(of item: TodoItem) -> [TodoItem] {
    let linked = itemsWithParent().filter { $0.id != item.id }
    let tree = SubtaskTree(linked + [item])
    let byID = Dictionary(linked.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return tree.descendants(of: item.id).compactMap { byID[$0] }
  }

  /// Whether making `uid` the parent of `item` would close a cycle: `uid` is
  /// the item itself or one of the items below it.
  public func wouldCycle(_ item: TodoItem, under uid: String) -> Bool {
    if uid == item.icalUID { return true }
    var seen: Set<String> = []
    var at = uid
    while seen.insert(at).inserted, let p = self.item(TodoItem.id(forUID: at)), p.icalUID == at {
      guard let up = p.parent else { return false }
      if up == item.icalUID { return true }
      at = up
    }
    return false
  }
}

extension TodoOperation {
  /// `change` (an import's or a sync's) with each cycle of subtasks it would
  /// close broken where it was closed: the parent link of the item in the
  /// cycle whose link came with the change (the latest changed, if several)
  /// is dropped, and a warning names the items (SPEC 9).
  static func breakingCycles(_ change: Change, in source: some ItemSource) -> Change {
    let arrived = Set(
      change.after.compactMap { id, after -> UUID? in
        guard let a = after, a.parent != nil, a.parent != (change.before[id] ?? nil)?.parent else {
          return nil
        }
        return id
      })
    guard !arrived.isEmpty else { return change }
    var items: [UUID: TodoItem] = [:]
    for i in source.itemsWithParent() { items[i.id] = i }
    for (id, after) in change.after { items[id] = after?.parent == nil ? nil : after }
    var byUID: [String: UUID] = [:]
    for i in items.values { byUID[i.icalUID] = i.id }
    var parentOf: [UUID: UUID] = [:]
    for i in items.values {
      if let p = i.parent, let pid = byUID[p] { parentOf[i.id] = pid }
    }
    var out = change
    for cycle in SubtaskTree.cycles(parentOf) {
      let closers = cycle.filter(arrived.contains)
      let cut = SubtaskTree.closing(closers.isEmpty ? cycle : closers) { items[$0] }
      guard var item = items[cut] else { continue }
      if out.before[cut] == nil { out.before[cut] = .some(source.item(cut)) }
      item.parent = nil
      out.after[cut] = item
      let names = cycle.compactMap { items[$0].map { "“\($0.title)”" } }
      out.warnings.append(
        "subtasks in a cycle (\((names + [names[0]]).joined(separator: " → "))): "
          + "“\(item.title)” is no longer a subtask, at the top level now")
    }
    return out
  }
}

/// The rows of a list in tree order (SPEC 9): each shown item under its
/// nearest shown ancestor, indented one level per such ancestor; an item whose
/// parent is not here, or not shown, at the top level. Siblings keep the
/// order the items were given in (by deadline, or the sort asked for).
public struct SubtaskRows {
  public struct Row: Equatable {
    public var item: TodoItem
    public var depth: Int
  }

  public private(set) var rows: [Row] = []
  /// For each item with subtasks: how many of them are done, of how many (all of them, shown or not).
  public private(set) var doneCount: [UUID: (Int, Int)] = [:]

  public init(_ items: [TodoItem], tree: SubtaskTree, where shown: (TodoItem) -> Bool) {
    var byID: [UUID: TodoItem] = [:]
    for i in items { byID[i.id] = i }
    for (p, kids) in tree.childrenOf {
      doneCount[p] = (kids.filter { !(byID[$0]?.isPending ?? true) }.count, kids.count)
    }
    let visible = items.filter(shown)
    let ids = Set(visible.map(\.id))
    var roots: [TodoItem] = []
    var under: [UUID: [TodoItem]] = [:]
    for i in visible {
      var up = tree.parentOf[i.id]
      while let u = up, !ids.contains(u) { up = tree.parentOf[u] }
      if let u = up { under[u, default: []].append(i) } else { roots.append(i) }
    }
    rows.reserveCapacity(visible.count)
    var stack = roots.reversed().map { Row(item: $0, depth: 0) }
    while let r = stack.popLast() {
      rows.append(r)
      for c in (under[r.item.id] ?? []).reversed() { stack.append(Row(item: c, depth: r.depth + 1)) }
    }
  }
}
