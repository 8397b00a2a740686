import Foundation

/// The form's part of ``reduce(_:_:env:)``: typing, moving between the title,
/// the deadline, the picker, the repeat rule and the warning, asking before
/// discarding, and saving only what the user touched.
func reduceForm(_ state: inout AppState, _ action: FormAction, env: TodoEnvironment) -> [Effect] {
  guard case .form(var form) = state.mode else { return [] }
  form.error = nil
  switch action {
  case .discard(let yes):
    guard form.askingToDiscard else { break }
    form.askingToDiscard = false
    if yes {
      state.mode = .list
      state.message = "Discarded"
      return []
    }
  case .openEditor:
    guard let note = form.detail?.note.text else { break }
    state.mode = .form(form)
    return [.editNote(note)]
  case .noteEdited(let text):
    form.detail?.note = TextArea(text)
  case .edit(let edit):
    switch form.focus {
    case .title:
      if !form.title.apply(edit) {
        form.error = "A title is plain text of at most \(Title.maxLength) characters; the rest was left out"
      }
    case .deadline: form.deadline.apply(edit)
    case .start, .startPicker, .priority, .line, .tags, .parent, .note, .alert: detailEdit(&form, edit)
    case .list: detailListEdit(&form, edit, state)
    case .repeatRule: form.repeatRule.apply(edit)
    case .warning: form.warning.apply(edit)
    case .picker:
      if pickerEdit(edit, &form.picker, &form.deadline) { form.focus = .deadline }
    }
  case .nextField where form.detail != nil, .previousField where form.detail != nil:
    detailTab(&form, forward: action == .nextField, state, env: env)
  case .turn(let n) where form.detail != nil:
    detailTurn(&form, n, state)
  case .nextField, .previousField:
    // Tab: title → deadline → picker → repeat → warning → title; Shift-Tab back.
    let forward = action == .nextField
    switch (form.focus, forward) {
    case (.title, true), (.picker, false):
      // Back from the picker: the text typed before it, the picker closed.
      if form.focus == .picker { form.picker = nil }
      form.focus = .deadline
    case (.deadline, true), (.repeatRule, false):
      // The picker starts from what the field says; the field's text is kept.
      form.picker = form.picker ?? DatePicker(date: deadlinePickerStart(form, state, env))
      form.focus = .picker
    case (.picker, true), (.warning, false): form.focus = .repeatRule
    case (.repeatRule, true), (.title, false): form.focus = .warning
    case (.warning, true), (.deadline, false): form.focus = .title
    default: break  // the detail's fields: above
    }
  case .turn(let n):
    // ↑ ↓ turn the picker's wheel; on a text field they move to the one above or below.
    if form.focus == .picker {
      form.picker?.turn(n, calendar: state.calendar)
    } else {
      let order: [Form.Focus] = [.title, .deadline, .repeatRule, .warning]
      let i = order.firstIndex(of: form.focus) ?? 0
      let next = order[min(order.count - 1, max(0, i - n))]
      form.focus = next == .deadline && form.picker != nil ? .picker : next
    }
  case .save:
    // Ctrl-S: saves from any field (the note's Enter starts a new line).
    if let why = state.waitingForLock {
      form.error = why + "; this form saves when it frees"
    } else {
      return submit(&state, form, env: env)
    }
  case .submit:
    if form.focus == .title {
      form.focus = .deadline
    } else if let why = state.waitingForLock {
      form.error = why + "; this form saves when it frees"  // Enter once is enough
    } else {
      return submit(&state, form, env: env)
    }
  }
  state.mode = .form(form)
  return []
}

/// Enter on any field but the title: saves, or says why not. An edit
/// sends only the fields the user touched (SPEC 6): a field left as it was
/// keeps whatever another process wrote there meanwhile.
private func submit(_ state: inout AppState, _ form: Form, env: TodoEnvironment) -> [Effect] {
  var form = form
  let title: String
  do { title = try Title.validate(form.title.text) } catch {
    form.error = "\(error)"
    form.focus = .title
    state.mode = .form(form)
    return [.bell]
  }
  let now = env.now()
  let deadline = form.resolvedDeadline(now: now, calendar: state.calendar)
  let rule = form.resolvedRepeat()
  let warn = form.resolvedWarning(now: now, calendar: state.calendar)
  guard case .success(let d) = deadline, case .success(let r) = rule, case .success(let w) = warn else {
    // The field says why in place, live: the keyboard goes to the first one that does not read.
    if case .failure = deadline {
      form.picker = nil  // a turned picker always reads: the text is what does not
      form.focus = .deadline
    } else if case .failure = rule {
      form.focus = .repeatRule
    } else {
      form.focus = .warning
    }
    state.mode = .form(form)
    return [.bell]
  }
  let fields = form.detail?.edits(now: now, calendar: state.calendar) ?? .success([])
  guard case .success(var f) = fields else {
    // The detail's own fields say why in place too.
    if case .failure(let bad) = fields { form.focus = bad.field }
    if form.focus == .start { form.detail?.startPicker = nil }
    state.mode = .form(form)
    return [.bell]
  }
  if case .edit(let id, _, _, _) = form.purpose, let d = form.detail, let item = state.item(id) {
    switch state.treeEdits(d, of: item) {
    case .success(let tree): f += tree
    case .failure(let why):
      form.focus = why.field
      form.error = why.message
      state.mode = .form(form)
      return [.bell]
    }
  }
  state.mode = .form(form)
  switch form.purpose {
  case .add:
    // Into the list shown (SPEC 9); with all lists shown, the settings' default list (a name
    // the file does not have: the file's default); under the parent of `A`.
    let into = state.shownList ?? state.defaultList.flatMap { try? state.lists.named($0).id }
    var fields: [FieldChange] = []
    if let into { fields.append(.set("list", FieldValue(state.lists.field(for: into)))) }
    if let p = state.tree.addParent { fields.append(.set("parent", .text(p))) }
    return mutate(&state, .add(title: title, deadline: d, repeatRule: r, warn: w, changes: fields))
  case .edit(let id, _, _, _):
    let newTitle = form.titleTouched ? title : nil
    let newDeadline: Date?? = form.deadlineTouched ? .some(d) : nil
    let newRule: String?? = form.repeatTouched ? .some(r) : nil
    let newWarn: Int?? = form.warningTouched ? .some(w) : nil
    if newTitle == nil && newDeadline == nil && newRule == nil && newWarn == nil && f.isEmpty {
      state.mode = .list
      state.message = "Nothing changed"
      return []
    }
    return mutate(
      &state,
      .edit(id, title: newTitle, deadline: newDeadline, repeatRule: newRule, warn: newWarn, changes: f))
  }
}
