import Foundation

/// Rows of the form with a reading under every field, and without (one
/// reading line, the field that has the keyboard's), for small screens.
private let fullFormHeight = 11
private let compactFormHeight = 8

/// The add/edit form over the list: Title, Deadline (or its picker), Repeat
/// and Warning, each with its live reading ("→ …", or why it does not read),
/// then the keys. When the screen has no room for a reading under each field
/// (40×10), only the field that has the keyboard shows its reading.
func drawForm(_ form: Form, _ state: AppState, _ fmt: DueFormatter, _ layout: Layout, _ c: inout Canvas) {
  if form.detail != nil { return drawDetail(form, state, fmt, layout, &c) }
  let g = FormBox(layout, width: c.width)
  let (full, w, h, x0, y0) = (g.full, g.w, g.h, g.x0, g.y0)
  let heading: String
  if case .add = form.purpose { heading = " Add item " } else { heading = " Edit item " }
  for y in y0..<(y0 + h) where layout.banner.contains(y) || y == layout.filter {
    c.fill(x: 0, y: y, count: c.width)  // the banner's and the filter's rows, whole
  }
  box(x: x0, y: y0, width: w, height: h, title: heading, &c)
  let fx = x0 + 13
  let fw = w - 15
  let end = x0 + w - 1
  let rows = FormBox.rows
  let focus = form.focus == .picker ? .deadline : form.focus
  // Read once: the repeat's and the warning's readings count from it.
  let deadline = form.resolvedDeadline(now: state.now, calendar: state.calendar)
  var y = y0 + 1
  for (label, field) in rows {
    c.put(label, x: x0 + 2, y: y, style: field == focus ? .bold : .plain)
    switch field {
    case .title: drawField(form.title, focused: form.focus == .title, x: fx, y: y, width: fw, &c)
    case .deadline: drawDeadline(form, fmt, x: fx, y: y, end: end, &c)
    case .repeatRule:
      drawHinted(form.repeatRule, hint: form.hint(for: field), focused: focus == field, x: fx, y: y, end, &c)
    default:
      drawHinted(form.warning, hint: form.hint(for: field), focused: focus == field, x: fx, y: y, end, &c)
    }
    y += 1
    if full {
      let (text, style) = reading(field, form, deadline, state, fmt)
      c.putCut(text, x: fx, y: y, style: style, limit: end)  // a cut reading ends in “…”
      y += 1
    }
  }
  if !full {
    // One reading, under the labels too: the room a small screen has.
    let (text, style) = reading(focus, form, deadline, state, fmt)
    c.putCut(text, x: x0 + 2, y: y, style: style, limit: end)
    y += 1
  }
  if form.askingToDiscard {
    c.put(
      "Discard the changes? y discards, n keeps editing", x: x0 + 2, y: y, style: Style(.red, .bold),
      limit: end)
  } else {
    let keys =
      switch form.focus {
      case .picker: "↑↓ turn  ←→ part  Tab repeat  Enter save  Esc cancel"
      case .deadline: "Tab picker  Enter save  Esc cancel"
      case .title: "Tab/Enter deadline  Esc cancel"
      case .repeatRule: "Tab warning  Enter save  Esc cancel"
      case .warning: "Tab title  Enter save  Esc cancel"
      default: ""  // the detail's fields: Render+Detail.swift
      }
    c.put(keys, x: x0 + 2, y: y, style: .dim, limit: end)
  }
}

