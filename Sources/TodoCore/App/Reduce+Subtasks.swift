import Foundation

// The app's keys for subtasks (SPEC 9): A adds a subtask of the selected row
// (a on a subtask adds a sibling: `Reduce.swift`'s `.add`), Space or z folds
// a parent, and completing or deleting a parent whose subtasks stand in the
// way asks first, on the status line.

/// The reduce of the subtask actions (``Action/addChild(_:)``, ``Action/toggleFold(_:)``,
/// ``Action/answerSubtasks(_:)``).
func reduceSubtasks(_ state: inout AppState, _ action: Action) -> [Effect] {
  switch action {
  case .addChild(let id):
    if let why = refusal(state) {
      state.message = why
    } else if let item = state.item(id) {
      state.tree.addParent = item.icalUID
      state.mode = .form(Form(purpose: .add))
      state.message = "A subtask of “\(item.title)”"
    }
  case .toggleFold(let id):
    // On a row without subtasks: its parent's, when it is shown.
    var target = id
    if state.tree.counts[id] == nil,
      let p = state.item(id).flatMap({ item in
        state.visible.first { $0.icalUID == item.parent }
      })
    {
      target = p.id
    }
    guard let item = state.item(target), let count = state.tree.counts[target] else {
      state.message = "“\(state.item(id)?.title ?? "")” has no subtasks"
      return []
    }
    let folding = state.tree.collapsed.insert(target).inserted
    if !folding { state.tree.collapsed.remove(target) }
    state.refilter(keeping: target)
    state.message = "“\(item.title)”: \(count.all) subtasks " + (folding ? "folded" : "shown")
  case .answerSubtasks(let answer):
    guard case .askSubtasks(let q) = state.mode else { break }
    state.mode = .list
    switch (q.kind, answer) {
    case (_, .no):
      state.message = q.kind == .complete ? "Not completed" : "Not deleted"
    case (.complete, .keepChildren):
      return mutate(&state, .complete([q.id]))  // o: this one only, its subtasks stay open
    case (.complete, _):
      return mutate(&state, .complete([q.id] + q.below))
    case (.delete, .withChildren):
      return mutate(&state, .delete([q.id] + q.below))
    case (.delete, .keepChildren):
      return mutate(&state, .delete([q.id]))
    }
  default: break
  }
  return []
}

/// `x`/`c` on a row: completes it, or asks first when subtasks below it are open.
func completeAsking(_ state: inout AppState, _ id: UUID) -> [Effect] {
  guard let item = state.item(id), item.isPending else { return mutate(&state, .complete([id])) }
  let open = state.below(id).filter(\.isPending).map(\.id)
  guard !open.isEmpty, refusal(state) == nil else { return mutate(&state, .complete([id])) }
  if case .swipe = state.mode { state.mode = .list }
  state.mode = .askSubtasks(SubtaskQuestion(kind: .complete, id: id, below: open))
  return []
}

/// `d` on a row: the deletion question; a parent's asks what becomes of its subtasks.
func deleteQuestion(_ state: AppState, _ id: UUID) -> AppState.Mode {
  let below = state.below(id).map(\.id)
  return below.isEmpty
    ? .confirmDelete(id) : .askSubtasks(SubtaskQuestion(kind: .delete, id: id, below: below))
}

extension SubtaskQuestion {
  /// The question, for the status line.
  func prompt(_ state: AppState) -> String {
    let title = Title.displaySafe(state.item(id)?.title ?? "")
    let n = below.count == 1 ? "1 subtask" : "\(below.count) subtasks"
    switch kind {
    // The answers first: a long title is cut at the screen's edge, not them.
    case .complete:
      let them = below.count == 1 ? "its open subtask" : "its \(below.count) open subtasks"
      let long = "Complete \(them) too? a: all, o: “\(title)” only, n: nothing"
      // Narrow (40 columns): the answers whole, the question left to the row it is about.
      return CellWidth.of(long) <= state.size.width - 2
        ? long : "a: all \(below.count + 1), o: this one only, n: none"
    case .delete: return "Delete “\(title)” and its \(n)? y: with them, k: keep them, n: no"
    }
  }
}

extension KeyMap {
  /// The keys of a ``SubtaskQuestion``: a or y (all), o (completion: this one only), k (deletion:
  /// keep them), n or Esc.
  static func subtaskAnswer(_ key: Key, _ q: SubtaskQuestion) -> Action? {
    switch key {
    case .char("y"), .char("Y"): return .answerSubtasks(.withChildren)
    case .char("a") where q.kind == .complete, .char("A") where q.kind == .complete:
      return .answerSubtasks(.withChildren)
    case .char("o") where q.kind == .complete, .char("O") where q.kind == .complete:
      return .answerSubtasks(.keepChildren)
    case .char("k") where q.kind == .delete, .char("K") where q.kind == .delete:
      return .answerSubtasks(.keepChildren)
    case .char("n"), .char("N"), .escape: return .answerSubtasks(.no)
    default: return nil
    }
  }
}
