import Foundation

/// Draws the app into a grid of cells: pure, no terminal. Only the rows on
/// screen are formatted, so the cost does not grow with the list.
public func render(_ state: AppState, size: Size) -> Canvas {
  var c = Canvas(width: size.width, height: size.height)
  if size.isTooSmall {
    c.put("too small: \(Size.minimum.width)×\(Size.minimum.height) at least", x: 0, y: 0)
    return c
  }
  let fmt = DueFormatter(timeZone: state.calendar.timeZone, now: state.now, hourCycle: state.hourCycle)
  let layout = Layout(state, size: size)
  drawHeader(state, &c)
  if let fatal = state.fatal {
    var y = 2
    for line in wrap(fatal, width: size.width - 2) where y < layout.status {
      c.put(line, x: 1, y: y, style: .red)
      y += 1
    }
    c.put("q quit", x: 0, y: layout.status, style: .dim)
    return c
  }
  if let b = state.banner { drawBanner(b, more: state.banners.count - 1, state, fmt, layout, &c) }
  switch state.days.span {
  case .list: drawList(state, fmt, layout, &c)
  case .week: drawWeek(state, fmt, layout, &c)
  case .month: drawMonth(state, fmt, layout, &c)
  }
  // The filter's line before the form: a form that needs it (40×10) goes over it.
  if let y = layout.filter { drawFilter(state, y, &c) }
  switch state.mode {
  case .form(let form): drawForm(form, state, fmt, layout, &c)
  case .help: drawHelp(state, layout, &c)
  case .pickList(let p): drawListPicker(p, state, layout, &c)
  default: break
  }
  drawStatus(state, layout, &c)
  return c
}

private func drawBanner(
  _ n: ScheduledNotification, more: Int, _ state: AppState, _ fmt: DueFormatter, _ layout: Layout,
  _ c: inout Canvas
) {
  let y = layout.banner.lowerBound
  let title = Title.displaySafe(n.title)
  let what =
    n.kind == .reminder ? "Reminder: Todo Item “\(title)” Is Overdue" : "Todo Item “\(title)” Is Overdue"
  c.fill(x: 0, y: y, count: c.width, style: Style(.yellow, .reverse))
  c.put(" " + what + (more > 0 ? "  (+\(more) more)" : ""), x: 0, y: y, style: Style(.yellow, .reverse))
  // The overdue count now, as the header says it (the notification's own was its moment's).
  var x = c.put(
    " " + (n.deadline.map(fmt.due) ?? "no deadline") + " · \(state.badge) overdue   ", x: 0, y: y + 1,
    style: .dim)
  for (key, label) in [
    ("C", "Complete"), ("R", "Remind in 30 min"), ("Esc", more > 0 ? "dismiss all" : "dismiss"),
  ] {
    x = c.put(key, x: x, y: y + 1, style: .bold)
    x = c.put(" " + label + "  ", x: x, y: y + 1)
  }
}

/// Width of the right-hand column of a row: a space and one cell for each mark.
private let marksWidth = 1 + ItemMarks.glyphs.count

