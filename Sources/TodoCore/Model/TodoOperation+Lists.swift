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

  /// The lists an import adds (SPEC 9), and the imported items with their
  /// lists as this file holds them. A list the items name by id that the file
  /// does not have is added, with the name and colour the source gave (else
  /// named after the id); a list the file has keeps its name; a name taken
  /// here by another list gets the id beside it. The items of the source's
  /// default list (``ImportFormats/Imported/defaultList``) go to the list of
  /// its name: the one here of that name, else the file's implicit `Tasks`
  /// renamed when the file holds nothing yet, else a new list. An id that
  /// cannot name a folder (``ListBook/isFitID(_:)``) is replaced by one made
  /// from the list's name. Lists known by name only (``ImportFormats/Imported/listsByName``,
  /// iCalendar) go by name, as the default list does: to the list here of that name, else a
  /// new one. The lists' change is nil when the file has them all.
  static func importedLists(_ imported: ImportFormats.Imported, into source: some ItemSource)
    -> (lists: (before: ListBook, after: ListBook)?, imported: ImportFormats.Imported)
  {
    let before = source.lists
    var book = before
    var given: [String: NamedList] = [:]
    for l in imported.lists where given[l.id] == nil { given[l.id] = l }
    // The ids replaced, by the id they had.
    var replaced: [String: String] = [:]
    func named(_ list: NamedList) -> String {
      if let n = try? book.checkedName(list.name) { return n }
      if let n = try? book.checkedName("\(list.name) (\(list.id))") { return n }
      return (try? book.checkedName(list.id)) ?? book.newID(for: list.id)
    }
    /// A new id for a list of this name, taken by no list here nor by an incoming one.
    func newID(for name: String) -> String {
      var probe = book
      for id in given.keys where probe.list(id: id) == nil { probe.append(NamedList(id: id, name: id)) }
      for item in imported.items {
        if let id = item.list, probe.list(id: id) == nil { probe.append(NamedList(id: id, name: id)) }
      }
      return probe.newID(for: name)
    }
    func adopt(_ id: String) {
      guard !id.isEmpty, book.list(id: id) == nil, replaced[id] == nil else { return }
      var list = given[id] ?? NamedList(id: id, name: id)
      if !ListBook.isFitID(id) {
        list.id = newID(for: list.name)
        replaced[id] = list.id
      }
      list.name = named(list)
      book.append(list)
    }
    var defaultID: String?
    if let d = imported.defaultList {
      if let here = book.lists.first(where: { $0.name.caseInsensitiveCompare(d.name) == .orderedSame }) {
        defaultID = here.id
      } else if !before.stored, (source as? TodoList)?.items.isEmpty == true {
        // A new file: its lists become the source's, the default one first.
        let id = ListBook.isFitID(d.id) ? d.id : book.first.id
        book.replaceImplicit(
          with: NamedList(id: id, name: (try? book.checkedName(d.name)) ?? id, color: d.color))
        defaultID = id
      } else {
        let id =
          ListBook.isFitID(d.id) && book.list(id: d.id) == nil && given[d.id] == nil
          ? d.id : newID(for: d.name)
        book.append(NamedList(id: id, name: named(NamedList(id: id, name: d.name)), color: d.color))
        defaultID = id
      }
    }
    if imported.listsByName {
      // Known by name only (iCalendar): to the list here of that name, else a new one.
      for l in imported.lists where replaced[l.id] == nil {
        if let here = book.lists.first(where: { $0.name.caseInsensitiveCompare(l.name) == .orderedSame }) {
          replaced[l.id] = here.id
        } else {
          let id = book.newID(for: l.name)
          book.append(NamedList(id: id, name: named(NamedList(id: id, name: l.name)), color: l.color))
          replaced[l.id] = id
        }
      }
    }
    for l in imported.lists { adopt(l.id) }
    for item in imported.items { if let id = item.list { adopt(id) } }
    var out = imported
    for k in out.items.indices {
      var id = out.items[k].list ?? defaultID
      if let i = id, let r = replaced[i] { id = r }
      out.items[k].list = id.flatMap { book.field(for: $0) }
    }
    return (book == before ? nil : (before, book), out)
  }

  /// The whole list: the store never splices a change of the lists (``changesLists``), so it reads the file whole.
  static func whole(_ source: some ItemSource) throws -> TodoList {
    guard let list = source as? TodoList else {
      throw TodoError.badTitle("the lists change with the whole file read")
    }
    return list
  }
}
