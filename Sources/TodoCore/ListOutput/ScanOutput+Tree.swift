import Foundation

// `list` from the scan when some entries are subtasks (SPEC 9): the rows in
// tree order, as ``SubtaskRows`` gives them for items, without building an
// item: the parents are found by the UIDs their subtasks name, as the entries
// of the UUIDs those UIDs stand for.
extension ScanOutput {
  /// A UUID as the scan holds it: two big-endian halves, ordered as the UUIDs are.
  struct Key: Comparable {
    var hi: UInt64
    var lo: UInt64
    init(hi: UInt64, lo: UInt64) { (self.hi, self.lo) = (hi, lo) }
    init(_ id: UUID) {
      (hi, lo) = withUnsafeBytes(of: id.uuid) {
        (
          $0.loadUnaligned(as: UInt64.self).bigEndian,
          $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
        )
      }
    }
    static func < (a: Key, b: Key) -> Bool { a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo }
  }

  /// A row of the tree: an entry's index and its depth (32 bits each: at 10,000 entries the
  /// tree's arrays of 64-bit numbers were 140 page faults, a tenth of `list`'s).
  struct Row {
    var index: Int32
    var depth: Int32
  }

  /// The shown entries in tree order, and the parents' done counts.
  struct Tree {
    /// Entry indices in the order `list` shows them, each with its depth.
    var rows: [Row] = []
    /// For each entry: how many subtasks it has here (0: it is no parent), and how many of them are done.
    var all: [Int32]
    var done: [Int32]
  }

  /// The tree of the scan's entries, or nil when none has a parent here.
  /// - Complexity: O(n): each parent found by its UUID in the scan's table (``PlistScan/index(of:_:)``).
  static func tree(_ scan: PlistScan, shown: Shown) -> Tree? {
    let entries = scan.entries
    guard entries.contains(where: \.hasParent) else { return nil }
    var parent = [Int32](repeating: -1, count: entries.count)
    var any = false
    for k in entries.indices where entries[k].hasParent {
      if let (hi, lo) = scan.parentID(entries[k]) {
        // Named by a UUID in upper case: the entry of that UUID, if its UID is that (it has no other).
        guard let p = scan.index(of: hi, lo) else { continue }
        if let own = scan.text(entries[p], scan.named.uid) {
          guard scan.withText(own, { a in PlistScan.withUUIDText(hi, lo) { a.elementsEqual($0) } }) else {
            continue
          }
        }
        parent[k] = Int32(truncatingIfNeeded: p)
        any = true
        continue
      }
      // Any other UID: the entry of the UUID it stands for (``TodoItem/id(forUID:)``), if its UID is that.
      guard let t = scan.text(entries[k], scan.named.parent) else { continue }
      let parsed = scan.withText(t) { b in
        b.count == 36 ? LeanPlistReader.Cursor.parseUUID(b.baseAddress!) : nil
      }
      let key = Key(parsed ?? UUID.derived(from: scan.string(t)))
      guard let p = scan.index(of: key.hi, key.lo) else { continue }
      // Its UID must be the one named: its `uid`, else its UUID as we write it (upper case).
      let same: Bool
      if let own = scan.text(entries[p], scan.named.uid) {
        same = scan.withText(own) { a in scan.withText(t) { b in a.elementsEqual(b) } }
      } else {
        same = scan.withText(t) { b in
          PlistScan.withUUIDText(entries[p].hi, entries[p].lo) { b.elementsEqual($0) }
        }
      }
      if same {
        parent[k] = Int32(truncatingIfNeeded: p)
        any = true
      }
    }
    guard any else { return nil }
    TreeIndex.breakCycles(&parent) { a, b in
      let (ma, mb) = (
        scan.value(entries[a], scan.named.modified), scan.value(entries[b], scan.named.modified)
      )
      return ma != mb ? ma < mb : entries[a].id.isOrderedBefore(entries[b].id)
    }
    var tree = Tree(
      all: [Int32](repeating: 0, count: entries.count), done: [Int32](repeating: 0, count: entries.count))
    any = false
    for k in entries.indices where parent[k] >= 0 {
      any = true
      tree.all[Int(parent[k])] += 1
      if !entries[k].isPending { tree.done[Int(parent[k])] += 1 }
    }
    guard any else { return nil }
    tree.rows = entries.withUnsafeBufferPointer { e in TreeIndex.rows(parent) { shown.contains(e[$0]) } }
    return tree
  }
}

/// Trees over indices: `parent[k]` is the index of k's parent, or -1.
enum TreeIndex {
  /// Cuts each cycle at the member whose link closed it: the one changed last (`changedBefore`).
  static func breakCycles(_ parent: inout [Int32], changedBefore: (Int, Int) -> Bool) {
    var state = [UInt8](repeating: 0, count: parent.count)  // 1: on the walk; 2: done
    var path: [Int] = []  // the walk: path[..<length]
    for start in parent.indices where state[start] == 0 && parent[start] >= 0 {
      var length = 0
      var k = start
      while k >= 0 && state[k] == 0 {
        state[k] = 1
        if length < path.count { path[length] = k } else { path.append(k) }
        length += 1
        k = Int(parent[k])
      }
      if k >= 0 && state[k] == 1, let from = path[..<length].firstIndex(of: k) {
        let cut = path[from..<length].max { changedBefore($0, $1) }!
        parent[cut] = -1
      }
      for p in path[..<length] { state[p] = 2 }
    }
  }

  /// The shown indices in tree order: each under its nearest shown ancestor,
  /// siblings in index order; the others at the top level.
  /// - Complexity: O(n), in arrays (each shown index's children a list threaded through `next`).
  static func rows(_ parent: [Int32], shown: (Int) -> Bool) -> [ScanOutput.Row] {
    let n = parent.count
    // first[k]: k's first shown child; next[c]: c's next sibling; index n: the top level.
    // Made from the last index to the first, each put before its siblings: they end in index order.
    var first = [Int32](repeating: -1, count: n + 1)
    var next = [Int32](repeating: -1, count: n)
    var count = 0
    for k in stride(from: n - 1, through: 0, by: -1) where shown(k) {
      count += 1
      var up = Int(parent[k])
      while up >= 0 && !shown(up) { up = Int(parent[up]) }
      let host = up >= 0 ? up : n
      next[k] = first[host]
      first[host] = Int32(truncatingIfNeeded: k)
    }
    var rows: [ScanOutput.Row] = []
    rows.reserveCapacity(count)
    // Depth first: a stack of the next sibling to visit at each depth.
    var stack: [Int32] = [first[n]]
    while let k = stack.last {
      guard k >= 0 else {
        stack.removeLast()
        continue
      }
      rows.append(ScanOutput.Row(index: k, depth: Int32(truncatingIfNeeded: stack.count - 1)))
      stack[stack.count - 1] = next[Int(k)]
      if first[Int(k)] >= 0 { stack.append(first[Int(k)]) }
    }
    return rows
  }
}
