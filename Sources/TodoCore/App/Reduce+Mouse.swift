import Foundation

/// The mouse (SPEC 4): a click selects a row (in the week and the month, a
/// day; in a form, a field); the wheel scrolls; a click on a key's name in the footer does what
/// the key does; a drag to the left on a row opens its swipe actions, and a
/// longer one (a third of the screen) completes it, as the tutorial's swipe.
func reduceMouse(_ state: inout AppState, _ m: MouseEvent, env: TodoEnvironment) -> [Effect] {
  let layout = Layout(state, size: state.size)
  switch m.kind {
  case .wheelUp, .wheelDown:
    let n = m.kind == .wheelUp ? -1 : 1
    switch (state.mode, state.days.span) {
    case (.help, _): return reduce(&state, .scrollHelp(3 * n), env: env)
    case (.list, .week): reduceDays(&state, .moveDay(n))
    case (.list, .month): reduceDays(&state, .moveDay(7 * n))
    case (.list, .list), (.swipe, _), (.filter, _): return reduce(&state, .move(3 * n), env: env)
    default: break
    }
    return []
  case .press:
    state.press = m
    if m.y == layout.status {
      state.press = nil
      for hint in statusLine(state, width: state.size.width).hints
      where m.x >= hint.x && m.x < hint.x + CellWidth.of(hint.text) {
        guard let key = hintKey(hint.text), let a = KeyMap.action(for: key, in: state) else { return [] }
        return reduce(&state, a, env: env)
      }
      return []
    }
    if case .form(var form) = state.mode, !form.askingToDiscard {  // a click on a field moves there
      let field =
        form.detail != nil
        ? detailField(form, state, layout, y: m.y) : FormBox(layout, width: state.size.width).field(at: m.y)
      if let field, field != fieldOf(form.focus) {
        form.focus = field
        state.mode = .form(form)
      }
      return []
    }
    guard layout.list.contains(m.y) else { return [] }
    switch (state.mode, state.days.span) {
    case (.list, .list), (.swipe, .list):
      guard let i = rowItem(state, layout, y: m.y) else { return [] }
      if case .swipe(let id) = state.mode, id != state.visible[i].id { state.mode = .list }
      return reduce(&state, .move(i - state.selected), env: env)
    case (.list, .week):
      let lines = weekLines(state, rows: layout.list.count)
      let n = m.y - layout.list.lowerBound
      if n < lines.count, let k = lines[n].day, k > 0 { reduceDays(&state, .moveDay(k)) }
    case (.list, .month):
      guard let g = MonthGrid(state, rows: layout.list, width: state.size.width),
        let d = g.day(at: m.x, m.y)
      else { return [] }
      reduceDays(&state, .pick(state.day(d, after: g.first)))
    default: break
    }
    return []
  case .drag:
    guard let p = state.press, state.days.span == .list, rowItem(state, layout, y: p.y) != nil,
      let id = state.selectedItem?.id, p.x - m.x >= swipeCells
    else { return [] }
    if state.mode == .list { state.mode = .swipe(id) }  // the row slides open as it is dragged
    return []
  case .release:
    defer { state.press = nil }
    guard let p = state.press, state.days.span == .list, rowItem(state, layout, y: p.y) != nil,
      let item = state.selectedItem
    else { return [] }
    let dx = p.x - m.x
    if dx >= max(swipeCells + 1, state.size.width / 3) {
      state.mode = .list
      return reduce(&state, item.isPending ? .complete(item.id) : .reopen(item.id), env: env)
    }
    if dx >= swipeCells, state.mode == .list { state.mode = .swipe(item.id) }
    return []
  }
}

/// How far to the left a drag opens a row's swipe actions.
let swipeCells = 4

/// The index in `visible` of the item on screen line `y` of the list, as ``render(_:size:)`` lays it out.
func rowItem(_ state: AppState, _ layout: Layout, y: Int) -> Int? {
  let rows = layout.list
  guard rows.contains(y), state.mode == .list || { if case .swipe = state.mode { true } else { false } }()
  else { return nil }
  let window = state.listWindow
  let overflow = state.rowCount > rows.count
  let top = state.shownTop
  let first = rows.lowerBound + (overflow ? 1 : 0)
  let r = top + (y - first)
  guard y >= first, r < min(state.rowCount, top + window), case .item(let i) = state.content(ofRow: r) else {
    return nil
  }
  return i
}

/// The key a footer hint names: its first word ("Enter/c complete": Enter).
func hintKey(_ hint: String) -> Key? {
  let word = hint.split(separator: " ").first.map { String($0.split(separator: "/").first ?? $0) } ?? ""
  switch word {
  case "←": return .left
  case "→", "←→": return .right
  case "↑↓": return .down
  case "Enter": return .enter
  case "Esc": return .escape
  default: return word.count == 1 ? .char(word.first!) : nil
  }
}
