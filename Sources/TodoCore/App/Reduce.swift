import Foundation

/// The app's logic: changes `state` for `action` and returns what the runtime
/// must do, as data. Pure: time and identity come from `env`, and nothing here
/// touches the terminal or the disk.
public func reduce(_ state: inout AppState, _ action: Action, env: TodoEnvironment) -> [Effect] {
  var effects: [Effect] = []
  let message = state.message
  switch action {
  case .move(let n): move(&state, to: state.selected + n)
  case .page(let n):
    move(&state, to: state.selected + n * max(1, Layout(state, size: state.size).list.count - 1))
  case .moveToTop: move(&state, to: 0)
  case .moveToBottom: move(&state, to: state.visible.count - 1)

  case .add:
    if let why = refusal(state) {
      state.message = why
    } else {
      state.tree.addParent = state.siblingParent  // a on a subtask: a sibling
      state.mode = .form(Form(purpose: .add))
      state.message = ""
    }
  case .edit(let id):
    if let why = refusal(state) {
      state.message = why
    } else if let item = state.item(id) {
      let purpose = Form.Purpose.edit(
        id, deadline: item.deadline, repeatRule: item.repeatRule, warn: item.warn)
      var form = Form(purpose: purpose, title: item.title)
      form.detail = Detail(
        item, known: Detail.knownTags(state.pending + state.done), lists: state.lists,
        calendar: state.calendar)
      state.mode = .form(form)
      state.message = ""
    }
  case .swipe(let id):
    state.mode = .swipe(id)
  case .complete(let id):
    effects += completeAsking(&state, id)
  case .remind(let id):
    let at = env.now().addingTimeInterval(30 * 60).wholeSeconds
    effects += mutate(&state, .remind(id, at: at))
  case .askDelete(let id):
    if let why = refusal(state) {
      state.message = why
    } else {
      state.mode = deleteQuestion(state, id)
    }
  case .confirmDelete(let yes):
    guard case .confirmDelete(let id) = state.mode else { break }
    state.mode = .list
    if yes {
      effects += mutate(&state, .delete([id]))
    } else {
      state.message = "Not deleted"
    }
  case .undo, .redo:
    let undo = action == .undo
    if let why = refusal(state) {
      state.message = why
    } else if let last = undo ? state.undoStack.popLast() : state.redoStack.popLast() {
      effects += [.commit(undo ? .undo(last) : .redo(last))]
    } else {
      state.message = undo ? "Nothing to undo" : "Nothing to redo"
    }

  case .addChild, .toggleFold, .answerSubtasks:
    effects += reduceSubtasks(&state, action)
  case .reopen(let id):
    effects += mutate(&state, .reopen([id]))
  case .switchView:
    let all = AppState.View.allCases
    state.view = all[(all.firstIndex(of: state.view)! + 1) % all.count]
    state.refilter(keeping: state.selectedItem?.id)
    switch state.view {
    case .pending: state.message = "Pending items"
    case .completed: state.message = "Completed items: x or c reopens"
    case .all: state.message = "All items"
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
    let most = max(0, helpLines(width: state.size.width, keys: state.keys).count - room)
    state.helpTop = max(0, min(state.helpTop + n, most))
  case .escape:
    escape(&state)
  case .quit:
    if state.waitingForLock != nil && !state.quitAsked {
      // A change waits for the lock: quitting loses it, so ask once.
      state.quitAsked = true
      state.message = "A change is not saved yet (the file's lock is held): q again quits without it"
    } else {
      effects.append(.quit)
    }
  case .lockWait(let why):
    state.waitingForLock = why
    if let why { state.message = why } else { state.quitAsked = false }
  case .form(let f):
    effects += reduceForm(&state, f, env: env)
  case .list(let a):
    effects += reduceList(&state, a)
  case .days(.add):
    if let why = refusal(state) { state.message = why } else { reduceDays(&state, .add) }
  case .days(let a):
    reduceDays(&state, a)
  case .mouse(let m):
    effects += reduceMouse(&state, m, env: env)

  case .tick(let t):
    if let since = state.bannerSince, t >= since.addingTimeInterval(AppState.bannerSeconds) {
      state.banners = []
      state.bannerSince = nil
    }
    // The status message fades; a wait for the lock stays said while it lasts
    // (without a fade time, so that the timer is not set for the past).
    if let since = state.messageSince, t >= since.addingTimeInterval(AppState.messageSeconds) {
      if state.waitingForLock == nil { state.message = "" }
      state.messageSince = nil
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
    state.setLists(doc.lists)
    state.setItems(doc.items)
    closeVanished(&state)
    followDetail(&state)
    // Delivered by another notifier (the daemon) since the last read: a banner too.
    if wasLoaded { showBanners(&state, state.newlyDelivered(since: before, in: doc.items), env: env) }
  case .loadFailed(let why):
    state.fatal = why
  case .mutated(let m, let change):
    record(&state, m, change)
    if let l = change.lists {
      state.setLists(l.after)
      state.namedList(change)
    }
    if case .form = state.mode { state.mode = .list }
    if case .swipe = state.mode { state.mode = .list }
    state.now = env.now()
    state.apply(change)
    if case .add = m, state.view == .completed {
      state.view = .pending  // an item just added stays in sight
      state.refilter(keeping: state.selectedItem?.id)
    }
    if case .add = m, let id = change.after.keys.first,
      let i = state.visible.firstIndex(where: { $0.id == id })
    {
      move(&state, to: i)
    }
    closeVanished(&state)
  case .mutationFailed(let m, let why):
    if case .undo(let change) = m { state.undoStack.append(change) }
    if case .redo(let change) = m { state.redoStack.append(change) }
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
  if state.message != message { state.noteMessage(at: env.now()) }
  if state.terminalTitle != state.wantedTitle {
    state.terminalTitle = state.wantedTitle
    effects.append(.setTerminalTitle(state.terminalTitle))
  }
  return effects
}

/// Keeps the undo and redo stacks and says what a mutation did. A change the
/// user makes goes on the undo stack and clears the redo stack; what an undo
/// did goes on the redo stack, and what a redo did back on the undo stack,
/// each under the summary of the change the user made.
private func record(_ state: inout AppState, _ m: TodoOperation, _ change: Change) {
  func push(_ c: Change, _ stack: inout [Change]) {
    stack.append(c)
    if stack.count > AppState.undoDepth { stack.removeFirst() }
  }
  /// What an undo or redo did: onto the other stack, under the summary of the user's change.
  func reverted(
    _ verb: (name: String, done: String, key: String), _ original: Change, onto stack: inout [Change]
  ) {
    guard change.changesUserFields || change.lists != nil else {
      state.message = "Nothing to \(verb.name) in “\(original.summary)”: changed elsewhere since"
      return
    }
    var done = Change(before: change.before, after: change.after, summary: original.summary)
    done.lists = change.lists  // a list added, renamed or deleted (SPEC 9)
    push(done, &stack)
    state.message = "\(verb.done): \(original.summary) — \(verb.key)"
  }
  switch m {
  case .undo(let original):
    reverted(("undo", "Undid", "U redoes"), original, onto: &state.redoStack)
  case .redo(let undone):
    reverted(("redo", "Redid", "u undoes"), undone, onto: &state.undoStack)
  default:
    guard !change.isEmpty else {
      state.message = change.summary
      return
    }
    push(change, &state.undoStack)
    state.redoStack = []
    state.message = change.summary + (change.note.map { "; " + $0 } ?? "") + " — u undoes"
  }
}

extension Change {
  /// Whether an item came or went, or a field a user sets changed (not only
  /// the time of the last change or the delivery records).
  var changesUserFields: Bool {
    after.contains { id, new in
      switch (before[id] ?? nil, new) {
      case (nil, nil): return false
      case (let old?, let new?): return !old.sameUserFields(as: new)
      default: return true
      }
    }
  }
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
func refusal(_ state: AppState) -> String? {
  if let r = state.readOnly { return r }
  if state.fatal != nil { return "the file cannot be read" }
  return nil
}

/// Asks for a mutation, unless the file is read-only.
func mutate(_ state: inout AppState, _ m: TodoOperation) -> [Effect] {
  if let why = refusal(state) {
    state.message = why
    return [.bell]
  }
  if case .swipe = state.mode { state.mode = .list }
  if case .complete(let ids) = m, ids.contains(where: { $0 == state.banner?.itemID }) {
    dismissBanner(&state)
  }
  if case .remind(let id, _) = m, id == state.banner?.itemID { dismissBanner(&state) }
  return [.commit(m)]
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
  case .pickList(var p) where p.step != .choosing:
    p.step = .choosing  // Esc on a name or a question: back to the choices
    state.mode = .pickList(p)
  case .swipe, .help, .pickList:
    state.mode = .list
  case .form(var form):
    if form.askingToDiscard {
      form.askingToDiscard = false  // Esc on the question: back to editing
      state.mode = .form(form)
    } else if form.isTouched {
      form.askingToDiscard = true
      state.mode = .form(form)
    } else {
      state.mode = .list
      state.message = "Cancelled"
    }
  case .confirmDelete:
    state.mode = .list
    state.message = "Not deleted"
  case .askSubtasks(let q):
    state.mode = .list
    state.message = q.kind == .complete ? "Not completed" : "Not deleted"
  case .filter:
    state.mode = .list
    clearFilter(&state)
  case .list:
    if state.banner != nil {
      // One Esc for them all: four overdue items are one thing to see, in the list below.
      state.banners.removeAll()
      state.bannerSince = nil
      state.scrollToSelection()
    } else if !state.filter.isEmpty {
      clearFilter(&state)
    } else {
      _ = leaveDay(&state)
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
  case .askSubtasks(let q):
    if state.item(q.id) == nil { state.mode = .list }
  default: break
  }
}
