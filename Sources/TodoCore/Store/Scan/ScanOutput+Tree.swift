import Foundation

// `list` from the scan when some entries are subtasks (SPEC 9): the rows in
// tree order, as ``SubtaskRows`` gives them for items, without building an
// item: the parents are found by the UIDs their subtasks name, among the
// entries of the UUIDs those UIDs stand for.
extension ScanOutput {
  /// The shown entries in tree order, and the parents' done counts.
  struct Tree {
    /// Entry indices in the order `list` shows them, each with its depth.
    var rows: [SubtaskRows.Row] = []
    /// For each parent's entry index: how many of its subtasks are done, of how many.
    var counts: [Int: DoneCount] = [:]
  }

  /// The tree of the scan's entries, or nil when none has a parent here.
  /// - Complexity: O(n), with lookups only for the UUIDs the parents' UIDs name.
  static func tree(_ scan: PlistScan, shown: Shown) -> Tree? {
    let entries = scan.entries
    var named: [UUID: String] = [:]
    var links: [(child: Int, uid: String)] = []
    for k in entries.indices where entries[k].hasParent {
      guard let t = scan.extra(entries[k]).text(ItemField.parentIndex) else { continue }
      let uid = scan.string(t)
      links.append((k, uid))
      named[TodoItem.id(forUID: uid)] = uid
    }
    guard !links.isEmpty else { return nil }
    var at: [UUID: Int] = [:]
    for k in entries.indices {
      let id = entries[k].id
      guard let uid = named[id] else { continue }
      if (scan.extra(entries[k]).uid.map(scan.string) ?? id.uuidString) == uid { at[id] = k }
    }
    var parent = [Int](repeating: -1, count: entries.count)
    for (k, uid) in links {
      if let p = at[TodoItem.id(forUID: uid)] { parent[k] = p }
    }
    TreeIndex.breakCycles(&parent) { a, b in
      let (ma, mb) = (scan.extra(entries[a]).modified, scan.extra(entries[b]).modified)
      return ma != mb ? ma < mb : entries[a].id.isOrderedBefore(entries[b].id)
    }
    var tree = Tree()
    for k in entries.indices where parent[k] >= 0 {
      var c = tree.counts[parent[k]] ?? DoneCount(done: 0, all: 0)
      c.all += 1
      if !entries[k].isPending { c.done += 1 }
      tree.counts[parent[k]] = c
    }
    guard !tree.counts.isEmpty else { return nil }
    tree.rows = TreeIndex.rows(parent, shown: entries.map(shown.contains))
    return tree
  }
}

/// Trees over indices: `parent[k]` is the index of k's parent, or -1.
enum TreeIndex {
  /// Cuts each cycle at the member whose link closed it: the one changed last (`changedBefore`).
  static func breakCycles(_ parent: inout [Int], changedBefore: (Int, Int) -> Bool) {
    var state = [UInt8](repeating: 0, count: parent.count)  // 1: on the walk; 2: done
    for start in parent.indices where state[start] == 0 && parent[start] >= 0 {
      var path: [Int] = []
      var k = start
      while k >= 0 && state[k] == 0 {
        state[k] = 1
        path.append(k)
        k = parent[k]
      }
      if k >= 0 && state[k] == 1, let from = path.firstIndex(of: k) {
        let cut = path[from...].max { changedBefore($0, $1) }!
        parent[cut] = -1
      }
      for p in path { state[p] = 2 }
    }
  }

  /// The shown indices in tree order: each under its nearest shown ancestor,
  /// siblings in index order; the others at the top level.
  static func rows(_ parent: [Int], shown: [Bool]) -> [SubtaskRows.Row] {
    var roots: [Int] = []
    var under: [Int: [Int]] = [:]
    for k in parent.indices where shown[k] {
      var up = parent[k]
      while up >= 0 && !shown[up] { up = parent[up] }
      if up >= 0 { under[up, default: []].append(k) } else { roots.append(k) }
    }
    var rows: [SubtaskRows.Row] = []
    rows.reserveCapacity(roots.count + under.count)
    var stack = roots.reversed().map { SubtaskRows.Row(index: $0, depth: 0) }
    while let r = stack.popLast() {
      rows.append(r)
      for c in (under[r.index] ?? []).reversed() {
        stack.append(SubtaskRows.Row(index: c, depth: r.depth + 1))
      }
    }
    return rows
  }
}
