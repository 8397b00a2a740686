import Foundation
import XCTest

@testable import TodoCore

/// The sync engine against a plain codec (one JSON object a file), so that
/// these tests are about the algorithm, not the iCalendar mapping.
final class SyncEngineTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir = ""
  var store: Store!
  var vdir = ""
  let parses = ParseCount()

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "sync-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    store = Store(path: dir + "/todos.plist")
    vdir = dir + "/vdir"
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }

  func item(_ n: Int, _ title: String, due: TimeInterval? = 3600, modified: TimeInterval = 0) -> TodoItem {
    TodoItem(
      id: id(n), title: title, deadline: due.map { t0 + $0 }, created: t0, modified: t0 + modified)
  }

  func sync(at offset: TimeInterval = 0) throws -> SyncReport {
    try VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0 + offset)).run()
  }

  func listItems() throws -> [String: TodoItem] {
    Dictionary(uniqueKeysWithValues: try store.load().items.map { ($0.icalUID, $0) })
  }

  func files() throws -> [String: TodoItem] {
    var out: [String: TodoItem] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: vdir) {
      out[name] = try TestCodec.decode(Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name)))
    }
    return out
  }

  func writeFile(_ name: String, _ item: TodoItem) throws {
    try TestCodec.encode(item).write(to: URL(fileURLWithPath: vdir + "/" + name), options: .atomic)
  }

  func seed(_ items: TodoItem...) throws { try seed(all: items) }

  func seed(all items: [TodoItem]) throws {
    let after = Dictionary(uniqueKeysWithValues: items.map { ($0.id, TodoItem?.some($0)) })
    try store.mutate { list in list.apply(Change(before: [:], after: after, summary: "")) }
  }

  /// Items 1...`n` titled `title`, in the data file, and an empty vdir: a first sync of many.
  func seedMany(_ n: Int, title: (Int) -> String = { "item \($0)" }) throws -> [TodoItem] {
    let items = (1...n).map { item($0, title($0)) }
    try seed(all: items)
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    return items
  }

  /// Every file of the folder with its inode and mtime, to show that nothing was touched.
  func snapshot() throws -> [String: String] {
    var out: [String: String] = [:]
    for d in [dir, vdir] {
      for n in try FileManager.default.contentsOfDirectory(atPath: d) where n != "vdir" {
        var st = stat()
        stat(d + "/" + n, &st)
        out[d + "/" + n] = "\(st.st_ino) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(st.st_size)"
      }
    }
    return out
  }

  func testFirstSyncCreatesFilesNamedAfterTheUIDAndASecondWritesNothing() throws {
    var foreign = item(2, "From elsewhere")
    foreign.uid = "odd/uid with space"
    try seed(item(1, "Pay rent"), foreign)
    let r = try sync()
    XCTAssertEqual(r.count(.vdir, .created), 2)
    XCTAssertEqual(
      Set(try files().keys), ["00000000-0000-0000-0000-000000000001.ics", "odd%2Fuid%20with%20space.ics"])
    XCTAssertEqual(try files()["00000000-0000-0000-0000-000000000001.ics"]?.title, "Pay rent")
    let before = try snapshot()
    let again = try sync(at: 60)
    XCTAssertEqual(again.lines, [])
    XCTAssertFalse(again.wrote)
    XCTAssertEqual(try snapshot(), before, "a sync with nothing to do touched a file")
  }

  func testUnchangedFilesAreNotParsedAgain() throws {
    try seed(item(1, "a"), item(2, "b"))
    _ = try sync()
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try writeFile("new.ics", item(3, "c"))
    parses.reset()
    _ = try sync()
    XCTAssertEqual(parses.value, 1, "only the new file is parsed")
    // The same bytes under a new inode (a tool that rewrites files): read, not parsed.
    let data = try Data(contentsOf: URL(fileURLWithPath: vdir + "/new.ics"))
    try data.write(to: URL(fileURLWithPath: vdir + "/new.ics"), options: .atomic)
    parses.reset()
    let r = try sync()
    XCTAssertEqual(parses.value, 0)
    XCTAssertEqual(r.lines, [])
  }

  func testNewInTheVdirIsCreatedInTheListAndKeepsItsFileName() throws {
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    var phone = item(9, "From the phone", modified: 5)
    phone.uid = "phone-123@example.com"
    phone.repeatRule = "FREQ=WEEKLY;BYDAY=MO"
    phone.warn = 900
    try writeFile("a1b2c3.ics", phone)
    let r = try sync()
    XCTAssertEqual(
      r.lines, [.init(side: .list, kind: .created, title: "From the phone", uid: "phone-123@example.com")])
    phone.id = UUID.derived(from: "phone-123@example.com")
    XCTAssertEqual(try listItems()["phone-123@example.com"], phone)
    XCTAssertEqual(Array(try files().keys), ["a1b2c3.ics"])
    XCTAssertFalse(try sync().wrote)
  }

  func testAChangeOnOneSideReachesTheOther() throws {
    try seed(item(1, "a"), item(2, "b"))
    _ = try sync()
    // The list changes item 1; the vdir changes item 2.
    try store.mutate { list in _ = try list.edit(id(1), title: "a (list)", now: t0 + 100) }
    var b = try files()["00000000-0000-0000-0000-000000000002.ics"]!
    b.title = "b (vdir)"
    b.deadline = t0 + 7200
    b.modified = t0 + 100
    try writeFile("00000000-0000-0000-0000-000000000002.ics", b)
    let r = try sync(at: 200)
    XCTAssertEqual(
      r.lines,
      [
        .init(side: .vdir, kind: .updated, title: "a (list)", uid: id(1).uuidString),
        .init(side: .list, kind: .updated, title: "b (vdir)", uid: id(2).uuidString),
      ])
    XCTAssertEqual(try files()["00000000-0000-0000-0000-000000000001.ics"]?.title, "a (list)")
    XCTAssertEqual(try listItems()[id(2).uuidString]?.title, "b (vdir)")
    XCTAssertEqual(try listItems()[id(2).uuidString]?.deadline, t0 + 7200)
    XCTAssertFalse(try sync(at: 300).wrote)
  }

  func testChangesOnBothSidesMergeFieldByFieldTheLaterWinningAFieldChangedOnBoth() throws {
    try seed(item(1, "a"))
    _ = try sync()
    let name = "00000000-0000-0000-0000-000000000001.ics"
    // List: title and deadline at +100. Vdir: warn and title at +200 (later).
    try store.mutate { list in
      _ = try list.edit(id(1), now: t0 + 100) {
        $0.title = "list title"
        $0.deadline = t0 + 9000
      }
    }
    var v = try files()[name]!
    v.title = "vdir title"
    v.warn = 600
    v.modified = t0 + 200
    try writeFile(name, v)
    _ = try sync(at: 300)
    let l = try listItems()[id(1).uuidString]!
    XCTAssertEqual(l.title, "vdir title", "the later LAST-MODIFIED wins a field changed on both")
    XCTAssertEqual(l.deadline, t0 + 9000, "changed in the list only")
    XCTAssertEqual(l.warn, 600, "changed in the vdir only")
    let f = try files()[name]!
    XCTAssertEqual(SyncFields(f), SyncFields(l))
    XCTAssertFalse(try sync(at: 400).wrote)
  }

  func testDeletionsCrossUnlessTheOtherSideChangedTheItem() throws {
    try seed(item(1, "a"), item(2, "b"), item(3, "c"), item(4, "d"), item(5, "keep me"))
    _ = try sync()
    func name(_ n: Int) -> String { id(n).uuidString + ".ics" }
    // 1: deleted in the vdir → deleted in the list. 2: deleted in the list → file removed.
    // 3: deleted in the vdir, changed in the list → kept on both.
    // 4: deleted in the list, changed in the vdir → kept on both.
    try FileManager.default.removeItem(atPath: vdir + "/" + name(1))
    try FileManager.default.removeItem(atPath: vdir + "/" + name(3))
    try store.mutate { list in
      _ = try list.delete([id(2), id(4)])
      _ = try list.edit(id(3), title: "c changed", now: t0 + 10)
    }
    var d = try files()[name(4)]!
    d.title = "d changed"
    d.modified = t0 + 10
    try writeFile(name(4), d)
    let r = try sync(at: 20)
    XCTAssertEqual(
      Set(r.lines.map { "\($0.side) \($0.kind) \($0.title)" }),
      ["list deleted a", "vdir deleted b", "vdir kept c changed", "list kept d changed"])
    XCTAssertEqual(Set(try listItems().values.map(\.title)), ["c changed", "d changed", "keep me"])
    XCTAssertEqual(Set(try files().values.map(\.title)), ["c changed", "d changed", "keep me"])
    XCTAssertFalse(try sync(at: 30).wrote)
  }

  func testDeliveryRecordsSurviveSyncUnlessTheTimeChanged() throws {
    var a = item(1, "due long ago", due: -3600)
    a.notifiedDeadline = t0 - 3600
    var b = item(2, "moved", due: -3600)
    b.notifiedDeadline = t0 - 3600
    try seed(a, b)
    _ = try sync()
    // The vdir side changes a's title (the file carries no delivery record) and b's deadline.
    func edit(_ n: Int, _ body: (inout TodoItem) -> Void) throws {
      let name = id(n).uuidString + ".ics"
      var v = try files()[name]!
      body(&v)
      v.notifiedDeadline = nil
      v.modified = t0 + 50
      try writeFile(name, v)
    }
    try edit(1) { $0.title = "renamed elsewhere" }
    try edit(2) { $0.deadline = self.t0 + 3600 }
    _ = try sync(at: 60)
    let l = try listItems()
    XCTAssertEqual(l[id(1).uuidString]?.title, "renamed elsewhere")
    XCTAssertEqual(l[id(1).uuidString]?.notifiedDeadline, t0 - 3600, "a shown notification stays shown")
    XCTAssertNil(l[id(1).uuidString]?.undeliveredDeadline)
    XCTAssertEqual(l[id(2).uuidString]?.undeliveredDeadline, t0 + 3600, "a new time notifies again")
  }

  func testALostStatusMakesNoDuplicate() throws {
    try seed(item(1, "a"), item(2, "b"))
    let s = try sync()
    XCTAssertEqual(s.count(.vdir, .created), 2)
    let sync1 = VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0))
    try FileManager.default.removeItem(atPath: try sync1.statusPath())
    let r = try sync(at: 10)
    XCTAssertEqual(r.lines, [])
    XCTAssertEqual(try listItems().count, 2)
    XCTAssertEqual(try files().count, 2)
  }

  func testAnEmptiedVdirDoesNotEmptyTheList() throws {
    try seed(item(1, "a"), item(2, "b"))
    _ = try sync()
    for n in try FileManager.default.contentsOfDirectory(atPath: vdir) {
      try FileManager.default.removeItem(atPath: vdir + "/" + n)
    }
    XCTAssertThrowsError(try sync(at: 10)) { e in
      XCTAssertTrue("\(e)".contains("holds no items"), "\(e)")
    }
    XCTAssertEqual(try listItems().count, 2)
  }

  func testAFileThatDoesNotParseIsLeftAloneAndItsItemKept() throws {
    try seed(item(1, "a"))
    _ = try sync()
    let name = id(1).uuidString + ".ics"
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: vdir + "/" + name))
    let r = try sync(at: 10)
    XCTAssertEqual(r.lines, [])
    XCTAssertEqual(r.warnings.count, 1)
    XCTAssertEqual(try listItems().count, 1)
    XCTAssertEqual(try String(contentsOfFile: vdir + "/" + name, encoding: .utf8), "garbage")
  }
}

