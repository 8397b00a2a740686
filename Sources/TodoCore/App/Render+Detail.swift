import Foundation

/// The item's detail (``Detail``) over the list: a box from under the header to
/// above the status line, one row a field (the note as many as its text
/// takes, wrapped at cell boundaries), the reading of the field that has the
/// keyboard under it, and the keys on the last row. When the fields do not
/// fit (40×10) they scroll so that the field being edited shows, with marks
/// on the box's border for what is above and below.
func drawDetail(_ form: Form, _ state: AppState, _ fmt: DueFormatter, _ layout: Layout, _ c: inout Canvas) {
  guard let d = form.detail else { return }
  let w = detailBoxWidth(Size(width: c.width, height: c.height))
  let x0 = (c.width - w) / 2
  let y0 = 1
  let h = max(4, layout.status - y0)
  for y in y0..<(y0 + h) { c.fill(x: 0, y: y, count: c.width) }  // the list's rows, whole
  box(x: x0, y: y0, width: w, height: h, title: " Edit item ", &c)
  let fx = x0 + 13
  let end = x0 + w - 1
  let noteWidth = detailNoteWidth(Size(width: c.width, height: c.height))
  let noteRows = d.note.rows(width: noteWidth)
  let focus = fieldOf(form.focus)
  let (lines, top, window) = detailLines(form, d, height: h, noteWidth: noteWidth)
  if top > 0 { c.put(" ↑ more ", x: end - 9, y: y0, style: .dim) }
  if top + window < lines.count { c.put(" ↓ more ", x: end - 9, y: y0 + h - 1, style: .dim) }

  let deadline = form.resolvedDeadline(now: state.now, calendar: state.calendar)
  for (k, line) in lines.dropFirst(top).prefix(window).enumerated() {
    let y = y0 + 1 + k
    switch line {
    case .reading:
      let (text, style) =
        form.error.map { ($0, Style.red) } ?? reading(form.focus, form, deadline, state, fmt)
      c.putCut(text, x: fx, y: y, style: style, limit: end)  // a cut reading ends in “…”
    case .field(let f, let row):
      if row == 0 { c.put(Detail.label(f), x: x0 + 2, y: y, style: f == focus ? .bold : .plain) }
      drawDetailValue(f, row: row, form, d, state, noteRows, noteWidth, fmt, x: fx, y: y, end: end, &c)
    }
  }
  let keysY = y0 + h - 2
  if form.askingToDiscard {
    c.put(
      "Discard the changes? y discards, n keeps editing", x: x0 + 2, y: keysY, style: Style(.red, .bold),
      limit: end)
  } else {
    // As many key hints as fit, whole, the most useful first.
    var shown: [String] = []
    for k in detailKeys(form.focus) where CellWidth.of((shown + [k]).joined(separator: "  ")) <= end - x0 - 3
    {
      shown.append(k)
    }
    c.put(shown.joined(separator: "  "), x: x0 + 2, y: keysY, style: .dim, limit: end)
  }
}

/// The keys of the field that has the keyboard, the most useful first.
private func detailKeys(_ focus: Form.Focus) -> [String] {
  switch focus {
  case .note: return ["Enter new line", "Ctrl-S save", "Tab next", "Esc cancel"]
  case .picker, .startPicker: return ["↑↓ turn", "←→ part", "Enter save", "Tab next", "Esc cancel"]
  case .title: return ["Tab/Enter next", "Ctrl-S save", "Esc cancel"]
  case .deadline, .start: return ["Tab picker", "Enter save", "Esc cancel"]
  case .priority: return ["←→ change", "Enter save", "Tab next", "Esc cancel"]
  case .tags: return ["Tab complete", "Enter save", "Esc cancel"]
  case .list: return ["←→ change", "Enter save", "Tab next", "Esc cancel"]
  case .parent: return ["a title or id", "Enter save", "Tab next", "Esc cancel"]
  case .repeatRule, .warning, .line: return ["Tab next", "Enter save", "Esc cancel"]
  case .alert: return ["as --alert: 15m, at fri 9:00", "Ctrl-U empties: removes", "Enter save", "Esc cancel"]
  }
}