/// What a field reads as, live: the title's length (or why the last Enter
/// did not save), the deadline, the rule with its next occurrence, the
/// warning's instant; in red, why the text does not read.
func reading(
  _ field: Form.Focus, _ form: Form, _ resolved: Result<Date?, DeadlineProblem>, _ state: AppState,
  _ fmt: DueFormatter
) -> (String, Style) {
  let ok = Style(.green)
  let deadline = try? resolved.get()
  switch field {
  case .title:
    if let e = form.error { return (e, .red) }
    return ("\(form.title.characters.count)/\(form.title.limit)", .dim)
  case .deadline, .picker:
    switch resolved {
    case .success(nil): return ("→ no deadline (someday)", ok)
    case .success(let d?):
      let past = d <= state.now ? "  (already overdue)" : ""
      return ("→ " + fmt.dateText(d, weekday: true) + past, ok)
    case .failure(let p): return (p.message, .red)
    }
  case .repeatRule:
    switch form.resolvedRepeat() {
    case .success(nil): return ("→ does not repeat", ok)
    case .success(let rule?):
      guard let d = deadline ?? nil else { return ("→ \(rule), from its deadline (none yet)", ok) }
      let next = Recurrence.next(rule, deadline: d, now: state.now, in: state.calendar.timeZone)
      return ("→ \(rule)" + (next.map { ", then " + fmt.dateText($0, weekday: true) } ?? ", ends there"), ok)
    case .failure(let p): return (p.message, .red)
    }
  case .warning:
    switch form.resolvedWarning(now: state.now, calendar: state.calendar) {
    case .success(nil): return ("→ no early warning", ok)
    case .success(let s?):
      let before = EarlyWarning.text(s) + " before"
      guard let d = deadline ?? nil else { return ("→ \(before) its deadline (none yet)", ok) }
      return ("→ \(before): " + fmt.dateText(d.addingTimeInterval(-Double(s)), weekday: true), ok)
    case .failure(let p): return (p.message, .red)
    }
  case .start, .startPicker, .priority, .line, .tags, .list, .parent, .note, .alert:
    return detailReading(field, form, state, fmt)
  }
}

/// The deadline field, or its picker while open.
func drawDeadline(_ form: Form, _ fmt: DueFormatter, x: Int, y: Int, end: Int, _ c: inout Canvas) {
  if let p = form.picker {
    drawPicker(p, focused: form.focus == .picker, fmt, x: x, y: y, &c)
  } else {
    drawHinted(
      form.deadline, hint: form.hint(formatter: fmt), focused: form.focus == .deadline, x: x, y: y, end, &c)
  }
}

/// A text field that shows, while empty, the hint of what it will take.
func drawHinted(
  _ field: TextField, hint: String, focused: Bool, x: Int, y: Int, _ end: Int, _ c: inout Canvas
) {
  if !field.isEmpty {
    drawField(field, focused: focused, x: x, y: y, width: end - x - 1, &c)
    return
  }
  let at = focused ? x + 1 : x
  if focused { c.put(" ", x: x, y: y, style: .reverse) }
  // Narrow (40 columns): the value alone before a cut one ("unchanged: Dec 3 at 17:0"), and a cut ends in "…".
  var text = hint
  let prefix = "unchanged: "
  if CellWidth.of(text) > end - at, text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
  c.putCut(text, x: at, y: y, style: .dim, limit: end)
}

func drawPicker(
  _ p: DatePicker, focused: Bool, _ fmt: DueFormatter, x: Int, y: Int, _ c: inout Canvas
) {
  let f = fmt.fields(p.date)
  let day = "\(DueFormatter.weekdays[f.weekday - 1]) \(DueFormatter.months[f.month - 1]) \(f.day)"
  let parts: [(DatePicker.Part, String)] = [
    (.day, " \(day) "), (.hour, String(format: " %02d ", f.hour)),
    (.minute, String(format: " %02d ", f.minute)),
  ]
  var col = x
  for (i, (part, text)) in parts.enumerated() {
    let st: Style = focused && part == p.part ? Style(.none, [.reverse, .bold]) : .underline
    col = c.put(text, x: col, y: y, style: st)
    if i < 2 { col = c.put(i == 0 ? " " : ":", x: col, y: y) }
  }
}

/// Where the form (add, and edit without the detail) is: a box in the list's
/// rows when they are enough, else over the banner, never the status line;
/// each field a row, with its reading under it when there is room (`full`).
struct FormBox {
  var full: Bool
  var w: Int
  var h: Int
  var x0: Int
  var y0: Int

  static let rows: [(String, Form.Focus)] = [
    ("Title", .title), ("Deadline", .deadline), ("Repeat", .repeatRule), ("Warning", .warning),
  ]

  init(_ layout: Layout, width: Int) {
    full = layout.status - 1 >= fullFormHeight
    w = min(width - 2, 72)
    h = full ? fullFormHeight : compactFormHeight
    x0 = (width - w) / 2
    y0 =
      layout.list.count >= h
      ? layout.list.lowerBound + (layout.list.count - h) / 2 : max(1, layout.status - h)
  }

  /// The field on screen line `y` (its row or its reading's), if any.
  func field(at y: Int) -> Form.Focus? {
    let k = (y - y0 - 1) / (full ? 2 : 1)
    return y > y0 && k < Self.rows.count ? Self.rows[k].1 : nil
  }
}
