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
    try store.commit(.add(title: "In Work", deadline: t0, fields: FieldEdits(list: .some("work"))), env: env)
    try store.commit(.add(title: "In Home", deadline: nil, fields: FieldEdits(list: .some("home"))), env: env)
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
    let tasks = try XCTUnwrap(raw.first { $0["title"] as? String == "In Tasks" })
    XCTAssertNil(tasks["listName"], "the default list is named by no item")
  }
}
