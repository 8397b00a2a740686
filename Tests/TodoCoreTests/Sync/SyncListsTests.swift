import Foundation
import XCTest

@testable import TodoCore

/// Lists in sync (SPEC 9): a vdir root of collection folders, as vdirsyncer
/// writes it with `collections = ["from a", "from b"]`, against data files.
final class SyncListsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir = ""
  var root = ""

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "sync-lists-\(UUID().uuidString)"
    root = dir + "/calendars"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func store(_ name: String = "a") -> Store { Store(path: dir + "/\(name).plist") }

  @discardableResult
  func sync(_ s: Store, at offset: TimeInterval = 0) throws -> SyncReport {
    let env = TodoEnvironment.fixed(t0 + offset)
    return try VdirSync(store: s, vdirPath: root, codec: .iCalendar(env: env), env: env).run()
  }

  /// A to-do as Nextcloud Tasks writes one.
  func ics(_ uid: String, _ title: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Nextcloud Tasks v0.16.1\r
    BEGIN:VTODO\r
    UID:\(uid)\r
    CREATED:20261120T100000Z\r
    LAST-MODIFIED:20261120T100000Z\r
    DTSTAMP:20261120T100000Z\r
    SUMMARY:\(title)\r
    DUE:20281201T090000Z\r
    END:VTODO\r
    END:VCALENDAR\r

    """
  }

  func collection(_ folder: String, name: String?, color: String? = nil, items: [(String, String)] = [])
    throws
  {
    let d = root + "/" + folder
    try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
    if let name { try name.write(toFile: d + "/displayname", atomically: true, encoding: .utf8) }
    if let color { try color.write(toFile: d + "/color", atomically: true, encoding: .utf8) }
    for (uid, title) in items {
      try ics(uid, title).write(toFile: d + "/\(uid).ics", atomically: true, encoding: .utf8)
    }
  }

  func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).filter {
      $0.hasSuffix(".ics")
    }
    .sorted()
  }

  /// Each item's title → its list's name.
  func placement(_ s: Store) throws -> [String: String] {
    let doc = try s.load()
    var out: [String: String] = [:]
    for i in doc.items {
      XCTAssertNil(out[i.title], "\(i.title) twice")
      out[i.title] = doc.lists.list(id: doc.lists.listID(of: i))?.name
    }
    return out
  }

  func testARootIsToldFromACollection() throws {
    XCTAssertNil(VdirCollections(path: root), "an empty folder is one collection")
    XCTAssertNotNil(VdirCollections(path: root, emptyIsRoot: { true }), "unless the file has several lists")
    try collection("work", name: "Work")
    XCTAssertNotNil(VdirCollections(path: root), "only folders in it: a root")
    try ics("x", "Loose").write(toFile: root + "/x.ics", atomically: true, encoding: .utf8)
    XCTAssertNil(VdirCollections(path: root), ".ics files in it: one collection")
    XCTAssertNil(VdirCollections(path: root + "/missing"))
  }

  func testTwoCollectionsBecomeTwoListsOnTwoMachines() throws {
    try collection("personal", name: "Personal", color: "#ff0000", items: [("p1", "Water plants")])
    try collection("work-cal", name: "Work", items: [("w1", "Report"), ("w2", "Email")])
    for s in [store("a"), store("b")] {
      try sync(s)
      let lists = try s.load().lists
      XCTAssertEqual(lists.lists.map(\.name), ["Personal", "Work"], "the implicit Tasks gave way")
      XCTAssertEqual(lists.list(id: "personal")?.color, "#ff0000")
      XCTAssertEqual(try placement(s), ["Water plants": "Personal", "Report": "Work", "Email": "Work"])
      XCTAssertEqual(try sync(s, at: 60).lines, [], "a second sync has nothing to do")
    }
    XCTAssertEqual(files("personal"), ["p1.ics"])
    XCTAssertEqual(files("work-cal"), ["w1.ics", "w2.ics"])
  }

  func testAListMadeHereBecomesACollectionAndRenamesTravel() throws {
    try collection("personal", name: "Personal", items: [("p1", "Water plants")])
    let a = store("a")
    let b = store("b")
    try sync(a)
    try a.commit(.addList(name: "Groceries", color: "#00aa00"), env: .fixed(t0))
    try a.commit(
      .add(title: "Milk", deadline: nil, changes: [.set("list", text: "groceries")]), env: .fixed(t0))
    try sync(a, at: 10)
    XCTAssertEqual(VdirCollections.metadata(root + "/groceries", "displayname"), "Groceries")
    XCTAssertEqual(VdirCollections.metadata(root + "/groceries", "color"), "#00aa00")
    XCTAssertEqual(files("groceries").count, 1)
    XCTAssertEqual(files("personal"), ["p1.ics"], "not in the other collection")
    try sync(b, at: 20)
    XCTAssertEqual(try placement(b), ["Water plants": "Personal", "Milk": "Groceries"])
    // Renamed here: the displayname changes, and the other machine follows.
    try a.commit(.renameList(id: "groceries", name: "Shopping"), env: .fixed(t0))
    try sync(a, at: 30)
    XCTAssertEqual(VdirCollections.metadata(root + "/groceries", "displayname"), "Shopping")
    try sync(b, at: 40)
    XCTAssertEqual(try b.load().lists.list(id: "groceries")?.name, "Shopping")
    // Renamed there (a phone): taken here.
    try "Errands".write(toFile: root + "/groceries/displayname", atomically: true, encoding: .utf8)
    try sync(a, at: 50)
    XCTAssertEqual(try a.load().lists.list(id: "groceries")?.name, "Errands")
    XCTAssertEqual(try placement(a)["Milk"], "Errands", "a rename moves nothing")
  }

  func testAFileOfTodayWithItemsKeepsTasksAsANewCollection() throws {
    try collection("work", name: "Work", items: [("w1", "Report")])
    let a = store("a")
    try a.commit(.add(title: "Old item", deadline: nil), env: .fixed(t0))
    try sync(a)
    XCTAssertEqual(try placement(a), ["Old item": "Tasks", "Report": "Work"])
    XCTAssertEqual(VdirCollections.metadata(root + "/tasks", "displayname"), "Tasks")
    XCTAssertEqual(files("tasks").count, 1)
  }

  /// A move here: the file leaves its folder before it is written in the other,
  /// also when the sync stops between the two collections.
  func testAMoveHereMovesTheFileNeverTwo() throws {
    try collection("a-home", name: "Home", items: [("h1", "Paint")])
    try collection("b-work", name: "Work")
    try collection("z-later", name: "Later")
    let a = store("a")
    try sync(a)
    let id = try XCTUnwrap(try a.load().items.first?.id)
    for (target, from) in [("b-work", "a-home"), ("a-home", "b-work"), ("z-later", "a-home")] {
      try a.commit(
        .edit(id, changes: [.set("list", text: try a.load().lists.field(for: target))]), env: .fixed(t0))
      // A sync killed after the target's part of the first pass: nothing written there yet.
      let env = TodoEnvironment.fixed(t0 + 5)
      let partial = VdirSync(store: a, vdirPath: root + "/" + target, codec: .iCalendar(env: env), env: env)
      let dataFile = try a.resolvedPath()
      let fromPath = root + "/" + from
      let holds = Set(
        try SyncStatus.load(SyncStatus.path(dataFile: dataFile, vdir: fromPath), vdir: fromPath).items.keys)
      partial.scope = CollectionScope(listID: target, firstPass: false, elsewhere: holds)
      _ = try partial.run()
      XCTAssertEqual(files(target), [], "not written while \(from) holds it")
      try sync(a, at: 10)
      XCTAssertEqual(files(target), ["h1.ics"], "moved to \(target)")
      XCTAssertEqual(files(from), [], "and gone from \(from)")
      XCTAssertEqual(try a.load().items.count, 1)
    }
  }

  /// A phone moves an item: DELETE in one calendar, PUT in the other. Whichever
  /// folder is synced first, the item moves here: one item, its delivery record kept.
  func testAMoveThereMovesTheItemHere() throws {
    try collection("a-home", name: "Home", items: [("h1", "Paint")])
    try collection("b-work", name: "Work")
    let a = store("a")
    try sync(a)
    let id = try XCTUnwrap(try a.load().items.first?.id)
    try a.mutate { list in
      var item = list[id]!
      item.notifiedDeadline = item.deadline
      list.apply(Change(before: [id: list[id]], after: [id: item], summary: ""))
    }
    for (from, to) in [("a-home", "b-work"), ("b-work", "a-home")] {
      let data = try Data(contentsOf: URL(fileURLWithPath: root + "/\(from)/h1.ics"))
      try FileManager.default.removeItem(atPath: root + "/\(from)/h1.ics")
      try data.write(to: URL(fileURLWithPath: root + "/\(to)/h1.ics"))
      try sync(a, at: 20)
      let doc = try a.load()
      XCTAssertEqual(doc.items.count, 1, "no duplicate, none lost")
      XCTAssertEqual(doc.lists.listID(of: doc.items[0]), to)
      XCTAssertNotNil(doc.items[0].notifiedDeadline, "the same item, moved: its delivery record kept")
      XCTAssertEqual(files(to), ["h1.ics"])
      XCTAssertEqual(files(from), [])
      XCTAssertEqual(try sync(a, at: 30).lines, [])
    }
  }

  func testADeletionThereStillDeletesHere() throws {
    try collection("home", name: "Home", items: [("h1", "Paint"), ("h2", "Sand")])
    let a = store("a")
    try sync(a)
    try FileManager.default.removeItem(atPath: root + "/home/h1.ics")
    try sync(a, at: 10)
    XCTAssertEqual(try placement(a), ["Sand": "Home"])
  }

  /// The daemon's live sync watches each collection of a root: a file the phone
  /// put in one, or a new name, wakes it as a file in a single vdir does.
  func testTheLiveSyncWatchesTheCollectionsOfARoot() throws {
    try collection("home", name: "Home", items: [("h1", "Paint")])
    let env = TodoEnvironment.fixed(t0)
    let live = try LiveSync(
      sync: VdirSync(store: store("a"), vdirPath: root, codec: .iCalendar(env: env), env: env),
      report: { _ in })
    live.runNow()
    XCTAssertTrue(live.waitUntilIdle(timeout: 10))
    XCTAssertEqual(try placement(store("a")), ["Paint": "Home"])
    _ = live.drain()
    XCTAssertFalse(live.drain(), "nothing new")
    try ics("h2", "Sand").write(toFile: root + "/home/h2.ics", atomically: true, encoding: .utf8)
    XCTAssertTrue(live.drain(), "a file in a collection")
    try "House".write(toFile: root + "/home/displayname", atomically: true, encoding: .utf8)
    XCTAssertTrue(live.drain(), "a collection renamed")
    try FileManager.default.createDirectory(atPath: root + "/work", withIntermediateDirectories: true)
    XCTAssertTrue(live.drain(), "a new collection")
  }

  /// A file of several lists and an empty folder: a root, a sub-folder a list.
  func testAnEmptyFolderIsARootForAFileOfSeveralLists() throws {
    let a = store("a")
    let env = TodoEnvironment.fixed(t0)  // one: its UUIDs follow each other
    try a.commit(.add(title: "Paint", deadline: nil), env: env)
    try a.commit(.addList(name: "Work"), env: env)
    try a.commit(.add(title: "Report", deadline: nil, changes: [.set("list", text: "work")]), env: env)
    XCTAssertEqual(try a.load().items.count, 2)
    try sync(a)
    XCTAssertEqual(files("tasks").count, 1)
    XCTAssertEqual(files("work").count, 1)
    XCTAssertEqual(VdirCollections.metadata(root + "/work", "displayname"), "Work")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), ["tasks", "work"])
  }

  /// Issue 33 point 4: a sync of a vdir root told no conflict (each
  /// collection's were recorded, left out of the report): `sync --vdir` and
  /// the server round said nothing on stderr of a value set aside.
  func testAConflictInACollectionIsTold() throws {
    try collection("work", name: "Work", items: [("rye@phone", "Rye bread")])
    let s = store()
    try sync(s)
    let id = try s.load().items.first { $0.icalUID == "rye@phone" }!.id
    try s.commit(.edit(id, title: "Rye bread, sliced"), env: .fixed(t0 + 100))
    try ics("rye@phone", "Rye loaf").write(
      toFile: root + "/work/rye@phone.ics", atomically: true, encoding: .utf8)
    let report = try sync(s, at: 200)
    XCTAssertEqual(report.conflicts.map(\.field), ["title"], "told by the sync that settled it")
    XCTAssertEqual(try SyncConflicts(dataFile: s.path).load(), report.conflicts, "as recorded")
  }
}

extension SyncListsTests {
  /// Issue 33 point 3: `sync --vdir DIR --create` made a flat folder for a file of
  /// several lists (the folder was made after the layout was chosen); it is laid
  /// out as an empty existing one is, one sub-folder a list, and a move works.
  func testAMissingFolderIsMadeAsAnEmptyOneIsLaidOut() throws {
    try FileManager.default.removeItem(atPath: root)
    let a = store("a")
    let env = TodoEnvironment.fixed(t0)
    try a.commit(.add(title: "Paint", deadline: nil), env: env)
    try a.commit(.addList(name: "Work"), env: env)
    try a.commit(.add(title: "Report", deadline: nil, changes: [.set("list", text: "work")]), env: env)
    try sync(a)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), ["tasks", "work"])
    XCTAssertEqual(files("tasks").count, 1)
    XCTAssertEqual(files("work").count, 1)
    // `edit --list` then moves the file (it said "nothing to do" in the flat folder).
    let paint = try XCTUnwrap(try a.load().items.first { $0.title == "Paint" })
    try a.commit(.edit(paint.id, changes: [.set("list", text: "work")]), env: .fixed(t0 + 30))
    try sync(a, at: 60)
    XCTAssertEqual(files("tasks").count, 0)
    XCTAssertEqual(files("work").count, 2)
  }

  /// A missing folder for a file of one list stays one collection, as an empty one does.
  func testAMissingFolderForOneListIsOneCollection() throws {
    try FileManager.default.removeItem(atPath: root)
    let a = store("a")
    try a.commit(.add(title: "Paint", deadline: nil), env: .fixed(t0))
    try sync(a)
    let names = try FileManager.default.contentsOfDirectory(atPath: root)
    XCTAssertEqual(names.filter { $0.hasSuffix(".ics") }.count, 1, "\(names)")
  }
}

extension SyncListsTests {
  /// Issue 33 point 8: a subtask the phone made in another calendar than its parent's
  /// is moved to its parent's list here, with a warning; the next sync moves its file
  /// to the parent's collection (one file, never two), and then all is settled.
  func testASubtaskFromThePhoneInAnotherCalendarJoinsItsParent() throws {
    try collection("work", name: "Work", items: [("report@phone", "Write report")])
    let child = ics("draft@phone", "Draft the figures").replacingOccurrences(
      of: "SUMMARY:", with: "RELATED-TO:report@phone\r\nSUMMARY:")
    try collection("home", name: "Home")
    try child.write(toFile: root + "/home/draft@phone.ics", atomically: true, encoding: .utf8)
    let a = store("a")
    let first = try sync(a)
    XCTAssertEqual(
      first.warnings.filter { $0.contains("moved to its parent's list") },
      [
        "“Draft the figures” came in list “Home”, its parent “Write report” in “Work”: moved to its parent's list (a subtask lives there)"
      ],
      "\(first.warnings)")
    let doc = try a.load()
    let draft = try XCTUnwrap(doc.items.first { $0.title == "Draft the figures" })
    XCTAssertEqual(doc.lists.listID(of: draft), "work")
    try sync(a, at: 10)
    XCTAssertEqual(files("home"), [])
    XCTAssertEqual(files("work").count, 2)
    let third = try sync(a, at: 20)
    XCTAssertFalse(third.wrote, "settled")
    XCTAssertTrue(third.warnings.isEmpty, "\(third.warnings)")
  }
}
