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
  /// - Complexity: O(n) in the items, with lookups only among the parents
  ///   named (nothing at all to do when none has a parent).
  public init<C: Collection>(_ items: C) where C.Element == TodoItem {
    // The UUIDs the parents' UIDs name, and the UIDs themselves to check them against.
    var named: [UUID: String] = [:]
    for i in items {
      if let p = i.parent { named[TodoItem.id(forUID: p)] = p }
    }
    guard !named.isEmpty else { return }
    var present: [UUID: String] = [:]
    var modified: [UUID: Date] = [:]
    // Each named item's own UID: a subtask's parent is it only when it names that UID exactly.
    for i in items where named[i.id] != nil { present[i.id] = i.icalUID }
    for i in items {
      guard let p = i.parent else { continue }
      let pid = TodoItem.id(forUID: p)
      if present[pid] == p {
        parentOf[i.id] = pid
        modified[i.id] = i.modified ?? .distantPast
      }
    }
    for cycle in Self.cycles(parentOf) {
      parentOf[Self.closing(cycle, modified: { modified[$0] })] = nil
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
  static func closing(_ cycle: [UUID], modified: (UUID) -> Date?) -> UUID {
    cycle.max { a, b in
      let (ma, mb) = (modified(a) ?? .distantPast, modified(b) ?? .distantPast)
      return ma != mb ? ma < mb : a.isOrderedBefore(b)
    }!
  }
}

extension TodoItem {
  /// The UUID of the item whose iCalendar UID is `uid` (``ICalMapping`` gives
  /// an item made elsewhere the UUID its UID is, or one derived from it).
  /// - Complexity: O(1) for a UID that is a UUID (no `sscanf`, which `UUID(uuidString:)` uses).
  public static func id(forUID uid: String) -> UUID {
    var u = uid
    let parsed: UUID? = u.withUTF8 { b in
      b.count == 36 ? LeanPlistReader.Cursor.parseUUID(b.baseAddress!) : nil
    }
    return parsed ?? UUID.derived(from: uid)
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

  /// The items whose parent is `item`.
  public func children(of item: TodoItem) -> [TodoItem] {
    children(ofUID: item.icalUID).filter { $0.id != item.id }
  }

  /// Every item below `item`, depth first, each once.
  public func descendants(of item: TodoItem) -> [TodoItem] {
    var out: [TodoItem] = []
    var seen: Set<UUID> = [item.id]
    var stack = children(of: item).reversed() as [TodoItem]
    while let c = stack.popLast() {
      guard seen.insert(c.id).inserted else { continue }
      out.append(c)
      stack += children(of: c).reversed()
    }
    return out
  }

  /// Whether making `uid` the parent of `item` would close a cycle: `uid` is
  /// the item itself or one of the items below it.
  public func wouldCycle(_ item: TodoItem, under uid: String) -> Bool {
    TodoItem.wouldCycle(item, under: uid, lookup: self.item)
  }
}

extension TodoItem {
  /// Whether making `uid` the parent of `item` would close a cycle, the items
  /// found by `lookup` (a file's, the app's): the one check `edit --parent` and
  /// the app's detail make.
  public static func wouldCycle(_ item: TodoItem, under uid: String, lookup: (UUID) -> TodoItem?) -> Bool {
    if uid == item.icalUID { return true }
    var seen: Set<String> = []
    var at = uid
    while seen.insert(at).inserted, let p = lookup(TodoItem.id(forUID: at)), p.icalUID == at {
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
  /// is dropped, and a warning names the items (SPEC 9). A cycle the change
  /// closes holds an item whose parent it changed: the walk up from each such
  /// item finds it, looking at no other item.
  static func breakingCycles(_ change: Change, in source: some ItemSource) -> Change {
    let arrived = Set(
      change.after.compactMap { id, after -> UUID? in
        guard let a = after, a.parent != nil, a.parent != (change.before[id] ?? nil)?.parent else {
          return nil
        }
        return id
      })
    guard !arrived.isEmpty else { return change }
    var out = change
    /// The item as it is after the change (its parent cut where one was).
    func now(_ id: UUID) -> TodoItem? {
      if let a = out.after[id] { return a }
      return source.item(id)
    }
    for start in arrived.sorted(by: { $0.isOrderedBefore($1) }) {
      // Up from `start` until the top, or back at an item already on the way: a cycle.
      var path: [UUID] = []
      var at: UUID? = start
      while let id = at, !path.contains(id), let item = now(id) {
        path.append(id)
        guard let p = item.parent else { at = nil; break }
        let pid = TodoItem.id(forUID: p)
        at = now(pid)?.icalUID == p ? pid : nil
      }
      guard let back = at, let k = path.firstIndex(of: back) else { continue }
      let cycle = Array(path[k...])
      let closers = cycle.filter(arrived.contains)
      let cut = SubtaskTree.closing(closers.isEmpty ? cycle : closers) { now($0)?.modified }
      guard var item = now(cut) else { continue }
      if out.before[cut] == nil { out.before[cut] = .some(source.item(cut)) }
      let names = cycle.compactMap { now($0).map { "“\($0.title)”" } }
      item.parent = nil
      out.after[cut] = item
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
  /// A row: the index of its item among those given, and its depth.
  public struct Row: Equatable, Sendable {
    public var index: Int
    public var depth: Int
  }

  public private(set) var rows: [Row] = []
  /// For each item with subtasks among those given: how many of them are done, of how many.
  public private(set) var doneCount: [UUID: (Int, Int)] = [:]

  /// - Complexity: O(n) in the items; lookups only for those in the tree.
  public init(_ items: [TodoItem], tree: SubtaskTree, where shown: (TodoItem) -> Bool) {
    // Where each item of the tree is among those given.
    var at: [UUID: Int] = [:]
    at.reserveCapacity(tree.parentOf.count + tree.childrenOf.count)
    for k in items.indices {
      let id = items[k].id
      if tree.parentOf[id] != nil || tree.childrenOf[id] != nil { at[id] = k }
    }
    for (p, kids) in tree.childrenOf where at[p] != nil {
      doneCount[p] = (kids.filter { at[$0].map { !items[$0].isPending } ?? false }.count, kids.count)
    }
    var visible = [Bool](repeating: false, count: items.count)
    var roots: [Int] = []
    var under: [Int: [Int]] = [:]
    for k in items.indices where shown(items[k]) {
      visible[k] = true
    }
    for k in items.indices where visible[k] {
      var up = tree.parentOf[items[k].id]
      var host: Int? = nil
      while let u = up {
        if let j = at[u], visible[j] {
          host = j
          break
        }
        up = tree.parentOf[u]
      }
      if let h = host { under[h, default: []].append(k) } else { roots.append(k) }
    }
    rows.reserveCapacity(roots.count + under.count)
    var stack = roots.reversed().map { Row(index: $0, depth: 0) }
    while let r = stack.popLast() {
      rows.append(r)
      for c in (under[r.index] ?? []).reversed() { stack.append(Row(index: c, depth: r.depth + 1)) }
    }
  }
}
