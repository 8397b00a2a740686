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

  public var purpose: Purpose
  /// The choice under the cursor, an index into ``choices(_:)``.
  public var selected: Int

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
    let current = state.lists.listID(of: item)
    state.mode = .pickList(
      ListPicker(purpose: .move(id), selected: state.lists.lists.firstIndex { $0.id == current } ?? 0))
  case .turn(let n):
    guard case .pickList(var p) = state.mode else { return [] }
    let count = p.choices(state.lists).count
    p.selected = max(0, min(count - 1, p.selected + n))
    state.mode = .pickList(p)
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
      return mutate(&state, .edit(id, fields: FieldEdits(list: .some(state.lists.field(for: to)))))
    }
  }
  return []
}
