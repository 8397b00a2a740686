import Foundation
import XCTest

@testable import TodoCore

/// Lists (SPEC 9) in the model and the data file: the `list` field, the
/// `todoLists` root key through both readers and both writers, and the verbs.
final class ListsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var env: TodoEnvironment { .fixed(t0) }
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-lists-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n + 0x100))! }

  func item(_ n: Int, list: String? = nil) -> TodoItem {
    TodoItem(
      id: id(n), title: "Item \(n)", deadline: t0 + Double(n) * 60, created: t0 - 86_400,
      modified: t0 - 86_400,
      list: list)
  }

  func testAFileOfTodayHasItsItemsInTheDefaultListTasks() throws {
    let bytes = PlistCodec.encode([item(1), item(2)])
    XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("todoLists"), "nothing new written")
    for doc in [try PlistCodec.decode(Data(bytes)), try PlistCodec.decodeWithFoundation(Data(bytes))] {
      XCTAssertEqual(doc.lists, .implicit)
      XCTAssertEqual(doc.lists.lists.map(\.name), ["Tasks"])
      XCTAssertFalse(doc.lists.stored)
      XCTAssertEqual(doc.items.map { doc.lists.listID(of: $0) }, ["tasks", "tasks"])
    }
  }

  func testTheListsRoundTripThroughBothReadersAndBothWriters() throws {
    let book = ListBook([
      NamedList(id: "personal", name: "Personal", color: "#ff0000"),
      NamedList(id: "work", name: "Wörk & co <x>"),
    ])
    var doc = TodoDocument(items: [item(1), item(2, list: "work")])
    doc.lists = book
    let lean = PlistCodec.encode(doc.items, otherRootKeys: doc.otherRootKeys)
    let foundation = try PlistCodec.encodeWithFoundation(doc.items, otherRootKeys: doc.otherRootKeys)
    for data in [Data(lean), foundation] {
      let a = try PlistCodec.decode(data)
      let b = try PlistCodec.decodeWithFoundation(data)
      XCTAssertEqual(a.lists, book)
      XCTAssertEqual(b.lists, book)
      XCTAssertEqual(a.items, b.items)
      XCTAssertEqual(a.otherRootKeys, b.otherRootKeys, "the same canonical text through both readers")
      XCTAssertEqual(a.items.map { a.lists.listID(of: $0) }, ["personal", "work"])
    }
    // Foundation's own parse of what the lean writer wrote: an array of dictionaries.
    let root = try PropertyListSerialization.propertyList(from: Data(lean), format: nil) as! [String: Any]
    let lists = try XCTUnwrap(root["todoLists"] as? [[String: Any]])
    XCTAssertEqual(lists.map { $0["name"] as? String }, ["Personal", "Wörk & co <x>"])
    XCTAssertEqual(lists[0]["color"] as? String, "#ff0000")
  }

  func testABadListsKeyIsToldAndTheFileStillOpens() throws {
    var doc = TodoDocument(items: [item(1)])
    doc.otherRootKeys["todoLists"] = "<array><dict><key>name</key><string>No id</string></dict></array>"
    let data = Data(PlistCodec.encode(doc.items, otherRootKeys: doc.otherRootKeys))
    let read = try PlistCodec.decode(data)
    XCTAssertEqual(read.lists, .implicit)
    XCTAssertNotNil(read.listsProblem)
  }

  func testARenameMovesNothingAndANameIsUnique() throws {
    var list = TodoList([item(1)])
    try list.commit(.addList(name: "Work"), env: env)
    XCTAssertEqual(list.lists.lists.map(\.id), ["tasks", "work"])
    try list.commit(.edit(id(1), changes: [.set("list", text: "work")]), env: env)
    try list.commit(.renameList(id: "work", name: "Job"), env: env)
    XCTAssertEqual(list.lists.list(id: "work")?.name, "Job")
    XCTAssertEqual(list.lists.listID(of: list[id(1)]!), "work", "the item stays in its list")
    XCTAssertThrowsError(try list.commit(.addList(name: "job"), env: env)) {
      XCTAssertEqual("\($0)", "there is already a list 'Job'")
    }
    XCTAssertThrowsError(try list.commit(.renameList(id: "tasks", name: "JOB"), env: env))
    XCTAssertThrowsError(try list.commit(.addList(name: "  "), env: env))
    try list.commit(.addList(name: "Work"), env: env)
    XCTAssertEqual(list.lists.lists.map(\.id), ["tasks", "work", "work-2"], "a new id, never one in use")
  }

  func testDeleteIsRefusedWhileTheListHoldsItemsUnlessWithItems() throws {
    var list = TodoList([item(1), item(2)])
    try list.commit(.addList(name: "Work"), env: env)
    try list.commit(.edit(id(2), changes: [.set("list", text: "work")]), env: env)
    XCTAssertThrowsError(try list.commit(.deleteList(id: "work", withItems: false), env: env)) {
      XCTAssertEqual(
        "\($0)", "the list “Work” holds 1 item; move it first, or give --with-items to delete it too")
    }
    XCTAssertEqual(list.count, 2)
    let change = try list.commit(.deleteList(id: "work", withItems: true), env: env)
    XCTAssertEqual(list.lists.lists.map(\.name), ["Tasks"])
    XCTAssertNil(list[id(2)])
    XCTAssertNotNil(list[id(1)])
    XCTAssertThrowsError(
      try list.commit(.deleteList(id: "tasks", withItems: true), env: env), "the only list")
    // Undo brings back the list and its item.
    try list.commit(.undo(change), env: env)
    XCTAssertEqual(list.lists.lists.map(\.name), ["Tasks", "Work"])
    XCTAssertEqual(list[id(2)]?.list, "work")
  }

  func testAnUnknownNameSaysTheListsAndTheClosest() throws {
    let book = ListBook([NamedList(id: "tasks", name: "Tasks"), NamedList(id: "work", name: "Work")])
    XCTAssertEqual(try book.named("WORK").id, "work")
    XCTAssertEqual(try book.named("work").id, "work")
    XCTAssertThrowsError(try book.named("Wrok")) {
      XCTAssertEqual("\($0)", "no list 'Wrok'; did you mean 'Work'? (the lists: Tasks, Work)")
    }
    XCTAssertThrowsError(try book.named("Groceries")) {
      XCTAssertEqual("\($0)", "no list 'Groceries' (the lists: Tasks, Work)")
    }
  }

  func testAnItemInTheDefaultListHasNoField() throws {
    let book = ListBook([NamedList(id: "a", name: "A"), NamedList(id: "b", name: "B")])
    XCTAssertNil(book.field(for: "a"))
    XCTAssertEqual(book.field(for: "b"), "b")
    XCTAssertEqual(book.listID(of: item(1, list: "gone")), "a", "a list the file lacks: the default")
  }

  func testTheSyncsListsTakeThePlaceOfAnEmptyImplicitList() throws {
    var empty = TodoList()
    let found = [NamedList(id: "home", name: "Home", color: "#00ff00"), NamedList(id: "work", name: "Work")]
    try empty.commit(.adoptLists(found), env: env)
    XCTAssertEqual(empty.lists.lists, found)
    var full = TodoList([item(1)])
    try full.commit(.adoptLists(found), env: env)
    XCTAssertEqual(full.lists.lists.map(\.id), ["tasks", "home", "work"], "Tasks holds an item: kept")
    try full.commit(.adoptLists([NamedList(id: "home", name: "House")]), env: env)
    XCTAssertEqual(full.lists.list(id: "home")?.name, "House")
    XCTAssertNil(full.lists.list(id: "home")?.color)
  }

  func testTheStoreWritesTheListsAndAMoveIsUndone() throws {
    let store = Store(path: dir + "/todos.plist")
    try store.write([item(1)])
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
    _ = try store.load()
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store.path)), before, "opening writes nothing")
    try store.commit(.addList(name: "Work", color: "#123456"), env: env)
    XCTAssertFalse(store.lastWriteSpliced)
    var doc = try store.load()
    XCTAssertEqual(doc.lists.lists.map(\.name), ["Tasks", "Work"])
    let move = try store.commit(.edit(id(1), changes: [.set("list", text: "work")]), env: env)
    XCTAssertTrue(store.lastWriteSpliced, "a file with lists in its header still splices")
    XCTAssertEqual(try store.load().items.first?.list, "work")
    try store.commit(.undo(move), env: env)
    doc = try store.load()
    XCTAssertNil(doc.items.first?.list, "back in the default list")
    XCTAssertEqual(doc.lists.lists.map(\.name), ["Tasks", "Work"])
    // The splice and the full writer write the same file.
    let spliced = try Data(contentsOf: URL(fileURLWithPath: store.path))
    XCTAssertEqual(Array(spliced), PlistCodec.encode(doc.items, otherRootKeys: doc.otherRootKeys))
  }

  /// The lean reader reads the lists itself (no Foundation); what it does not
  /// take (another value type, a hand-written layout) is Foundation's: both agree.
  func testTheLeanReaderReadsListsAsFoundationDoes() throws {
    let odd = ["Wörk & co", "<tag> \"quoted\" 'x'", "🎉 Party", "a\tb", "  spaced  ", "&amp; literal"]
    let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
    let tail = "<key>todoItems</key><dict/>\n</dict>\n</plist>\n"
    var values: [String] = []
    for (k, name) in odd.enumerated() {
      var bytes: [UInt8] = []
      PlistCodec.appendEscaped(name, to: &bytes)
      let n = String(decoding: bytes, as: UTF8.self)
      values.append(
        "<array><dict><key>id</key><string>l\(k)</string><key>name</key><string>\(n)</string></dict></array>")
      values.append(
        "<array>\n  <dict>\n    <key>name</key>\n    <string>\(n)</string>\n    <key>id</key><string>l\(k)</string>\n  </dict>\n</array>"
      )
    }
    values += [
      "<array/>", "<array><dict/></array>",
      "<array><dict><key>id</key><string>a</string><key>name</key><string>A</string><key>n</key><integer>3</integer></dict></array>",
      "<array><dict><key>id</key><string>a</string><key>name</key><string><![CDATA[x<y]]></string></dict></array>",
    ]
    for v in values {
      let data = Data((head + "<key>todoLists</key>" + v + tail).utf8)
      let lean = try PlistCodec.decode(data)
      let foundation = try PlistCodec.decodeWithFoundation(data)
      XCTAssertEqual(lean.otherRootKeys, foundation.otherRootKeys, v)
      XCTAssertEqual(lean.lists, foundation.lists, v)
    }
    let named = try PlistCodec.decode(Data((head + "<key>todoLists</key>" + values[0] + tail).utf8))
    XCTAssertEqual(named.lists.lists.map(\.name), ["Wörk & co"])
  }
}
