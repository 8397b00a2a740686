import Foundation

/// The form's part of ``reduce(_:_:env:)``: typing, moving between the title,
/// the deadline and the picker, asking before discarding, and saving only
/// what the user touched.
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
    case .deadline:
      form.deadline.apply(edit)
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
    let forward = action == .nextField
    switch (form.focus, forward) {
    case (.title, true): form.focus = .deadline
    case (.deadline, true), (.title, false):
      // The picker starts from what the field says; the field's text is kept.
      form.picker = form.picker ?? DatePicker(date: pickerStart(form, state, env))
      form.focus = .picker
    case (.picker, true): form.focus = .title
    case (.deadline, false): form.focus = .title
    case (.picker, false):
      form.focus = .deadline
      form.picker = nil
    }
  case .turn(let n):
    switch form.focus {
    case .picker: form.picker?.turn(n, calendar: state.calendar)
    case .title: if n < 0 { form.focus = .deadline }
    case .deadline: if n > 0 { form.focus = .title }
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

/// Enter on the deadline or the picker: saves, or says why not. An edit
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
  switch form.resolvedDeadline(now: env.now(), calendar: state.calendar) {
  case .failure(let p):
    form.error = p.message
    state.mode = .form(form)
    return [.bell]
  case .success(let d):
    state.mode = .form(form)
    switch form.purpose {
    case .add: return mutate(&state, .add(title: title, deadline: d))
    case .edit(let id, _):
      let newTitle = form.titleTouched ? title : nil
      let newDeadline: Date?? = form.deadlineTouched ? .some(d) : nil
      if newTitle == nil && newDeadline == nil {
        state.mode = .list
        state.message = "Nothing changed"
        return []
      }
      return mutate(&state, .edit(id, title: newTitle, deadline: newDeadline))
    }
  }
}
