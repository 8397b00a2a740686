import Foundation

/// The detail's List and Parent (SPEC 8, 9): ← → (or Space) go through the
/// file's lists, in the order `L` and `m` show them; the parent is typed, a
/// title (any part of it, as the filter matches) or a short id, narrowed
/// until one item is left, `none` for the top level. A parent that would
/// close a cycle is refused, by the check `edit --parent` makes.

/// What the parent field reads as.
public enum ParentReading: Equatable, Sendable {
  /// Blank, or the parent the item already has: nothing to save.
  case unchanged
  /// `none`: the item goes to the top level.
  case topLevel
  /// The one item that matches.
  case item(TodoItem)
  /// The item that matches is one of the item's own subtasks (the item itself is no candidate).
  case cycle(TodoItem)
  /// Nothing matches the text.
  case noMatch(String)
  /// Several items match, the first few of them (to type more).
  case several([TodoItem], count: Int)
}

extension AppState {
  /// What the parent field of the detail of `item` reads as.
  /// - Complexity: O(n) in the items, with a text typed.
  func parentReading(_ d: Detail, of item: TodoItem) -> ParentReading {
    let text = d.parent.text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return .unchanged }
    if text.lowercased() == "none" { return d.keptParent == nil ? .unchanged : .topLevel }
    let others = allItems.filter { $0.id != item.id }
    let byID = text.count >= 4 ? others.filter { $0.id.hasCanonicalPrefix(text.uppercased()) } : []
    var found = byID.count == 1 ? byID : others.filter { Self.matches($0.title, text) }
    if found.count > 1 {
      let exact = found.filter { $0.title.lowercased() == text.lowercased() }
      if exact.count == 1 { found = exact }
    }
    guard found.count == 1, let p = found.first else {
      return found.isEmpty ? .noMatch(text) : .several(Array(found.prefix(3)), count: found.count)
    }
    if p.icalUID == d.keptParent { return .unchanged }
    if TodoItem.wouldCycle(item, under: p.icalUID, lookup: self.item) { return .cycle(p) }
    return .item(p)
  }

  /// The list and parent the detail of `item` saves (only those touched), or
  /// why not: the words the field shows.
  func treeEdits(_ d: Detail, of item: TodoItem) -> Result<[FieldChange], TreeFailure> {
    var e: [FieldChange] = []
    if d.listTouched {
      guard lists.list(id: d.list) != nil else {
        return .failure(TreeFailure(field: .list, message: "That list is gone: choose another"))
      }
      e.append(.set("list", FieldValue(lists.field(for: d.list))))
    }
    switch parentReading(d, of: item) {
    case .unchanged: break
    case .topLevel: e.append(.clear("parent"))
    case .item(let p): e.append(.set("parent", .text(p.icalUID)))
    case let bad: return .failure(TreeFailure(field: .parent, message: parentProblem(bad)))
    }
    return .success(e)
  }

  /// Why the parent field does not read: short, the field's reading is one line.
  func parentProblem(_ r: ParentReading) -> String {
    switch r {
    case .cycle(let p): return "A cycle: “\(Title.displaySafe(p.title))” is a subtask of this item"
    case .noMatch(let text):
      return "No item matches “\(Title.displaySafe(text))”: type a title or a short id, or none"
    case .several(let some, let count):
      let short = ShortIDs(allItems.map(\.id))
      let names = some.map { "“\(Title.displaySafe($0.title))” \(short.text($0.id))" }
      return "\(count) match: " + names.joined(separator: ", ") + (count > some.count ? "…" : "")
        + "; type more"
    default: return ""
    }
  }
}

/// A list or parent that cannot be saved: the field, and why.
struct TreeFailure: Error, Equatable {
  var field: Form.Focus
  var message: String
}

extension Detail {
  /// ← → or Space on the List: the next list of `lists` (round).
  mutating func cycleList(_ by: Int, in lists: ListBook) {
    let ids = lists.lists.map(\.id)
    guard !ids.isEmpty else { return }
    let i = ids.firstIndex(of: list) ?? 0
    list = ids[((i + by) % ids.count + ids.count) % ids.count]
  }

  /// Takes the item's list and parent as the file now has them: the list,
  /// when not changed here, follows; the parent's hint shows the new one.
  mutating func followTree(_ item: TodoItem, lists: ListBook) {
    if !listTouched {
      list = lists.listID(of: item)
      initialList = list
    }
    keptParent = item.parent
  }
}

/// A key on the detail's List: ← → Space go through the lists.
func detailListEdit(_ form: inout Form, _ edit: TextField.Edit, _ state: AppState) {
  switch edit {
  case .left: form.detail?.cycleList(-1, in: state.lists)
  case .right, .insert(" "): form.detail?.cycleList(1, in: state.lists)
  case .insert:
    form.error =
      state.lists.lists.count > 1
      ? "A list: ← → or Space go through the file's lists"
      : "The file has one list: todo-tui lists add NAME makes more"
  default: break
  }
}
