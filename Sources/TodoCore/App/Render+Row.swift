import Foundation

/// The left part of a list row, up to column `limit` (SPEC 8): `!!!`, `!!` or
/// `!` before the title (high, medium, low priority), the title, each `#tag`
/// dimmed and `✎` when the item has a note, in the order `list` prints them;
/// an item whose start is still to come is dimmed, not hidden.
///
/// When the room runs short the title wins: the tags are cut (with "…") or
/// left out first, then the note mark, while it would leave the title fewer
/// than 10 cells, and the priority, fewer than 5; then the title is cut with "…".
func drawRowFields(_ row: RowLook, _ state: AppState, _ y: Int, limit: Int, _ c: inout Canvas) {
  let item = row.item
  var base: Style = row.selected ? .reverse : .plain
  if item.isPending, let s = item.start, s > state.now { base.attributes.insert(.dim) }
  var tagStyle = base
  tagStyle.attributes.insert(.dim)
  var strong = base
  strong.attributes.insert(.bold)
  let title = Title.displaySafe(item.title)
  let titleWidth = CellWidth.of(title)
  let wanted = min(titleWidth, 10)
  // A subtask indented under its parent; a parent with its done count after
  // the title, never cut (SPEC 9): its cells are kept out of the title's room.
  let count = state.tree.suffix(of: item.id)
  let limit = limit - CellWidth.of(count)
  var x = 1 + state.tree.indent(of: item.id)
  // The priority mark gives way last: while the title keeps 5 cells (a parent's [n/m] takes 6 of its room).
  let priority = FieldText.priorityMark(item.priority)
  if !priority.isEmpty && limit - x - priority.count - 1 >= min(titleWidth, 5) {
    x = c.put(priority, x: x, y: y, style: strong) + 1
  }
  let note = item.note == nil ? "" : " " + ListOutput.noteGlyph
  let tags = item.tags.map { " #" + Title.displaySafe($0) }.joined()
  let room = limit - x
  if titleWidth + note.count + CellWidth.of(tags) <= room {
    x = c.put(title + count, x: x, y: y, style: base)
    x = c.put(tags, x: x, y: y, style: tagStyle)
    c.put(note, x: x, y: y, style: base)
  } else if titleWidth + note.count <= room {
    x = c.put(title + count, x: x, y: y, style: base)
    let tagRoom = room - titleWidth - note.count
    if tagRoom >= 3 { x = c.putCut(tags, x: x, y: y, style: tagStyle, limit: x + tagRoom) }
    c.put(note, x: x, y: y, style: base)
  } else {
    let keepNote = room - note.count >= wanted
    x = c.putCut(title, x: x, y: y, style: base, limit: keepNote ? limit - note.count : limit)
    x = c.put(count, x: x, y: y, style: base)
    if keepNote { c.put(note, x: x, y: y, style: base) }
  }
}
