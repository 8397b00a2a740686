import Foundation

/// The detail's part of the form's reducer (``reduceForm(_:_:env:)``): the
/// fields beyond the add form's four, Tab through all of them (a date
/// field's picker after it), ↑ ↓ between them and through the note's rows.

/// The detail's Tab order: its rows (``Detail/rows``), each date field followed by its picker.
func detailTabOrder(_ d: Detail) -> [Form.Focus] {
  d.rows.flatMap { f -> [Form.Focus] in
    switch f {
    case .deadline: return [.deadline, .picker]
    case .start: return [.start, .startPicker]
    default: return [f]
    }
  }
}

/// The text field a picker belongs to (its own field for the others).
func fieldOf(_ f: Form.Focus) -> Form.Focus {
  switch f {
  case .picker: return .deadline
  case .startPicker: return .start
  default: return f
  }
}

/// Tab (forward) or Shift-Tab in the detail. Tab on the tags completes the tag
/// being typed when a known tag does; a picker opens as Tab reaches it (from
/// what its field reads) and closes when Shift-Tab leaves it for its field.
func detailTab(_ form: inout Form, forward: Bool, _ state: AppState, env: TodoEnvironment) {
  guard var d = form.detail else { return }
  if forward && form.focus == .tags && d.completeTag() {
    form.detail = d
    return
  }
  let order = detailTabOrder(d)
  let i = order.firstIndex(of: form.focus) ?? 0
  let next = order[(i + (forward ? 1 : -1) + order.count) % order.count]
  if !forward && form.focus == .picker { form.picker = nil }
  if !forward && form.focus == .startPicker { d.startPicker = nil }
  if next == .picker && form.picker == nil {
    form.picker = DatePicker(date: deadlinePickerStart(form, state, env))
  }
  if next == .startPicker && d.startPicker == nil {
    d.startPicker = DatePicker(date: startPickerStart(form, d, state, env))
  }
  form.detail = d
  form.focus = next
}

/// ↑ (n = 1) or ↓ (-1) in the detail: turns a picker's wheel, moves through
/// the note's rows, else to the field above or below (onto its picker when open).
func detailTurn(_ form: inout Form, _ n: Int, _ state: AppState) {
  guard var d = form.detail else { return }
  switch form.focus {
  case .picker:
    form.picker?.turn(n, calendar: state.calendar)
    return
  case .startPicker:
    d.startPicker?.turn(n, calendar: state.calendar)
    form.detail = d
    return
  case .note:
    if d.note.moveRow(-n, width: detailNoteWidth(state.size)) {
      form.detail = d
      return
    }
  default: break
  }
  let fields = d.rows
  let i = fields.firstIndex(of: fieldOf(form.focus)) ?? 0
  let next = fields[min(fields.count - 1, max(0, i - n))]
  if next == .deadline && form.picker != nil {
    form.focus = .picker
  } else if next == .start && d.startPicker != nil {
    form.focus = .startPicker
  } else {
    form.focus = next
  }
}

/// A key that edits the detail's own fields. Priority: ← → and Space go
/// round none, low, medium, high; h m l n or a digit set it; Backspace clears it.
func detailEdit(_ form: inout Form, _ edit: TextField.Edit) {
  guard var d = form.detail else { return }
  switch form.focus {
  case .note:
    if !d.note.apply(edit) {
      form.error = "A note is plain text of at most \(d.note.limit) characters; the rest was left out"
    }
  case .tags:
    if !d.tags.apply(edit) { form.error = "Tags are plain text; what cannot be was left out" }
  case .parent:
    if !d.parent.apply(edit) { form.error = "A parent: a title or a short id, plain text" }
  case .line(let field):
    if d.lines[field.name]?.apply(edit) == false {
      let limit = field.text?.edit?.limit ?? 0
      form.error =
        "\(Detail.label(form.focus)): plain text of at most \(limit) characters; the rest was left out"
    }
  case .alert(let k):
    if !d.editAlert(k, edit) { form.error = "An alert: as --alert takes it, at most 64 characters" }
  case .start: d.start.apply(edit)
  case .startPicker:
    if pickerEdit(edit, &d.startPicker, &d.start) { form.focus = .start }
  case .priority:
    switch edit {
    case .left: d.cyclePriority(-1)
    case .right, .insert(" "): d.cyclePriority(1)
    case .backspace, .deleteForward: d.priority = nil
    case .insert(let s):
      if !d.typePriority(s) { form.error = "A priority: ← → or Space, or h m l n, 0-9" }
    default: break
    }
  default: break
  }
  form.detail = d
}

/// A key on a date picker: ← → choose the wheel; typing leaves the picker for
/// its text field, where what was typed before the picker opened still is, the
/// new text after it (true: the keyboard goes to the field).
func pickerEdit(_ edit: TextField.Edit, _ picker: inout DatePicker?, _ field: inout TextField) -> Bool {
  switch edit {
  case .left: picker?.move(-1)
  case .right: picker?.move(1)
  case .insert(let s):
    picker = nil
    field.apply(.end)
    field.apply(.insert(s))
    return true
  default: break
  }
  return false
}

/// The note's width in cells at a screen size: the detail's box, less its
/// labels, borders and a cell for the cursor at the end of a full row.
func detailNoteWidth(_ size: Size) -> Int { max(8, detailBoxWidth(size) - 16) }

/// The detail's box is as wide as the form's.
func detailBoxWidth(_ size: Size) -> Int { min(size.width - 2, 72) }

/// Where the deadline's picker starts: the deadline the field reads as, else in an hour.
func deadlinePickerStart(_ form: Form, _ state: AppState, _ env: TodoEnvironment) -> Date {
  if case .success(let d?) = form.resolvedDeadline(now: env.now(), calendar: state.calendar) { return d }
  return env.now().addingTimeInterval(3600).wholeSeconds
}

/// Where the start's picker starts: the start the field reads as, else the deadline's, else in an hour.
private func startPickerStart(_ form: Form, _ d: Detail, _ state: AppState, _ env: TodoEnvironment) -> Date {
  if case .success(let s?) = d.resolvedStart(now: env.now(), calendar: state.calendar) { return s }
  return deadlinePickerStart(form, state, env)
}

/// The file changed while the detail is open: the fields not touched follow
/// it (their values and the hints of the blank ones), the touched ones stay as typed.
func followDetail(_ state: inout AppState) {
  guard case .form(var form) = state.mode, form.detail != nil, case .edit(let id, _, _, _) = form.purpose,
    let item = state.item(id)
  else { return }
  form.detail?.follow(item, calendar: state.calendar)
  form.detail?.followTree(item, lists: state.lists)
  // The alerts followed the file: the keyboard stays on a row that is still there.
  if case .alert(let k) = form.focus, let n = form.detail?.alertRows.count, k >= n {
    form.focus = .alert(n - 1)
  }
  if !form.titleTouched {
    form.title = TextField(item.title)
    form.initialTitle = form.title.text
  }
  form.purpose = .edit(id, deadline: item.deadline, repeatRule: item.repeatRule, warn: item.warn)
  state.mode = .form(form)
}
