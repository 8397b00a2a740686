import Foundation

/// The lists in the app (SPEC 9): `L` picks the list shown (or all), `m`
/// moves the selected item to another list; both through one picker.
public struct ListPicker: Equatable, Sendable {
  public enum Purpose: Equatable, Sendable {
    /// Which list the screen shows.
    case show
    /// Where this item goes.
    case move(UUID)
  }

  /// What the picker asks for besides a choice: `a` a new list's name, `r` a
  /// new name for the list under the cursor, `d` whether to delete it.
  public enum Step: Equatable, Sendable {
    case choosing
    /// Typing a name: of a new list (`renaming` nil), or the new name of the list of that id.
    case naming(TextField, renaming: String?)
    /// Waiting for y to delete the list of this id, and the items it holds.
    case deleting(String, items: Int)
  }

  public var purpose: Purpose
  /// The choice under the cursor, an index into ``choices(_:)``.
  public var selected: Int
  public var step = Step.choosing

  public init(purpose: Purpose, selected: Int) {
    self.purpose = purpose
    self.selected = selected
  }

  /// The choices: the lists by id; nil for "All lists" (when picking what to show).
  public func choices(_ lists: ListBook) -> [String?] {
    let ids: [String?] = lists.lists.map(\.id)
    return purpose == .show ? [nil] + ids : ids
  }
}

/// What a key does to the lists.
public enum ListAction: Equatable, Sendable {
  /// L: the picker of the list shown.
  case pickShown
  /// m: the picker of where the item goes.
  case pickMove(UUID)
  /// ↑ ↓ in the picker.
  case turn(Int)
  /// Enter in the picker.
  case choose
  /// a: names a new list; r: renames the list under the cursor.
  case startNaming(rename: Bool)
  /// A key while naming.
  case name(TextField.Edit)
  /// Enter while naming: adds or renames.
  case saveName
  /// d: asks whether to delete the list under the cursor (and its items).
  case askDelete
  /// The answer: y deletes.
  case confirmDelete(Bool)
}

extension AppState {
  /// The name of the list shown, "All lists" when none is picked.
  public var shownListName: String {
    shownList.flatMap { lists.list(id: $0)?.name } ?? "All lists"
  }

  /// Takes the file's lists; a list shown that is gone shows all again.
  mutating func setLists(_ book: ListBook) {
    guard book != lists else { return }
    lists = book
    if let id = shownList, book.list(id: id) == nil {
      shownList = nil
      refilter(keeping: selectedItem?.id)
    }
    if case .pickList(var p) = mode {
      p.selected = max(0, min(p.selected, p.choices(book).count - 1))
      mode = .pickList(p)
    }
  }

  /// After a list's name was saved: back to choosing, the cursor on that list.
  mutating func namedList(_ change: Change) {
    guard case .pickList(var p) = mode, case .naming = p.step, let l = change.lists else { return }
    p.step = .choosing
    let old = Set(l.before.lists)
    if let made = l.after.lists.first(where: { !old.contains($0) }),
      let i = p.choices(lists).firstIndex(of: made.id)
    {
      p.selected = i
    }
    mode = .pickList(p)
  }

  /// Whether `item` is in the list shown.
  func inShownList(_ item: TodoItem) -> Bool {
    shownList.map { lists.listID(of: item) == $0 } ?? true
  }
}

func reduceList(_ state: inout AppState, _ action: ListAction) -> [Effect] {
  switch action {
  case .pickShown:
    let at =
      state.shownList.flatMap { id in state.lists.lists.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
    state.mode = .pickList(ListPicker(purpose: .show, selected: at))
  case .pickMove(let id):
    if let why = refusal(state) {
      state.message = why
      return []
    }
    guard let item = state.item(id) else { return [] }
    // On the first list it can go to, not its own (Enter there would say "already in Work").
    let current = state.lists.listID(of: item)
    state.mode = .pickList(
      ListPicker(purpose: .move(id), selected: state.lists.lists.firstIndex { $0.id != current } ?? 0))
  case .turn(let n):
    guard case .pickList(var p) = state.mode else { return [] }
    let count = p.choices(state.lists).count
    p.selected = max(0, min(count - 1, p.selected + n))
    state.mode = .pickList(p)
  case .startNaming, .name, .saveName, .askDelete, .confirmDelete:
    return reduceListBook(&state, action)
  case .choose:
    guard case .pickList(let p) = state.mode else { return [] }
    state.mode = .list
    let choice = p.choices(state.lists)[p.selected]
    switch p.purpose {
    case .show:
      state.shownList = choice
      state.refilter(keeping: state.selectedItem?.id)
      state.message = "Showing " + state.shownListName
    case .move(let id):
      guard let to = choice, let item = state.item(id) else { return [] }
      guard state.lists.listID(of: item) != to else {
        state.message = "“\(item.title)” is already in \(state.lists.list(id: to)?.name ?? to)"
        return []
      }
      return mutate(&state, .edit(id, changes: [.set("list", FieldValue(state.lists.field(for: to)))]))
    }
  }
  return []
}

/// a, r and d in the picker: a list added, renamed or deleted, each a change
/// of its own that `u` takes back (a list deleted with its items comes back with them).
private func reduceListBook(_ state: inout AppState, _ action: ListAction) -> [Effect] {
  guard case .pickList(var p) = state.mode else { return [] }
  let under = p.choices(state.lists)[p.selected].flatMap { state.lists.list(id: $0) }
  switch action {
  case .startNaming(let rename):
    if let why = refusal(state) {
      state.message = why
      return []
    }
    if rename {
      guard let under else {
        state.message = "Pick a list to rename"
        return []
      }
      p.step = .naming(TextField(under.name), renaming: under.id)
    } else {
      p.step = .naming(TextField(""), renaming: nil)
    }
  case .name(let edit):
    guard case .naming(var field, let id) = p.step else { return [] }
    field.apply(edit)
    p.step = .naming(field, renaming: id)
  case .saveName:
    // The picker keeps the name until the change is made (a name taken is refused, the text kept).
    guard case .naming(let field, let id) = p.step else { return [] }
    return mutate(&state, id.map { .renameList(id: $0, name: field.text) } ?? .addList(name: field.text))
  case .askDelete:
    if let why = refusal(state) {
      state.message = why
      return []
    }
    guard let under else {
      state.message = "Pick a list to delete"
      return []
    }
    guard state.lists.lists.count > 1 else {
      state.message = "“\(under.name)” is the only list; a file keeps at least one"
      return []
    }
    let held = (state.pending + state.done).filter { state.lists.listID(of: $0) == under.id }.count
    p.step = .deleting(under.id, items: held)
  case .confirmDelete(let yes):
    guard case .deleting(let id, let held) = p.step else { return [] }
    p.step = .choosing
    state.mode = .pickList(p)
    guard yes else {
      state.message = "Not deleted"
      return []
    }
    return mutate(&state, .deleteList(id: id, withItems: held > 0))
  default:
    return []
  }
  state.mode = .pickList(p)
  return []
}

extension ListPicker {
  /// The question or prompt of the status line while naming or deleting, or nil.
  func prompt(_ lists: ListBook) -> String? {
    switch step {
    case .choosing: return nil
    case .naming(_, let id):
      return id.map { "Rename “\(lists.list(id: $0)?.name ?? $0)” to: " } ?? "New list: "
    case .deleting(let id, let held):
      let name = lists.list(id: id)?.name ?? id
      return "Delete the list “\(name)”"
        + (held == 0 ? "" : " and its \(held) item\(held == 1 ? "" : "s")") + "? (y/n)"
    }
  }
}
