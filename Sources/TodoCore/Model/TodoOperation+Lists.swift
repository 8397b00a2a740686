import Foundation

/// The verbs of the lists (SPEC 9): each change carries the file's lists
/// before and after (``Change/lists``), and the items it deletes with a list.
extension TodoOperation {
  func listChange(in source: some ItemSource) throws -> Change {
    let before = source.lists
    var book = before
    var change = Change(before: [:], after: [:], summary: "")
    switch self {
    case .addList(let name, let color):
      let n = try book.checkedName(name)
      book.append(NamedList(id: book.newID(for: n), name: n, color: color))
      change.summary = "Added the list “\(n)”"
    case .renameList(let id, let name):
      guard var list = book.list(id: id) else { throw TodoError.badTitle("no list '\(id)'") }
      let old = list.name
      list.name = try book.checkedName(name, except: id)
      book.update(list)
      change.summary = "Renamed the list “\(old)” to “\(list.name)”"
    case .deleteList(let id, let withItems):
      guard let list = book.list(id: id) else { throw TodoError.badTitle("no list '\(id)'") }
      guard book.lists.count > 1 else {
        throw TodoError.badTitle("“\(list.name)” is the only list; a file keeps at least one")
      }
      let members = try Self.whole(source).items.values.filter { before.listID(of: $0) == id }
      if !members.isEmpty && !withItems {
        throw TodoError.badTitle(
          "the list “\(list.name)” holds \(members.count) item\(members.count == 1 ? "" : "s"); "
            + "move \(members.count == 1 ? "it" : "them") first, or give --with-items to delete \(members.count == 1 ? "it" : "them") too"
        )
      }
      for item in members {
        change.before[item.id] = item
        change.after[item.id] = .some(nil)
      }
      book.remove(id: id)
      change.summary =
        "Deleted the list “\(list.name)”"
        + (members.isEmpty ? "" : " and its \(members.count) item\(members.count == 1 ? "" : "s")")
    case .adoptLists(let found):
      // The implicit `Tasks`, while it holds nothing, gives way to the lists found.
      if !book.stored, let first = found.first, try Self.whole(source).items.isEmpty {
        book.replaceImplicit(with: first)
      }
      for list in found {
        if let have = book.list(id: list.id) {
          if have != list { book.update(list) }
        } else {
          book.append(list)
        }
      }
      change.summary = "Synced the lists"
    default:
      preconditionFailure("not a list operation")
    }
    if book != before { change.lists = (before, book) }
    return change
  }

  /// The lists an import adds (SPEC 9): those its items name that the file does
  /// not have, by id, with the name and colour the source gave (else named after
  /// the id). A list the file has keeps its name; a name taken here by another
  /// list gets the id beside it. Nil when the file has them all.
  static func importedLists(_ imported: ImportFormats.Imported, into source: some ItemSource)
    -> (before: ListBook, after: ListBook)?
  {
    let before = source.lists
    var book = before
    var given: [String: NamedList] = [:]
    for l in imported.lists where given[l.id] == nil { given[l.id] = l }
    func adopt(_ id: String) {
      guard !id.isEmpty, book.list(id: id) == nil else { return }
      var list = given[id] ?? NamedList(id: id, name: id)
      if let n = try? book.checkedName(list.name) {
        list.name = n
      } else if let n = try? book.checkedName("\(list.name) (\(id))") {
        list.name = n
      } else {
        list.name = (try? book.checkedName(id)) ?? book.newID(for: id)
      }
      book.append(list)
    }
    for l in imported.lists { adopt(l.id) }
    for item in imported.items { if let id = item.list { adopt(id) } }
    return book == before ? nil : (before, book)
  }

  /// The whole list: the store never splices a change of the lists (``changesLists``), so it reads the file whole.
  static func whole(_ source: some ItemSource) throws -> TodoList {
    guard let list = source as? TodoList else {
      throw TodoError.badTitle("the lists change with the whole file read")
    }
    return list
  }
}