/// One item a file as JSON; counts parses.
enum TestCodec {
  struct Wire: Codable {
    var uid: String
    var title: String
    var due: Date?
    var completed: Date?
    var cancelled: Bool
    var rrule: String?
    var warn: Int?
    var extra: String?
    var created: Date
    var modified: Date?
    var sequence: Int?
    // What travels since SPEC 8 (the alert at a time is the reminder).
    var reminder: Date?
    var note: String?
    var priority: Int?
    var tags: [String]?
    var start: Date?
    var progress: Int?
  }

  static func encode(_ i: TodoItem) -> Data {
    let w = Wire(
      uid: i.icalUID, title: i.title, due: i.deadline, completed: i.completed, cancelled: i.cancelled,
      rrule: i.repeatRule, warn: i.warn, extra: i.icalExtra, created: i.created, modified: i.modified,
      sequence: i.sequence, reminder: i.reminder, note: i.note, priority: i.priority,
      tags: i.tags.isEmpty ? nil : i.tags, start: i.start, progress: i.progress)
    let e = JSONEncoder()
    e.outputFormatting = .sortedKeys
    return try! e.encode(w)
  }

  static func decode(_ data: Data) throws -> TodoItem {
    let w = try JSONDecoder().decode(Wire.self, from: data)
    let id = UUID(uuidString: w.uid) ?? UUID.derived(from: w.uid)
    return TodoItem(
      id: id, title: w.title, deadline: w.due, created: w.created, modified: w.modified,
      completed: w.completed, reminder: w.reminder, repeatRule: w.rrule, warn: w.warn, cancelled: w.cancelled,
      uid: id.uuidString == w.uid ? nil : w.uid, sequence: w.sequence, icalExtra: w.extra,
      note: w.note, priority: w.priority, tags: w.tags ?? [], start: w.start, progress: w.progress)
  }

  static func codec(_ parses: ParseCount) -> VdirCodec {
    VdirCodec(
      parse: { data, _ in
        parses.bump()
        return [try decode(data)]
      },
      render: { item, _ in encode(item) })
  }
}

/// How many times a codec parsed.
final class ParseCount: @unchecked Sendable {
  private let lock = NSLock()
  private var n = 0
  var value: Int { lock.withLock { n } }
  func bump() { lock.withLock { n += 1 } }
  func reset() { lock.withLock { n = 0 } }
}