/// One row of a field's value.
private func drawDetailValue(
  _ f: Form.Focus, row: Int, _ form: Form, _ d: Detail, _ state: AppState, _ noteRows: [Range<Int>],
  _ noteWidth: Int,
  _ fmt: DueFormatter, x: Int, y: Int, end: Int, _ c: inout Canvas
) {
  let width = end - x - 1
  switch f {
  case .title: drawField(form.title, focused: form.focus == .title, x: x, y: y, width: width, &c)
  case .deadline: drawDeadline(form, fmt, x: x, y: y, end: end, &c)
  case .start:
    if let p = d.startPicker {
      drawPicker(p, focused: form.focus == .startPicker, fmt, x: x, y: y, &c)
    } else {
      let hint = "unchanged: " + (d.keptStart.map { fmt.dateText($0) } ?? "none")
      drawHinted(d.start, hint: hint, focused: form.focus == f, x: x, y: y, end, &c)
    }
  case .repeatRule, .warning:
    drawHinted(
      f == .warning ? form.warning : form.repeatRule, hint: form.hint(for: f), focused: form.focus == f, x: x,
      y: y, end, &c)
  case .priority:
    let name = FieldText.priorityName(d.priority)
    let text = d.priority == nil ? name : FieldText.priorityMark(d.priority) + " " + name
    c.put(" " + text + " ", x: x - 1, y: y, style: form.focus == f ? .reverse : .plain, limit: end)
  case .line, .tags:  // a line of text (``TextForm/edit``)
    let field = Detail.field(f)
    let line = field.flatMap { d.lines[$0.name] } ?? TextField("")
    let hint = field?.text?.edit?.hint ?? "none"
    drawHinted(line, hint: hint, focused: form.focus == f, x: x, y: y, end, &c)
  case .list:
    let name = Title.displaySafe(state.lists.list(id: d.list)?.name ?? d.list)
    c.put(" " + name + " ", x: x - 1, y: y, style: form.focus == f ? .reverse : .plain, limit: end)
  case .parent:
    let kept = d.keptParent.map { uid in state.item(TodoItem.id(forUID: uid)).map { "“\($0.title)”" } ?? uid }
    let hint = "unchanged: " + (kept.map(Title.displaySafe) ?? "none")
    drawHinted(d.parent, hint: hint, focused: form.focus == f, x: x, y: y, end, &c)
  case .note:
    let focused = form.focus == .note
    if d.note.isEmpty {
      drawHinted(TextField(""), hint: "none", focused: focused, x: x, y: y, end, &c)
      return
    }
    let range = noteRows[row]
    var col = x
    for i in range {
      let st: Style = focused && i == d.note.cursor ? .reverse : .plain
      col = c.put(String(d.note.characters[i]), x: col, y: y, style: st, limit: x + noteWidth)
    }
    if focused && d.note.cursorPlace(width: noteWidth).row == row && d.note.cursor >= range.upperBound {
      c.put(" ", x: col, y: y, style: .reverse)
    }
  case .alert(let k):
    let hint = d.isKeptAlert(k) ? "removed when saved" : "add one: 15m, due+15m, start-1h, at fri 9:00"
    let line = d.alertRows.indices.contains(k) ? d.alertRows[k] : TextField("")
    drawHinted(line, hint: hint, focused: form.focus == f, x: x, y: y, end, &c)
  case .picker, .startPicker: break
  }
}

