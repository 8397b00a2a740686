import Foundation
import XCTest

@testable import TodoCore

/// A first sync's plan (``SyncPlan/allNew(items:existing:warnings:)``, its entries recorded
/// apart) is the general plan of that sync, and the status and quick record that a
/// first sync of many items makes as its files are made are those of its entries.
final class SyncPlanFirstTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  /// UIDs whose names collide with each other or with files already there, need
  /// escaping, are cut, or are empty; and plain UUIDs.
  func testAFirstSyncsPlanIsTheGeneralPlan() {
    let awkward = [
      "a", "a-2", "a-3", "item", "", "x/y", "x%2Fy", ".hidden", "h\u{e9}llo w\u{f6}rld", "caf\u{e9}",
      "cafe\u{301}",
      String(repeating: "z", count: 200), String(repeating: "z", count: 200) + "q", "tab\there", "UPPER",
      "upper",
    ]
    let files = ["a.ics", "a-2.ics", "item.ics", "x%2Fy.ics", "UPPER.ics", "other.ics"]
    var seed: UInt64 = 20_261_127
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    var duplicates = 0
    for round in 0..<40 {
      var items: [TodoItem] = []
      for k in 0..<(5 + next(60)) {
        var item = TodoItem(
          id: UUID(), title: "item \(round).\(k)", deadline: next(2) == 0 ? nil : t0 + Double(k), created: t0)
        if next(3) > 0 { item.uid = awkward[next(awkward.count)] }  // often twice: the later one is synced
        if next(5) == 0 { item.tags = ["t\(k)"] }
        items.append(item)
      }
      var existing: [String: String] = [:]
      for f in files where next(2) == 0 { existing[f] = "1;2.3;4" }
      var told: [String] = []
      let list = SyncPlan.byUID(items, warnings: &told)
      let general = SyncPlan(list: list, vdir: [:], old: [:], skipped: [], existing: existing)
      var warnings: [String] = []
      var first = SyncPlan.allNew(items: items, existing: existing, warnings: &warnings)
      XCTAssertEqual(warnings, told)
      duplicates += told.count
      XCTAssertTrue(first.status.isEmpty && first.report.isEmpty, "recorded apart")
      first.recordNew()
      XCTAssertEqual(first.writes.map { [$0.uid, $0.href] }, general.writes.map { [$0.uid, $0.href] })
      XCTAssertEqual(first.writes.map(\.item), general.writes.map(\.item))
      XCTAssertTrue(
        first.writes.allSatisfy { $0.expected == nil } && general.writes.allSatisfy { $0.expected == nil })
      XCTAssertEqual(Set(first.writes.map(\.href)).count, list.count, "each item its own file")
      XCTAssertTrue(first.writes.allSatisfy { existing[$0.href] == nil }, "no file there is replaced")
      XCTAssertEqual(first.status, general.status)
      XCTAssertEqual(first.report, general.report)
      XCTAssertTrue(general.removals.isEmpty && general.listChange.isEmpty && general.conflicts.isEmpty)
    }
    XCTAssertGreaterThan(duplicates, 40, "UIDs twice in the data file were tried")
  }
}

extension SyncEngineTests {
  /// The status and quick record of a first sync of many items, made as its files
  /// were: the status's bytes are its entries' as written in one go, each entry has
  /// its file's etag, digest and fields, and the quick record holds the files' fingerprint.
  func testAFirstSyncOfManyItemsWritesTheStatusOfItsFiles() throws {
    let n = VdirRender.minimumAhead * 2 + 3
    let items = try seedMany(n) { "item \($0)\ttab\\" }
    XCTAssertEqual(try sync().count(.vdir, .created), n)
    let statusFile = SyncStatus.path(dataFile: try store.resolvedPath(), vdir: VdirSync.absolute(vdir))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: statusFile))
    let status = try SyncStatus.decode(bytes)
    XCTAssertEqual(status.encoded(), bytes)
    XCTAssertEqual(status.items.count, n)
    let folder = VdirFolder(path: vdir)
    let stored = try listItems()
    for i in items {
      let e = try XCTUnwrap(status.items[i.icalUID])
      XCTAssertEqual(e.href, i.icalUID + ".ics")
      let data = try Data(contentsOf: URL(fileURLWithPath: vdir + "/" + e.href))
      XCTAssertEqual(e.digest, ContentDigest.hex(data))
      XCTAssertEqual(e.etag, folder.currentEtag(e.href))
      XCTAssertEqual(e.base, SyncFields(try XCTUnwrap(stored[i.icalUID])))
    }
    let quick = try XCTUnwrap(SyncQuickCheck.load(SyncQuickCheck.path(ofStatus: statusFile)))
    XCTAssertEqual(quick.vdir, SyncQuickCheck.fingerprint(items: status.items, listing: [:], removed: []))
    parses.reset()
    XCTAssertEqual(try sync().lines, [])
    XCTAssertEqual(parses.value, 0)
  }

  /// A first sync of many items one of whose names was taken meanwhile: that item's
  /// entry is left out, and the status is every other entry's, as written in one go.
  func testAFirstSyncWithANameTakenMeanwhileLeavesThatEntryOut() throws {
    let n = VdirRender.minimumAhead + 9
    let items = try seedMany(n)
    let theirs = items[3].icalUID + ".ics"
    let s = VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0))
    s.afterLoad = { try? Data("theirs".utf8).write(to: URL(fileURLWithPath: self.vdir + "/" + theirs)) }
    XCTAssertEqual(try s.run().warnings, ["\(theirs) changed during the sync; it is synced next time"])
    let statusFile = SyncStatus.path(dataFile: try store.resolvedPath(), vdir: VdirSync.absolute(vdir))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: statusFile))
    let status = try SyncStatus.decode(bytes)
    XCTAssertEqual(status.encoded(), bytes)
    XCTAssertEqual(status.items.count, n - 1)
    XCTAssertNil(status.items[items[3].icalUID])
  }
}
