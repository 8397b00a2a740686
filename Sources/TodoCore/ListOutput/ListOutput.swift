import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The human lines of `list` (SPEC 2), in aligned columns: the short id, the
/// state glyph (! overdue, ✓ completed, ✗ cancelled) and the marks (◷ reminder,
/// ↻ repeats, ⊘ no slot; a column only when some line has it), the deadline
/// as people say it near now, then the title.
///
///     1f0c9a2e  !  yesterday 17:00  Pay rent
///     7b3d0e41   ↻ today 17:00      Water the plants
///
/// Built as UTF-8 bytes and written in 64 KiB pieces: at 100,000 items, string
/// appends and a whole-output buffer were most of the command's time and memory.
public struct ListOutput {
  var now: Date
  var formatter: DueFormatter
  var scheduled: Set<UUID>
  var colour: Bool
  /// The widest deadline phrase, in cells (phrases are ASCII).
  var dueWidth = 0
  /// The marks some line carries: only their columns are shown.
  var used: ItemMarks = []
  /// The short ids, unique among all `items`.
  var ids: ShortIDs
  /// The name of a row's list, shown after it when the rows come from several lists (SPEC 9).
  var listName: ((TodoItem) -> String?)?

  /// Measures the shown items for the columns.
  init(
    _ items: [TodoItem], where shown: (TodoItem) -> Bool, now: Date, formatter: DueFormatter,
    scheduled: Set<UUID>, colour: Bool
  ) {
    self.now = now
    self.formatter = formatter
    self.scheduled = scheduled
    self.colour = colour
    ids = ShortIDs(count: items.count) { ShortIDs.Key(items[$0].id) }
    var scratch: [UInt8] = []
    scratch.reserveCapacity(32)
    for item in items where shown(item) {
      if let d = item.deadline {
        scratch.removeAll(keepingCapacity: true)
        formatter.appendPhrase(d, to: &scratch)
        dueWidth = max(dueWidth, scratch.count)
      }
      used.formUnion(ItemMarks(item, now: now, scheduled: scheduled))
    }
  }

  /// Writes the lines of the shown `items` (in their order) to `fd`; returns how many.
  @discardableResult
  public static func write(
    _ items: [TodoItem], where shown: (TodoItem) -> Bool, now: Date, formatter: DueFormatter,
    scheduled: Set<UUID>, colour: Bool, listName: ((TodoItem) -> String?)? = nil, to fd: Int32 = 1
  ) -> Int {
    write(
      items, where: shown, now: now, formatter: formatter, scheduled: scheduled, colour: colour,
      listName: listName
    ) {
      writeAll(fd, $0)
    }
  }