private func drawList(_ state: AppState, _ fmt: DueFormatter, _ layout: Layout, _ c: inout Canvas) {
  let rows = layout.list
  guard !rows.isEmpty else { return }
  if state.visible.isEmpty {
    let text: String
    if !state.filter.isEmpty {
      text = "No item matches “\(Title.displaySafe(state.filter.text))”."
    } else if !state.loaded {
      text = ""
    } else {
      switch state.view {
      case .completed: text = "No completed items. Press v for the pending ones."
      case .pending, .all: text = "Nothing to do. Press a to add an item."
      }
    }
    let y = rows.lowerBound + rows.count / 2
    c.put(text, x: max(1, (c.width - CellWidth.of(text)) / 2), y: y, style: .dim)
    return
  }
  let window = state.listWindow
  let overflow = state.rowCount > rows.count
  let top = state.shownTop
  let shown = (top..<min(state.rowCount, top + window)).map(state.content(ofRow:))
  // The deadlines form one column, as wide as the widest one on screen.
  var dues: [Int: String] = [:]
  var progressWidth = 0
  for case .item(let i) in shown {
    dues[i] = dueText(state.visible[i], fmt)
    if let p = state.visible[i].progress, state.visible[i].isPending {
      progressWidth = max(progressWidth, "\(p)%".count)
    }
  }
  let dueWidth = dues.values.map(CellWidth.of).max() ?? 0
  let first = rows.lowerBound + (overflow ? 1 : 0)
  for (k, row) in shown.enumerated() {
    let y = first + k
    switch row {
    case .heading(let title):
      let x = c.put(title, x: 1, y: y, style: title == "Overdue" ? Style(.red, .bold) : .bold)
      c.put(String(repeating: "─", count: max(0, c.width - x - 2)), x: x + 1, y: y, style: .dim)
    case .item(let i):
      let item = state.visible[i]
      let look = RowLook(
        item: item, due: dues[i] ?? "", dueWidth: dueWidth, progressWidth: progressWidth,
        selected: i == state.selected)
      if case .swipe(let id) = state.mode, id == item.id {
        drawSwiped(look, state, y, &c)
      } else {
        drawRow(look, state, y, &c)
      }
    }
  }
  guard overflow else { return }
  // Scroll marks: how many items are above and below the rows shown.
  func itemsBefore(_ r: Int) -> Int {
    switch state.content(ofRow: r) {
    case .item(let i): return i
    case .heading(let t): return state.sections.first { $0.title == t }?.start ?? 0
    }
  }
  let above = top < state.rowCount ? itemsBefore(top) : 0
  let end = top + window
  let below = end < state.rowCount ? state.visible.count - itemsBefore(end) : 0
  if above > 0 {
    c.put("↑ \(above) more", x: 1, y: rows.lowerBound, style: .dim)
  } else if top > 0, case .heading(let title) = state.content(ofRow: 0) {
    // Only the first heading is above (after a resize): said, not a blank row.
    c.put("↑ " + title, x: 1, y: rows.lowerBound, style: .dim)
  }
  if below > 0 { c.put("↓ \(below) more", x: 1, y: rows.upperBound - 1, style: .dim) }
}

/// The deadline column of an item, as `list` says it ("today 17:00"); none for a someday item.
private func dueText(_ item: TodoItem, _ fmt: DueFormatter) -> String {
  item.deadline.map(fmt.phrase) ?? ""
}

/// What a row shows.
struct RowLook {
  var item: TodoItem
  var due: String
  var dueWidth: Int
  /// The progress column's width ("40%"), 0 when no row on screen has one.
  var progressWidth = 0
  var selected: Bool
}

/// One row: the title, then the state glyph (! overdue, ✓ completed) and the
/// deadline as `list` says it (red when overdue), then the marks (◷ a reminder
/// is pending, ↻ it repeats, ⊘ no slot); with the fields of SPEC 8 as
/// ``drawRowFields(_:_:_:_:)`` lays them out. The title keeps at least 10 cells
/// and ends with "…" when cut; a deadline that does not fit is cut.
private func drawRow(_ row: RowLook, _ state: AppState, _ y: Int, _ c: inout Canvas) {
  let item = row.item
  let base: Style = row.selected ? .reverse : .plain
  c.fill(x: 0, y: y, count: c.width, style: base)
  // The progress column goes first when room runs short (the title and the
  // deadline before the marks): it shows while the title keeps 16 cells.
  var progressWidth = row.progressWidth > 0 ? row.progressWidth + 1 : 0
  if c.width - marksWidth - row.dueWidth - 2 - progressWidth < 18 { progressWidth = 0 }
  let glyphStart = max(12, c.width - marksWidth - progressWidth - row.dueWidth - 2)
  drawRowFields(row, state, y, limit: glyphStart - 1, &c)
  var dueStyle = item.isOverdue(at: state.now) ? Style(.red, .bold) : base
  if row.selected { dueStyle.attributes.insert(.reverse) }
  let glyph = ItemMarks.stateGlyph(item, now: state.now)
  let end = c.width - marksWidth - progressWidth
  c.put((glyph ?? " ") + " " + row.due, x: glyphStart, y: y, style: dueStyle, limit: end)
  if progressWidth > 0, let p = item.progress, item.isPending {
    let text = "\(p)%"
    c.put(text, x: end + progressWidth - text.count, y: y, style: base)
  }
  let marks = ItemMarks(item, now: state.now, scheduled: state.scheduledIDs)
  var x = c.width - marksWidth + 1
  for (mark, glyph) in ItemMarks.glyphs {
    if marks.contains(mark) { c.put(glyph, x: x, y: y, style: base) }
    x += 1
  }
}

