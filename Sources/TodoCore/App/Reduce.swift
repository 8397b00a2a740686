import Foundation

/// The app's logic: changes `state` for `action` and returns what the runtime
/// must do, as data. Pure: time and identity come from `env`, and nothing here
/// touches the terminal or the disk.
public func reduce(_ state: inout AppState, _ action: Action, env: TodoEnvironment) -> [Effect] {
  var effects: [Effect] = []
  switch action {
  case .move(let n): move(&state, to: state.selected + n)
  case .page(let n):
    move(&state, to: state.selected + n * max(1, Layout(state, size: state.size).list.count - 1))
  case .moveToTop: move(&state, to: 0)
  case .moveToBottom: move(&state, to: state.visible.count - 1)

  case .add:
    if let why = refusal(state) {
      state.message = why
    } else if case let n = Scheduler.futureCount(state.pending, now: env.now()), n >= Scheduler.limit {
      state.message = TodoError.limitReached(n).description  // the CLI's words, the CLI's rule
    } else {
      state.mode = .form(Form(purpose: .add))
      state.message = ""
    }
  case .edit(let id):
    if let why = refusal(state) {
      state.message = why
    } else if let item = state.item(id) {
      state.mode = .form(Form(purpose: .edit(id, deadline: item.deadline), title: item.title))
      state.message = ""
    }
  case .swipe(let id):
    state.mode = .swipe(id)
  case .complete(let id):
    effects += mutate(&state, .complete([id]))
  case .remind(let id):
    let at = env.now().addingTimeInterval(30 * 60).wholeSeconds
    effects += mutate(&state, .remind(id, at: at))
  case .askDelete(let id):
    if let why = refusal(state) {
      state.message = why
    } else {
      state.mode = .confirmDelete(id)
    }
  case .confirmDelete(let yes):
    guard case .confirmDelete(let id) = state.mode else { break }
    state.mode = .list
    if yes {
      effects += mutate(&state, .delete([id]))
    } else {
      state.message = "Not deleted"
    }
  case .undo:
    if let why = refusal(state) {
      state.message = why
    } else if let last = state.undoStack.popLast() {
      effects += [.mutate(.undo(last))]
    } else {
      state.message = "Nothing to undo"
    }

  case .startFilter:
    state.mode = .filter
  case .filter(let edit):
    let keep = state.selectedItem?.id
    let old = state.filter.text.trimmingCharacters(in: .whitespaces)
    state.filter.apply(edit)
    // What matches "milk" is among what matched "mil": search only the rows shown.
    let new = state.filter.text.trimmingCharacters(in: .whitespaces)
    state.refilter(keeping: keep, narrowing: !old.isEmpty && AppState.matches(new, old))
  case .keepFilter:
    state.mode = .list
    state.scrollToSelection()
  case .help:
    state.mode = .help
    state.helpTop = 0
  case .scrollHelp(let n):
    let room = Layout(state, size: state.size).list.count - 1
    let most = max(0, helpLines(width: state.size.width).count - room)
    state.helpTop = max(0, min(state.helpTop + n, most))
  case .escape:
    escape(&state)
  case .quit:
    effects.append(.quit)
  case .form(let f):
    effects += reduceForm(&state, f, env: env)

  case .tick(let t):
    if let since = state.bannerSince, t >= since.addingTimeInterval(AppState.bannerSeconds) {
      state.banners = []
      state.bannerSince = nil
    }
    state.retime(t)
  case .resized(let size):
    state.size = size
    state.scrollToSelection()
  case .loaded(let doc):
    state.fatal = nil
    state.loaded = true
    if doc.formatVersion > TodoDocument.currentVersion {
      state.readOnly =
        "the file has format version \(doc.formatVersion), newer than this program knows "
        + "(\(TodoDocument.currentVersion)): read-only"
      state.message = state.readOnly!
    } else {
      state.readOnly = nil
    }
    state.now = env.now()
    let before = state.pending
    let wasLoaded = state.loaded
    state.setItems(doc.items)
    closeVanished(&state)
    // Delivered by another notifier (the daemon) since the last read: a banner too.
    if wasLoaded { showBanners(&state, state.newlyDelivered(since: before, in: doc.items), env: env) }
  case .loadFailed(let why):
    state.fatal = why
  case .mutated(let m, let change):
    if m.isUndoable && !change.isEmpty {
      state.undoStack.append(change)
      if state.undoStack.count > AppState.undoDepth { state.undoStack.removeFirst() }
    }
    if case .form = state.mode { state.mode = .list }
    if case .swipe = state.mode { state.mode = .list }
    state.message = m.isUndoable ? change.summary + (change.isEmpty ? "" : " — u undoes") : change.summary
    state.now = env.now()
    state.apply(change)
    if case .add = m, let id = change.after.keys.first,
      let i = state.visible.firstIndex(where: { $0.id == id })
    {
      move(&state, to: i)
    }
    closeVanished(&state)
  case .mutationFailed(let m, let why):
    if case .undo(let change) = m { state.undoStack.append(change) }
    if case .form(var form) = state.mode {
      form.error = why
      state.mode = .form(form)
    }
    state.message = why
    effects.append(.bell)
  case .fired(let notes, let bell):
    if showBanners(&state, notes, env: env) && bell { effects.append(.bell) }
  case .notice(let m):
    state.message = m
  }
  if state.terminalTitle != state.wantedTitle {
    state.terminalTitle = state.wantedTitle
    effects.append(.setTerminalTitle(state.terminalTitle))
  }
  return effects
}