  /// Writes the lines of the shown `items` (in their order) to `sink`, in
  /// pieces of 64 KiB; returns how many.
  @discardableResult
  public static func write(
    _ items: [TodoItem], where shown: (TodoItem) -> Bool, now: Date, formatter: DueFormatter,
    scheduled: Set<UUID>, colour: Bool, listName: ((TodoItem) -> String?)? = nil,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    var count = 0
    var layout = ListOutput(
      items, where: shown, now: now, formatter: formatter, scheduled: scheduled, colour: colour)
    layout.listName = listName
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16 + 512)
    // Subtasks under their parents (SPEC 9): the rows in tree order, when some item has a parent.
    let tree = SubtaskTree(items)
    let rows = tree.isEmpty ? nil : SubtaskRows(items, tree: tree, where: shown)
    for k in rows?.rows.indices ?? items.indices {
      let (item, depth) = rows.map { (items[$0.rows[k].index], $0.rows[k].depth) } ?? (items[k], 0)
      guard rows != nil || shown(item) else { continue }
      count += 1
      layout.appendLine(item, depth: depth, count: rows?.doneCount[item.id], to: &out)
      if out.count >= 1 << 16 {
        out.withUnsafeBufferPointer(sink)
        out.removeAll(keepingCapacity: true)
      }
    }
    out.withUnsafeBufferPointer(sink)
    return count
  }

  /// What `list` says, on stderr, when it lists nothing (stdout stays empty for scripts).
  public static func emptyMessage(_ shown: ScanOutput.Shown) -> String {
    switch shown {
    case .pending: return "Nothing to do: no pending items (list --all shows completed ones too)."
    case .completed: return "No completed items."
    case .all: return "No items yet: todo-tui add TITLE --due WHEN adds one."
    }
  }

  /// Writes ``emptyMessage(_:)`` to stderr.
  public static func sayEmpty(_ shown: ScanOutput.Shown) {
    writeAll(2, Array((emptyMessage(shown) + "\n").utf8))
  }

  static let red = Array("\u{1B}[31m".utf8)
  static let dim = Array("\u{1B}[2m".utf8)
  static let reset = Array("\u{1B}[0m".utf8)
  static let hex = Array("0123456789abcdef".utf8)
  static let glyphBytes = ItemMarks.glyphs.map { ($0.0, Array($0.1.utf8)) }

  /// One row: `depth` levels of subtask indent before the title, `count` (done, all) of its subtasks after it.
  func appendLine(_ item: TodoItem, depth: Int = 0, count: (Int, Int)? = nil, to out: inout [UInt8]) {
    // The short id, padded to the longest.
    let key = ShortIDs.Key(item.id)
    let n = ids.length(key)
    ShortIDs.append(key, count: n, to: { out.append($0) })
    out.append(contentsOf: repeatElement(32, count: ids.width - n + 2))
    let overdue = item.isOverdue(at: now)
    let done = !item.isPending
    // Dimmed: done, or not started yet (SPEC 8), as the app's row.
    let dimmed = done || (colour && item.start.map { $0 > now } ?? false)
    if colour && overdue { out.append(contentsOf: Self.red) }
    if colour && dimmed { out.append(contentsOf: Self.dim) }
    if let g = ItemMarks.stateGlyph(item, now: now) { out.append(contentsOf: g.utf8) } else { out.append(32) }
    if !used.isEmpty {
      let marks = ItemMarks(item, now: now, scheduled: scheduled)
      for (mark, glyph) in Self.glyphBytes where used.contains(mark) {
        if marks.contains(mark) { out.append(contentsOf: glyph) } else { out.append(32) }
      }
    }
    out.append(32)
    let start = out.count
    if let d = item.deadline { formatter.appendPhrase(d, to: &out) }
    out.append(contentsOf: repeatElement(32, count: dueWidth - (out.count - start)))
    if colour && overdue { out.append(contentsOf: Self.reset) }
    out.append(contentsOf: [32, 32])
    out.append(contentsOf: repeatElement(32, count: 2 * depth))
    Self.appendPriority(item.priority, to: &out)
    Self.appendTitle(item.title, to: &out)
    if let (d, all) = count { out.append(contentsOf: Array(" [\(d)/\(all)]".utf8)) }
    appendFieldMarks(item, dimmed: dimmed, to: &out)
    if let name = listName?(item) {
      if colour && !dimmed { out.append(contentsOf: Self.dim) }
      out.append(contentsOf: Array("  [\(Title.displaySafe(name))]".utf8))
      if colour && !dimmed { out.append(contentsOf: Self.reset) }
    }
    if colour && dimmed { out.append(contentsOf: Self.reset) }
    // No trailing blanks when a someday item is the widest thing on its line.
    while out.last == 32 { out.removeLast() }
    out.append(10)
  }

  /// The title as `Title.displaySafe` shows it; printable ASCII goes straight through.
  static func appendTitle(_ title: String, to out: inout [UInt8]) {
    var t = title
    let plainASCII = t.withUTF8 { buf -> Bool in
      for b in buf where b < 0x20 || b >= 0x7F { return false }
      out.append(contentsOf: buf)
      return true
    }
    if !plainASCII { out.append(contentsOf: Title.displaySafe(title).utf8) }
  }

  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writeAll(fd, $0) }
  }

  public static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    _ = Syscall.writeAll(fd, UnsafeRawBufferPointer(bytes))
  }

}