/// The swiped row: its text slides left to make room for the two actions
/// revealed at the right, as a table row swiped on iOS.
private func drawSwiped(_ row: RowLook, _ state: AppState, _ y: Int, _ c: inout Canvas) {
  // A completed row (the completed and all views) offers to reopen it.
  let remind = row.item.isPending ? " Remind in 30 min " : ""
  let complete = row.item.isPending ? " Complete " : " Reopen "
  let keep = max(0, c.width - CellWidth.of(remind) - CellWidth.of(complete))
  var slid = Canvas(width: keep, height: 1)
  drawRow(row, state, 0, &slid)
  for x in 0..<keep { c[x, y] = slid[x, 0] }
  let x = c.put(remind, x: keep, y: y, style: Style(.yellow, [.reverse, .bold]))
  c.put(complete, x: x, y: y, style: Style(.green, [.reverse, .bold]))
}

private func drawFilter(_ state: AppState, _ y: Int, _ c: inout Canvas) {
  c.fill(x: 0, y: y, count: c.width)
  let typing = state.mode == .filter
  var x = c.put(typing ? "/" : "filter: ", x: 0, y: y, style: .bold)
  x = drawField(state.filter, focused: typing, x: x, y: y, width: c.width - x - 22, &c)
  let count = "\(state.visible.count) of \(state.pending.count)"
  c.put(count, x: max(x + 1, c.width - CellWidth.of(count) - 1), y: y, style: .dim)
}

/// A text field from column `x`, at most `width` cells, scrolled so that the
/// cursor shows; the cursor is a reverse cell when `focused`. Returns the column after it.
@discardableResult
func drawField(
  _ field: TextField, focused: Bool, x: Int, y: Int, width: Int, style: Style = .plain, _ c: inout Canvas
) -> Int {
  let chars = field.characters
  let room = max(1, width - 1)
  var start = 0
  var w = 0
  var i = field.cursor
  while i > 0 {
    let cw = CellWidth.of(chars[i - 1])
    if w + cw > room { break }
    w += cw
    i -= 1
  }
  start = i
  var col = x
  for j in start..<chars.count {
    let ch = chars[j]
    let cw = CellWidth.of(ch)
    if col + cw > x + width { break }
    let st = focused && j == field.cursor ? Style(style.colour, style.attributes.union(.reverse)) : style
    col = c.put(String(ch), x: col, y: y, style: st)
  }
  if focused && field.cursor == chars.count && col < x + width {
    c.put(" ", x: col, y: y, style: .reverse)
    col += 1
  }
  return col
}

private func drawHelp(_ state: AppState, _ layout: Layout, _ c: inout Canvas) {
  let rows = layout.list
  for y in rows { c.fill(x: 0, y: y, count: c.width) }
  c.put("Keys", x: 1, y: rows.lowerBound, style: .bold)
  let lines = helpLines(width: c.width, keys: state.keys)
  let room = rows.count - 1
  let top = max(0, min(state.helpTop, lines.count - room))
  let more = top + room < lines.count ? "↓ more  " : top > 0 ? "↑ more  " : ""
  let closes = more + "Esc closes"
  c.put(closes, x: max(6, c.width - 1 - CellWidth.of(closes)), y: rows.lowerBound, style: .dim)
  for (i, line) in lines.dropFirst(top).prefix(room).enumerated() {
    let y = rows.lowerBound + 1 + i
    c.put(line.keys, x: 2, y: y, style: .bold)
    c.put(line.text, x: helpTextColumn, y: y)
  }
}

private let helpTextColumn = 17