/// What one of the detail's own fields reads as, live.
func detailReading(_ field: Form.Focus, _ form: Form, _ state: AppState, _ fmt: DueFormatter) -> (
  String, Style
) {
  guard let d = form.detail else { return ("", .plain) }
  let ok = Style(.green)
  switch field {
  case .start, .startPicker:
    switch d.resolvedStart(now: state.now, calendar: state.calendar) {
    case .success(nil): return ("→ no start: it can be done now", ok)
    case .success(let s?):
      let later = s > state.now ? "  (dimmed in the list until then)" : ""
      return ("→ starts " + fmt.dateText(s, weekday: true) + later, ok)
    case .failure(let p): return (p.message, .red)
    }
  case .priority: return ("← → Space, or h m l n", .dim)
  case .line, .tags:  // a line of text: as its form reads it (the tags: with what Tab completes)
    guard let f = Detail.field(field), let edit = f.text?.edit else { return ("", .plain) }
    switch d.lineReading(f.name) {
    case .success(let v):
      let more = field == .tags ? d.tagCandidates.prefix(5).map { "#" + Title.displaySafe($0) } : []
      return (edit.reading(v) + (more.isEmpty ? "" : "   Tab: " + more.joined(separator: " ")), ok)
    case .failure(let p): return (p.message, .red)
    }
  case .note: return ("\(d.note.characters.count)/\(d.note.limit)  Enter: a new line", .dim)
  case .alert(let k):
    switch d.alertReading(k, now: state.now, calendar: state.calendar) {
    case .success(let a?): return ("→ " + a.words(fmt), ok)
    case .success(nil) where d.isKeptAlert(k): return ("→ removed when saved", ok)
    case .success(nil): return ("as --alert takes it: 15m, due+15m, due-1h, start-1h, at fri 9:00", .dim)
    case .failure(let p): return (p.message, .red)
    }
  case .list:
    guard state.lists.lists.count > 1 else { return ("the file's one list (todo-tui lists add NAME)", .dim) }
    return ("← → Space: \(state.lists.lists.count) lists", .dim)
  case .parent:
    guard case .edit(let id, _, _, _) = form.purpose, let item = state.item(id) else { return ("", .plain) }
    switch state.parentReading(d, of: item) {
    case .unchanged: return ("a title or a short id; none: the top level", .dim)
    case .topLevel: return ("→ no parent: a top-level item", ok)
    case .item(let p): return ("→ a subtask of “" + Title.displaySafe(p.title) + "”", ok)
    case let bad: return (state.parentProblem(bad), .red)
    }
  default: return ("", .plain)
  }
}

/// A line of the detail's box: a row of a field (the note takes many), or the reading under the focused one.
enum DetailLine {
  case field(Form.Focus, row: Int)
  case reading
}

/// The detail's lines, top to bottom, the first one shown (so that the
/// field being edited shows) and how many show, in a box `height` high.
func detailLines(_ form: Form, _ d: Detail, height h: Int, noteWidth: Int) -> (
  lines: [DetailLine], top: Int, window: Int
) {
  let noteRows = d.note.rows(width: noteWidth)
  let focus = fieldOf(form.focus)
  var lines: [DetailLine] = []
  var mustShow = 0
  for f in d.rows {
    let rows = f == .note ? noteRows.count : 1
    for r in 0..<rows { lines.append(.field(f, row: r)) }
    if f == focus {
      lines.append(.reading)
      mustShow = lines.count - 1
      if f == .note { mustShow = lines.count - 1 - rows + d.note.cursorPlace(width: noteWidth).row }
    }
  }
  let window = h - 3
  return (lines, mustShow >= window ? mustShow - window + 1 : 0, window)
}

/// The field on screen line `y` of the detail, as ``drawDetail`` lays it out.
func detailField(_ form: Form, _ state: AppState, _ layout: Layout, y: Int) -> Form.Focus? {
  guard let d = form.detail else { return nil }
  let size = state.size
  let (lines, top, window) = detailLines(
    form, d, height: max(4, layout.status - 1), noteWidth: detailNoteWidth(size))
  let k = y - 2
  guard k >= 0, k < window, top + k < lines.count, case .field(let f, _) = lines[top + k] else { return nil }
  return f
}