/// Shows banners for notifications not shown already; true when there was one.
@discardableResult
private func showBanners(_ state: inout AppState, _ notes: [ScheduledNotification], env: TodoEnvironment)
  -> Bool
{
  let fresh = notes.filter { state.shown.insert(AppState.ShownKey($0)).inserted }
  guard !fresh.isEmpty else { return false }
  if state.banners.isEmpty { state.bannerSince = env.now() }
  state.banners += fresh
  state.retime(env.now())
  state.scrollToSelection()
  return true
}

/// Why the list may not be changed now, or nil.
private func refusal(_ state: AppState) -> String? {
  if let r = state.readOnly { return r }
  if state.fatal != nil { return "the file cannot be read" }
  return nil
}

/// Asks for a mutation, unless the file is read-only.
private func mutate(_ state: inout AppState, _ m: Mutation) -> [Effect] {
  if let why = refusal(state) {
    state.message = why
    return [.bell]
  }
  if case .swipe = state.mode { state.mode = .list }
  if case .complete(let ids) = m, ids.contains(where: { $0 == state.banner?.itemID }) {
    dismissBanner(&state)
  }
  if case .remind(let id, _) = m, id == state.banner?.itemID { dismissBanner(&state) }
  return [.mutate(m)]
}

private func move(_ state: inout AppState, to row: Int) {
  if case .swipe = state.mode { state.mode = .list }
  state.selected = max(0, min(row, state.visible.count - 1))
  state.scrollToSelection()
}

private func dismissBanner(_ state: inout AppState) {
  guard !state.banners.isEmpty else { return }
  state.banners.removeFirst()
  state.bannerSince = state.banners.isEmpty ? nil : state.now
  state.scrollToSelection()
}

/// Esc closes the innermost thing open.
private func escape(_ state: inout AppState) {
  switch state.mode {
  case .swipe, .help:
    state.mode = .list
  case .form:
    state.mode = .list
    state.message = "Cancelled"
  case .confirmDelete:
    state.mode = .list
    state.message = "Not deleted"
  case .filter:
    state.mode = .list
    clearFilter(&state)
  case .list:
    if state.banner != nil {
      dismissBanner(&state)
    } else if !state.filter.isEmpty {
      clearFilter(&state)
    }
  }
}

private func clearFilter(_ state: inout AppState) {
  let keep = state.selectedItem?.id
  state.filter = TextField("")
  state.refilter(keeping: keep)
}

/// A swipe or a deletion question about an item that is gone is closed.
private func closeVanished(_ state: inout AppState) {
  switch state.mode {
  case .swipe(let id), .confirmDelete(let id):
    if state.item(id) == nil { state.mode = .list }
  default: break
  }
}

private func reduceForm(_ state: inout AppState, _ action: FormAction, env: TodoEnvironment) -> [Effect] {
  guard case .form(var form) = state.mode else { return [] }
  var effects: [Effect] = []
  form.error = nil
  switch action {
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
        // Typing leaves the picker for the text field.
        form.picker = nil
        form.focus = .deadline
        form.deadline = TextField("", limit: form.deadline.limit)
        form.deadline.apply(.insert(s))
      default: break
      }
    }
  case .nextField, .previousField:
    let forward = action == .nextField
    switch (form.focus, forward) {
    case (.title, true): form.focus = .deadline
    case (.deadline, true):
      let start: Date
      switch form.resolvedDeadline(now: env.now(), calendar: state.calendar) {
      case .success(let d?): start = d
      case .success(nil), .failure: start = env.now().addingTimeInterval(3600).wholeSeconds
      }
      form.picker = form.picker ?? DatePicker(date: start)
      form.focus = .picker
    case (.picker, true): form.focus = .title
    case (.title, false):
      form.focus = .picker
      if form.picker == nil {
        let d = (try? form.resolvedDeadline(now: env.now(), calendar: state.calendar).get()) ?? nil
        form.picker = DatePicker(date: d ?? env.now().addingTimeInterval(3600).wholeSeconds)
      }
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
    } else {
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
        effects.append(.bell)
      case .success(let d):
        state.mode = .form(form)
        switch form.purpose {
        case .add: return mutate(&state, .add(title: title, deadline: d))
        case .edit(let id, let old):
          let newTitle = title == state.item(id)?.title ? nil : title
          let newDeadline = d == old ? nil : d
          if newTitle == nil && newDeadline == nil {
            state.mode = .list
            state.message = "Nothing changed"
            return []
          }
          return mutate(&state, .edit(id, title: newTitle, deadline: newDeadline))
        }
      }
    }
  }
  state.mode = .form(form)
  return effects
}