/// The help table laid out for a width: descriptions wrapped under their column.
func helpLines(width: Int, keys bindings: KeyBindings = KeyBindings()) -> [(keys: String, text: String)] {
  var out: [(keys: String, text: String)] = []
  for (keys, what) in bindings.help(KeyMap.help) {
    for (i, part) in wrap(what, width: max(8, width - helpTextColumn - 1)).enumerated() {
      out.append((i == 0 ? keys : "", part))
    }
  }
  return out
}

private func drawStatus(_ state: AppState, _ layout: Layout, _ c: inout Canvas) {
  let y = layout.status
  c.fill(x: 0, y: y, count: c.width)
  let line = statusLine(state, width: c.width)
  c.put(Title.displaySafe(line.message), x: 1, y: y, style: line.style)
  if let first = line.hints.first {
    c.put(line.hints.map(\.text).joined(separator: "  "), x: first.x, y: y, style: .dim)
  }
}

/// The status line: the message, then as many key hints as fit after it,
/// whole, most useful first, each at its column (a click on one does its key).
func statusLine(_ state: AppState, width: Int) -> (
  message: String, style: Style, hints: [(x: Int, text: String)]
) {
  var keys: [String] = []
  var message = state.message
  var messageStyle = Style.bold
  switch state.mode {
  case .list where state.days.span != .list:
    keys = ["←→ day", "Enter items", "a add", "w view", "? help", "q quit"]
  case .list:
    keys =
      state.banner != nil
      ? [
        "C complete", "R remind", state.banners.count > 1 ? "Esc dismiss all" : "Esc dismiss",
        "c x r: the row",
      ]
      : [
        "a add", "← swipe", state.selectedItem?.isPending == false ? "c reopen" : "c complete", "? help",
        "q quit", "u undo", "/ filter", "v view",
      ]
  case .swipe:
    keys =
      state.selectedItem?.isPending == false
      ? ["Enter/c reopen", "→ close"] : ["Enter/c complete", "r remind", "→ close"]
  case .filter: keys = ["Enter keep", "Esc clear"]
  case .form, .help: keys = []
  case .pickList(let p):
    switch p.step {
    case .choosing: keys = ["↑↓ choose", "Enter pick", "a add", "r rename", "d delete", "Esc close"]
    case .naming: keys = ["Enter save", "Esc cancel"]
    case .deleting:
      message = p.prompt(state.lists) ?? ""
      messageStyle = Style(.red, .bold)
    }
  case .confirmDelete(let id):
    message = "Delete “\(state.item(id)?.title ?? "")”? (y/n)"
    messageStyle = Style(.red, .bold)
  case .askSubtasks(let q):
    message = q.prompt(state)
    messageStyle = Style(.red, .bold)
  }
  let end = 1 + CellWidth.of(Title.displaySafe(message))
  var shown: [String] = []
  let room = width - 1 - (message.isEmpty ? 1 : end + 3)
  for k in keys where CellWidth.of((shown + [k]).joined(separator: "  ")) <= room { shown.append(k) }
  var x = width - 1 - CellWidth.of(shown.joined(separator: "  "))
  var hints: [(x: Int, text: String)] = []
  for k in shown {
    hints.append((x, k))
    x += CellWidth.of(k) + 2
  }
  return (message, messageStyle, hints)
}

func box(x: Int, y: Int, width: Int, height: Int, title: String, _ c: inout Canvas) {
  for row in y..<(y + height) { c.fill(x: x, y: row, count: width) }
  let line = String(repeating: "─", count: max(0, width - 2))
  c.put("┌" + line + "┐", x: x, y: y)
  c.put("└" + line + "┘", x: x, y: y + height - 1)
  for row in (y + 1)..<(y + height - 1) {
    c.put("│", x: x, y: row)
    c.put("│", x: x + width - 1, y: row)
  }
  c.put(title, x: x + 2, y: y, style: .bold)
}

/// Splits text into lines of at most `width` cells, at spaces where it can.
func wrap(_ text: String, width: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  var w = 0
  for word in text.split(separator: " ", omittingEmptySubsequences: false) {
    let ww = CellWidth.of(String(word))
    if w > 0 && w + 1 + ww > width {
      lines.append(line)
      line = ""
      w = 0
    }
    if w > 0 {
      line += " "
      w += 1
    }
    line += word
    w += ww
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}
