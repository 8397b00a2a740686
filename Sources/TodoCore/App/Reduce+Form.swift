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
  case .edit(let edit):
    switch form.focus {
    case .title:
      if !form.title.apply(edit) {
        form.error = "A title is plain text of at most \(Title.maxLength) characters; the rest was left out"
      }
    case .deadline: form.deadline.apply(edit)
    case .repeatRule: form.repeatRule.apply(edit)
    case .warning: form.warning.apply(edit)
    case .picker:
      switch edit {
      case .left: form.picker?.move(-1)
      case .right: form.picker?.move(1)
      case .insert(let s):
        // Typing leaves the picker for the text field, where what was typed
        // before the picker opened still is: the new text goes after it.
        form.picker = nil
        form.focus = .deadline
        form.deadline.apply(.end)
        form.deadline.apply(.insert(s))
      default: break
      }
    }
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
      form.picker = form.picker ?? DatePicker(date: pickerStart(form, state, env))
      form.focus = .picker
    case (.picker, true), (.warning, false): form.focus = .repeatRule
    case (.repeatRule, true), (.title, false): form.focus = .warning
    case (.warning, true), (.deadline, false): form.focus = .title
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

/// Where the picker starts: the deadline the field reads as, else in an hour.
private func pickerStart(_ form: Form, _ state: AppState, _ env: TodoEnvironment) -> Date {
  if case .success(let d?) = form.resolvedDeadline(now: env.now(), calendar: state.calendar) { return d }
  return env.now().addingTimeInterval(3600).wholeSeconds
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
  state.mode = .form(form)
  switch form.purpose {
  case .add:
    let fields = state.tree.addParent.map { FieldEdits(parent: .some($0)) } ?? .none
    return mutate(&state, .add(title: title, deadline: d, repeatRule: r, warn: w, fields: fields))
  case .edit(let id, _, _, _):
    let newTitle = form.titleTouched ? title : nil
    let newDeadline: Date?? = form.deadlineTouched ? .some(d) : nil
    let newRule: String?? = form.repeatTouched ? .some(r) : nil
    let newWarn: Int?? = form.warningTouched ? .some(w) : nil
    if newTitle == nil && newDeadline == nil && newRule == nil && newWarn == nil {
      state.mode = .list
      state.message = "Nothing changed"
      return []
    }
    return mutate(
      &state, .edit(id, title: newTitle, deadline: newDeadline, repeatRule: newRule, warn: newWarn))
  }
}
