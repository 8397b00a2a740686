import Foundation
import XCTest

@testable import TodoCore

/// Issue 27: an export carries the lists (id, name, colour) and `import`
/// adopts the ones the file does not have, so an item stays in its list.
final class ImportListsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "import-lists-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

  /// A file with Tasks, Work (coloured) and Home, an item in each.
  func source() throws -> Store {
    let store = Store(path: dir + "/a.plist")
    let env = TodoEnvironment.fixed(t0)
    try store.commit(.addList(name: "Work", color: "#336699"), env: env)
    try store.commit(.addList(name: "Home"), env: env)
    try store.commit(.add(title: "In Tasks", deadline: t0), env: env)
    try store.commit(.add(title: "In Work", deadline: t0, changes: [.set("list", text: "work")]), env: env)
    try store.commit(.add(title: "In Home", deadline: nil, changes: [.set("list", text: "home")]), env: env)
    return store
  }

  func exported(_ doc: TodoDocument, json: Bool) -> Data {
    let items = doc.items.sorted(by: TodoItem.byDeadline)
    if json {
      return Data(
        JSONExchange.encode(
          items, now: t0, scheduled: [], timeZone: TimeZone(identifier: "UTC")!, lists: doc.lists
        )
        .utf8)
    }
    return Data(PlistCodec.encode(items, otherRootKeys: doc.otherRootKeys))
  }

  func testExportThenImportIntoANewFileKeepsTheLists() throws {
    let doc = try source().load()
    for json in [true, false] {
      let path = dir + "/e-\(json)"
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: exported(doc, json: json)))
      let target = Store(path: dir + "/new-\(json).plist")
      let incoming = try ImportFormats.read(path, env: .fixed(t0))
      try target.commit(.importing(incoming), env: .fixed(t0))
      let got = try target.load()
      XCTAssertEqual(
        got.lists.lists,
        [
          NamedList(id: "tasks", name: "Tasks"), NamedList(id: "work", name: "Work", color: "#336699"),
          NamedList(id: "home", name: "Home"),
        ], json ? "json" : "plist")
      let list = TodoList(document: got)
      for item in got.items {
        XCTAssertEqual(
          list.lists.list(id: list.lists.listID(of: item))?.name, item.title.dropFirst(3).description)
      }
    }
  }

  func testAnImportTakesNoListItHasAndRenamesNone() throws {
    var list = TodoList()
    let env = TodoEnvironment.fixed(t0)
    try list.commit(.addList(name: "Job"), env: env)
    try list.commit(.addList(name: "Home"), env: env)
    let a = TodoItem(id: UUID(), title: "a", deadline: nil, created: t0, list: "home")
    let b = TodoItem(id: UUID(), title: "b", deadline: nil, created: t0, list: "errands")
    let c = TodoItem(id: UUID(), title: "c", deadline: nil, created: t0, list: "work")
    let incoming = ImportFormats.Imported(
      items: [a, b, c],
      lists: [NamedList(id: "home", name: "House"), NamedList(id: "work", name: "job")])
    let before = list.lists
    let change = try list.commit(.importing(incoming), env: env)
    // `home` is here already and keeps its name; `errands` has no name (named after its id);
    // `work`'s name is taken by another list here (kept apart by its id).
    XCTAssertEqual(
      list.lists.lists.map(\.name), ["Tasks", "Job", "Home", "job (work)", "errands"])
    XCTAssertEqual(list.lists.listID(of: list[c.id]!), "work")
    XCTAssertEqual(list.lists.listID(of: list[b.id]!), "errands")
    // Undo takes the lists it added back with the items.
    list.apply(change.inverse(at: t0), mode: .revert)
    XCTAssertEqual(list.lists, before)
    XCTAssertNil(list[b.id])
  }

  func testTheJSONExportNamesEachItemsList() throws {
    let doc = try source().load()
    let raw = try XCTUnwrap(JSONSerialization.jsonObject(with: exported(doc, json: true)) as? [[String: Any]])
    let work = try XCTUnwrap(raw.first { $0["title"] as? String == "In Work" })
    XCTAssertEqual(work["list"] as? String, "work")
    XCTAssertEqual(work["listName"] as? String, "Work")
    XCTAssertEqual(work["listColor"] as? String, "#336699")
    // The default list too: by name, beside no id (an item in it has no list).
    let tasks = try XCTUnwrap(raw.first { $0["title"] as? String == "In Tasks" })
    XCTAssertTrue(tasks["list"] is NSNull)
    XCTAssertEqual(tasks["listName"] as? String, "Tasks")
    // A file that names no list: no list named.
    var plain = TodoList()
    try plain.commit(.add(title: "x", deadline: nil), env: .fixed(t0))
    let one = try XCTUnwrap(
      JSONSerialization.jsonObject(with: exported(TodoDocument(items: Array(plain.items.values)), json: true))
        as? [[String: Any]])
    XCTAssertNil(one[0]["listName"])
  }

  /// A source whose default list is not `Tasks`: "Home" (the only list, renamed) or
  /// "Personal" beside "Work"; its export in `format`.
  func renamedSource(json: Bool, work: Bool) throws -> String {
    let store = Store(path: dir + "/renamed-\(json)-\(work).plist")
    let env = TodoEnvironment.at(t0, in: TimeZone(identifier: "UTC")!)
    try store.commit(.renameList(id: "tasks", name: work ? "Personal" : "Home"), env: env)
    if work { try store.commit(.addList(name: "Work", color: "#FF0000"), env: env) }
    try store.commit(.add(title: work ? "bread" : "milk", deadline: t0), env: env)
    if work {
      try store.commit(
        .add(title: "report", deadline: nil, changes: [.set("list", text: "work")]), env: env)
    }
    let path = dir + "/renamed-\(json)-\(work).export"
    XCTAssertTrue(
      FileManager.default.createFile(atPath: path, contents: exported(try store.load(), json: json)))
    return path
  }

  func listName(of title: String, in store: Store) throws -> String? {
    let list = TodoList(document: try store.load())
    let item = try XCTUnwrap(list.items.values.first { $0.title == title })
    return list.lists.list(id: list.lists.listID(of: item))?.name
  }

  /// Bug: exported from a file whose default list is not named `Tasks`, imported into a
  /// new file, the items landed in `Tasks`. They keep their list, by name, in every format.
  func testTheDefaultListKeepsItsNameThroughExportAndImport() throws {
    let env = TodoEnvironment.fixed(t0)
    for json in [true, false] {
      let what = json ? "json" : "plist"
      // Into a new file: its lists become the source's.
      let home = try renamedSource(json: json, work: false)
      let fresh = Store(path: dir + "/fresh-\(what).plist")
      try fresh.commit(.importing(try ImportFormats.read(home, env: env)), env: env)
      XCTAssertEqual(try fresh.load().lists.lists, [NamedList(id: "tasks", name: "Home")], what)
      XCTAssertEqual(try listName(of: "milk", in: fresh), "Home", what)
      // Again: nothing changes.
      let again = try fresh.commit(.importing(try ImportFormats.read(home, env: env)), env: env)
      XCTAssertEqual(ImportCount(again), ImportCount(unchanged: 1), what)
      XCTAssertNil(again.lists, what)
      // Into a file of other lists: to the list of that name, else to a new one.
      let other = Store(path: dir + "/other-\(what).plist")
      try other.commit(.addList(name: "home"), env: env)
      try other.commit(.importing(try ImportFormats.read(home, env: env)), env: env)
      XCTAssertEqual(try other.load().lists.lists.map(\.name), ["Tasks", "home"], what)
      XCTAssertEqual(try listName(of: "milk", in: other), "home", what)
      let personal = try renamedSource(json: json, work: true)
      try other.commit(.importing(try ImportFormats.read(personal, env: env)), env: env)
      XCTAssertEqual(try other.load().lists.lists.map(\.name), ["Tasks", "home", "Personal", "Work"], what)
      XCTAssertEqual(try listName(of: "report", in: other), "Work", what)
      XCTAssertEqual(try listName(of: "bread", in: other), "Personal", what)
    }
  }

  /// Bug: a list id that arrives by import becomes a folder's name in sync (SPEC 9):
  /// `../x`, `a/b`, `.hidden`, a NUL, a line feed or 300 bytes could not be one, or would be
  /// one elsewhere. Such an id is replaced by one made from the list's name; the items follow.
  func testAListIDThatCannotNameAFolderIsReplaced() throws {
    let bad = [
      "../../etc", "a/b", ".hidden", "..", ".", "x\u{0}y", "line\nfeed", String(repeating: "é", count: 150),
    ]
    var list = TodoList()
    let items = bad.enumerated().map { k, id in
      TodoItem(id: UUID(), title: "item \(k)", deadline: nil, created: t0, list: id)
    }
    let named = bad.enumerated().filter { $0.offset % 2 == 0 }.map {
      NamedList(id: $0.element, name: "List \($0.offset)")
    }
    // An incoming fit id that a replacement must not take.
    let fit = TodoItem(id: UUID(), title: "fit", deadline: nil, created: t0, list: "list-2")
    try list.commit(.importing(ImportFormats.Imported(items: items + [fit], lists: named)), env: .fixed(t0))
    for l in list.lists.lists {
      XCTAssertTrue(ListBook.isFitID(l.id), l.id)
      XCTAssertFalse(l.id.contains("/") || l.id.hasPrefix(".") || l.id.utf8.count > ListBook.idLimit, l.id)
    }
    XCTAssertEqual(list.lists.lists.count, 1 + bad.count + 1)
    for (k, item) in items.enumerated() {
      let here = try XCTUnwrap(list[item.id])
      let l = try XCTUnwrap(list.lists.list(id: list.lists.listID(of: here)))
      XCTAssertNotEqual(l.id, "tasks", "item \(k) left its list")
      if k % 2 == 0 { XCTAssertEqual(l.name, "List \(k)") }
    }
    XCTAssertEqual(list.lists.listID(of: list[fit.id]!), "list-2")
    XCTAssertEqual(Set(items.map { list.lists.listID(of: list[$0.id]!) }).count, bad.count)
    XCTAssertTrue(ListBook.isFitID("personal") && ListBook.isFitID("Work Stuff") && ListBook.isFitID("生日"))
  }
}
