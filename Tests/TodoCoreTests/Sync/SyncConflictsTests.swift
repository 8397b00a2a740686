import Foundation
import XCTest

@testable import TodoCore

/// Conflicts told (SPEC 10): a field changed on both sides is settled by the
/// later LAST-MODIFIED, recorded beside the data file, and can be put back.
final class SyncConflictsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir = ""
  var store: Store!
  var vdir = ""
  let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
  let fileName = "00000000-0000-0000-0000-000000000001.ics"

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "conflicts-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    store = Store(path: dir + "/todos.plist")
    vdir = dir + "/vdir"
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func sync(at offset: TimeInterval) throws -> SyncReport {
    try VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(ParseCount()), env: .fixed(t0 + offset))
      .run()
  }

  func file() throws -> TodoItem {
    try TestCodec.decode(Data(contentsOf: URL(fileURLWithPath: vdir + "/" + fileName)))
  }

  func title() throws -> String? { try store.load().items.first { $0.id == id }?.title }

  /// An item synced once, then its title changed here (at +100) and in the vdir (at +200, later), its note here only.
  func bothChanged() throws {
    let item = TodoItem(id: id, title: "Buy milk", deadline: t0 + 3600, created: t0, modified: t0)
    try store.mutate { $0.apply(Change(before: [:], after: [id: item], summary: "")) }
    _ = try sync(at: 0)
    try store.commit(
      .edit(id, title: "Buy milk, 2 l", changes: [.set("note", text: "skimmed")]), env: .fixed(t0 + 100))
    var v = try file()
    v.title = "Buy oat milk"
    v.modified = t0 + 200
    try TestCodec.encode(v).write(to: URL(fileURLWithPath: vdir + "/" + fileName), options: .atomic)
  }

  func testAFieldChangedOnBothSidesIsToldAndRecordedAndCanBePutBack() throws {
    try bothChanged()
    let report = try sync(at: 300)
    let expected = SyncConflict(
      id: id, uid: id.uuidString, title: "Buy oat milk", field: "title", kept: .text("Buy oat milk"),
      setAside: .text("Buy milk, 2 l"), at: t0 + 300)
    XCTAssertEqual(report.conflicts, [expected], "the note changed on one side only is no conflict")
    XCTAssertEqual(expected.line, "“Buy oat milk”: title kept “Buy oat milk”, set aside “Buy milk, 2 l”")
    let conflicts = SyncConflicts(dataFile: try store.resolvedPath())
    XCTAssertEqual(try conflicts.load(), [expected])
    XCTAssertEqual(try title(), "Buy oat milk")
    XCTAssertEqual(try sync(at: 350).conflicts, [], "settled: the next sync finds none")

    let restored = try conflicts.restore(1, store: store, env: .fixed(t0 + 400))
    XCTAssertEqual(restored, expected)
    XCTAssertEqual(try title(), "Buy milk, 2 l", "the value set aside is back")
    XCTAssertEqual(try store.load().items.first?.modified, t0 + 400, "as an edit made now")
    XCTAssertEqual(try conflicts.load(), [], "and off the list")
    _ = try sync(at: 500)
    XCTAssertEqual(try file().title, "Buy milk, 2 l", "it syncs out as any edit")
    XCTAssertEqual(try file().note, "skimmed")
  }

  func testRestoringAConflictThatIsNotThereChangesNothing() throws {
    try bothChanged()
    _ = try sync(at: 300)
    let conflicts = SyncConflicts(dataFile: try store.resolvedPath())
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
    XCTAssertThrowsError(try conflicts.restore(2, store: store, env: .fixed(t0 + 400))) {
      XCTAssertEqual(
        "\($0)", "no conflict 2 (put back already, or never set aside): give 1 (todo-tui sync conflicts)")
    }
    XCTAssertThrowsError(try conflicts.restore(0, store: store, env: .fixed(t0 + 400)))
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store.path)), before)
    XCTAssertEqual(try conflicts.load().count, 1)
    // Restored twice: the second finds none.
    try conflicts.restore(1, store: store, env: .fixed(t0 + 400))
    XCTAssertThrowsError(try conflicts.restore(1, store: store, env: .fixed(t0 + 500))) {
      XCTAssertEqual("\($0)", "no conflict is set aside")
    }
  }

  func testEveryKindOfValueIsKeptAsItWas() throws {
    let values: [FieldValue] = [
      .absent, .text("a “b”\n"), .integer(-3), .date(t0), .flag, .texts(["x", "y, z"]), .uuid(id),
    ]
    for v in values {
      let c = SyncConflict(id: id, uid: "u", title: "t", field: "note", kept: v, setAside: v, at: t0)
      let enc = JSONEncoder()
      enc.dateEncodingStrategy = .iso8601
      let dec = JSONDecoder()
      dec.dateDecodingStrategy = .iso8601
      XCTAssertEqual(try dec.decode(SyncConflict.self, from: enc.encode(c)), c, "\(v)")
    }
  }

  /// The list is bounded (issue 28): it does not keep every value ever set aside.
  func testTheListKeepsTheLast30DaysAndTheNewest100() throws {
    let conflicts = SyncConflicts(dataFile: dir + "/todos.plist")
    func c(_ n: Int, at t: Date) -> SyncConflict {
      SyncConflict(
        id: id, uid: "u", title: "t\(n)", field: "title", kept: .text("a"), setAside: .text("b"), at: t)
    }
    let day: TimeInterval = 86_400
    try conflicts.append([c(0, at: t0)], now: t0)
    try conflicts.append([c(1, at: t0 + 20 * day)], now: t0 + 20 * day)
    XCTAssertEqual(try conflicts.load(now: t0 + 20 * day).map(\.title), ["t0", "t1"])
    XCTAssertEqual(
      try conflicts.load(now: t0 + 31 * day).map(\.title), ["t1"], "more than 30 days old: off the list, read"
    )
    try conflicts.append([c(2, at: t0 + 31 * day)], now: t0 + 31 * day)
    XCTAssertEqual(
      try conflicts.loadAll().conflicts.map(\.conflict.title), ["t1", "t2"],
      "and gone from the file once written")
    // Each keeps its number: the one gone does not make the others move up.
    let store = Store(path: dir + "/todos.plist")
    XCTAssertThrowsError(try conflicts.restore(1, store: store, env: .fixed(t0 + 31 * day))) {
      XCTAssertEqual(
        "\($0)", "no conflict 1 (put back already, or never set aside): give 2 to 3 (todo-tui sync conflicts)"
      )
    }
    // 150 more on one day: the newest 100 stay.
    let many = (3..<153).map { c($0, at: t0 + 32 * day) }
    try conflicts.append(many, now: t0 + 32 * day)
    let kept = try conflicts.loadAll().conflicts
    XCTAssertEqual(kept.count, SyncConflicts.keptCount)
    XCTAssertEqual(kept.first?.conflict.title, "t53")
    XCTAssertEqual(kept.last?.conflict.title, "t152")
    XCTAssertEqual(kept.last?.number, 153)
  }

  /// Issue 33 point 7: `--restore N` renumbered the rest, so running it twice
  /// put back another value. Each conflict keeps its number.
  func testRestoringTwiceNeverRestoresAnotherValue() throws {
    let store = Store(path: dir + "/todos.plist")
    let ids = (0..<3).map { _ in UUID() }
    for (n, id) in ids.enumerated() {
      let item = TodoItem(id: id, title: "Item \(n)", deadline: nil, created: t0, modified: t0)
      try store.mutate { $0.apply(Change(before: [:], after: [id: item], summary: "")) }
    }
    let conflicts = SyncConflicts(dataFile: store.path)
    try conflicts.append(
      ids.enumerated().map { n, id in
        SyncConflict(
          id: id, uid: id.uuidString, title: "Item \(n)", field: "title", kept: .text("Item \(n)"),
          setAside: .text("Other \(n)"), at: t0)
      }, now: t0)
    XCTAssertEqual(try conflicts.numbered(now: t0).map(\.number), [1, 2, 3])
    XCTAssertEqual(try conflicts.restore(1, store: store, env: .fixed(t0 + 10)).setAside, .text("Other 0"))
    XCTAssertThrowsError(try conflicts.restore(1, store: store, env: .fixed(t0 + 20)), "restored once only")
    XCTAssertEqual(try store.load().items.first { $0.id == ids[1] }?.title, "Item 1", "not the next value")
    XCTAssertEqual(
      try conflicts.numbered(now: t0 + 20).map(\.number), [2, 3], "the others keep their numbers")
    XCTAssertEqual(try conflicts.restore(3, store: store, env: .fixed(t0 + 30)).setAside, .text("Other 2"))
    try conflicts.append(
      [
        SyncConflict(
          id: ids[0], uid: "u", title: "t", field: "title", kept: .text("a"), setAside: .text("b"), at: t0)
      ],
      now: t0 + 40)
    XCTAssertEqual(
      try conflicts.numbered(now: t0 + 40).map(\.number), [2, 4], "a number is never given twice")
  }

  /// A list written by an older version (no numbers) is read numbered in its order.
  func testAnOlderListIsNumberedInItsOrder() throws {
    let conflicts = SyncConflicts(dataFile: dir + "/todos.plist")
    let old = (1...2).map {
      SyncConflict(
        id: id, uid: "u", title: "t\($0)", field: "title", kept: .text("a"), setAside: .text("b"), at: t0)
    }
    let enc = JSONEncoder()
    enc.dateEncodingStrategy = .iso8601
    try enc.encode(old).write(to: URL(fileURLWithPath: conflicts.path))
    XCTAssertEqual(try conflicts.numbered(now: t0).map(\.number), [1, 2])
    XCTAssertEqual(try conflicts.append([old[0]], now: t0), [3])
  }
}
