import Foundation
import XCTest

@testable import TodoCore

/// Deletions that come back (issue 28): a collection deleted on one side,
/// as our sync of a vdir root deals with it.
extension SyncListsTests {
  /// Two collections, Personal (the default list) and Work with three items, synced once.
  func twoLists(_ s: Store) throws {
    try collection("personal", name: "Personal", items: [("rent@x", "Pay rent")])
    try collection("work", name: "Work", items: [("a@x", "Report"), ("b@x", "Budget"), ("c@x", "Slides")])
    try sync(s)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal", "Work"])
  }

  func id(_ s: Store, _ title: String) throws -> UUID {
    try XCTUnwrap(try s.load().items.first { $0.title == title }?.id, title)
  }

  func testAListDeletedHereTakesItsCollectionAlong() throws {
    let s = store()
    try twoLists(s)
    try s.commit(.deleteList(id: "work", withItems: true), env: .fixed(t0 + 10))
    let report = try sync(s, at: 20)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal"], "the list does not come back")
    XCTAssertEqual(try placement(s), ["Pay rent": "Personal"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/work"), "its folder went")
    XCTAssertEqual(ServerCollections.deletedHere(root), ["work"], "noted for the server")
    XCTAssertEqual(report.warnings, [])
    try sync(s, at: 30)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal"], "nor at the next sync")
    XCTAssertEqual(files("personal").count, 1)
  }

  func testAListDeletedHereWhoseCollectionChangedThereIsKept() throws {
    let s = store()
    try twoLists(s)
    try s.commit(.deleteList(id: "work", withItems: true), env: .fixed(t0 + 10))
    try ics("d@x", "Call Ann").write(toFile: root + "/work/d@x.ics", atomically: true, encoding: .utf8)
    let report = try sync(s, at: 20)
    XCTAssertEqual(
      report.warnings,
      [
        "the list “Work” was deleted here, but 1 of its items changed in \(root)/work since the last sync; the list is kept"
      ])
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal", "Work"], "nothing typed there is lost")
    XCTAssertEqual(try placement(s)["Call Ann"], "Work")
    XCTAssertEqual(ServerCollections.deletedHere(root), [])
  }

  func testACollectionDeletedOnTheServerTakesItsListKeepingWhatChangedHere() throws {
    let s = store()
    try twoLists(s)
    // Changed here since vdirsyncer's last run: Budget's file, rewritten by our sync.
    try s.commit(.edit(try id(s, "Budget"), title: "Budget 2027"), env: .fixed(t0 + 10))
    try sync(s, at: 20)
    let kept = try ServerCollections.markGone(root + "/work", inStep: ["a@x.ics", "c@x.ics"])
    XCTAssertEqual(kept, 1, "Budget's file is not as vdirsyncer last saw it: kept")
    XCTAssertEqual(files("work"), ["b@x.ics"])
    // Slides edited here after the mark: its deletion does not cross either.
    try s.commit(.edit(try id(s, "Slides"), title: "Slides, v2"), env: .fixed(t0 + 30))
    let report = try sync(s, at: 40)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal"], "the list goes")
    XCTAssertEqual(
      try placement(s), ["Pay rent": "Personal", "Budget 2027": "Personal", "Slides, v2": "Personal"],
      "Report, in step with the server, is deleted; what changed here moves to the default list")
    XCTAssertEqual(
      report.warnings,
      [
        "the calendar “Work” was deleted on the server: its list is removed here; 2 items changed here "
          + "since the last sync moved to “Personal”: “Budget 2027”, “Slides, v2”"
      ])
    XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/work"), "its folder went")
    try sync(s, at: 50)
    XCTAssertEqual(files("personal").count, 3, "the moved items are written to the default list's folder")
    XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/work"), "and the folder is not made again")
  }

  func testTheOnlyListDeletedOnTheServerStays() throws {
    let s = store()
    try collection("work", name: "Work", items: [("a@x", "Report")])
    try sync(s)
    _ = try ServerCollections.markGone(root + "/work", inStep: ["a@x.ics"])
    let report = try sync(s, at: 10)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Work"])
    XCTAssertEqual(try placement(s), [:], "its item, in step with the server, went")
    XCTAssertEqual(
      report.warnings,
      [
        "the calendar “Work” was deleted on the server; it is the only list, so it is kept and made there again"
      ])
    XCTAssertTrue(ServerCollections.marked(root).isEmpty, "the mark went: discovery makes it on the server")
  }
}

extension SyncListsTests {
  /// A calendar deleted on the server whose folder here lost no file to the
  /// mark (all its items kept, or none): the root's quick record must not hide
  /// the mark, or the list would never go and the daemon would wait on it for ever.
  func testAGoneMarkIsSeenThroughTheRootsQuickRecord() throws {
    let s = store()
    try collection("personal", name: "Personal", items: [("rent@x", "Pay rent")])
    try collection("work", name: "Work", items: [])
    try sync(s)
    try settle(s, from: 60)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal", "Work"])
    XCTAssertEqual(try ServerCollections.markGone(root + "/work", inStep: []), 0)
    let report = try sync(s, at: 200)
    XCTAssertEqual(try s.load().lists.lists.map(\.name), ["Personal"], "the list goes")
    XCTAssertEqual(report.warnings.count, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/work"), "its folder went")
  }
}
