import Foundation
import XCTest

@testable import TodoCore

/// `todo-tui sync resolve A B`, vdirsyncer's conflict command (SPEC 10): the
/// two versions merged field by field against what the vdir, the server and
/// the data file last agreed on, the result in both files, what was set aside recorded.
final class ConflictResolveTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir = ""
  var store: Store!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "resolve-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir + "/vdir", withIntermediateDirectories: true)
    store = Store(path: dir + "/todos.plist")
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func testBothVersionsMergeAgainstTheBaseKeptAfterVdirsyncersLastRun() throws {
    let env = TodoEnvironment.fixed(t0)
    let codec = VdirCodec.iCalendar(env: env)
    let id = UUID()
    let item = TodoItem(id: id, title: "Buy milk", deadline: t0 + 86400, created: t0, modified: t0)
    try store.mutate { $0.apply(Change(before: [:], after: [id: item], summary: "")) }
    let sync = VdirSync(store: store, vdirPath: dir + "/vdir", codec: codec, env: env)
    _ = try sync.run()
    ConflictResolve.keepBase(try sync.statusPath(), syncedBefore: Date())  // vdirsyncer ran: all agree on "Buy milk"

    // Here: the title (at +200, later) and the note; our sync writes it to the vdir.
    try store.commit(
      .edit(id, title: "Buy 2 l of milk", changes: [.set("note", text: "skimmed")]), env: .fixed(t0 + 200))
    _ = try sync.run()
    // The phone: the title (at +100) and the deadline.
    var phone = item
    phone.title = "Buy oat milk"
    phone.deadline = t0 + 2 * 86400
    phone.modified = t0 + 100
    let a = dir + "/todo_tui_local"
    let b = dir + "/todo_tui_remote"
    try Data(contentsOf: URL(fileURLWithPath: dir + "/vdir/\(id.uuidString).ics")).write(
      to: URL(fileURLWithPath: a))
    try codec.render(phone, t0 + 100).write(to: URL(fileURLWithPath: b))

    let settled = try ConflictResolve.resolve(a, b, dataFile: store.path, env: .fixed(t0 + 300))
    XCTAssertEqual(
      settled,
      [
        SyncConflict(
          id: id, uid: id.uuidString, title: "Buy 2 l of milk", field: "title",
          kept: .text("Buy 2 l of milk"),
          setAside: .text("Buy oat milk"), at: t0 + 300)
      ], "only the title changed on both sides")
    let out = try Data(contentsOf: URL(fileURLWithPath: a))
    XCTAssertEqual(out, try Data(contentsOf: URL(fileURLWithPath: b)), "vdirsyncer wants both the same")
    let merged = try codec.parse(out, a)[0]
    XCTAssertEqual(merged.title, "Buy 2 l of milk", "the later change")
    XCTAssertEqual(merged.note, "skimmed", "changed here only")
    XCTAssertEqual(merged.deadline, t0 + 2 * 86400, "changed on the phone only")
    XCTAssertEqual(try SyncConflicts(dataFile: store.path).load(), settled)
  }

  /// Issue 34 points 1 and 2: an item on both sides that no kept base knows
  /// (its first upload's answer lost; a second machine set up from an
  /// export) has no base: the fields that differ are conflicts, the later
  /// LAST-MODIFIED wins, the other value is set aside, never undone in silence.
  func testAnItemNoKeptBaseKnowsIsAConflictOnEveryDifferingField() throws {
    let env = TodoEnvironment.fixed(t0)
    let codec = VdirCodec.iCalendar(env: env)
    let sync = VdirSync(store: store, vdirPath: dir + "/vdir", codec: codec, env: env)
    _ = try sync.run()
    ConflictResolve.keepBase(try sync.statusPath(), syncedBefore: Date())  // vdirsyncer ran: nothing yet
    let id = UUID()
    let item = TodoItem(id: id, title: "Bake bread", deadline: nil, created: t0, modified: t0 + 10)
    try store.mutate { $0.apply(Change(before: [:], after: [id: item], summary: "")) }
    _ = try sync.run()  // its file goes to the vdir; its PUT reaches the server, the answer is lost
    let server = try Data(contentsOf: URL(fileURLWithPath: dir + "/vdir/\(id.uuidString).ics"))
    try store.commit(.edit(id, title: "Bake rye bread"), env: .fixed(t0 + 200))
    try store.commit(.complete([id]), env: .fixed(t0 + 200))
    _ = try sync.run()  // our sync's status now holds this edit
    let a = dir + "/todo_tui_local"
    let b = dir + "/todo_tui_remote"
    try Data(contentsOf: URL(fileURLWithPath: dir + "/vdir/\(id.uuidString).ics")).write(
      to: URL(fileURLWithPath: a))
    try server.write(to: URL(fileURLWithPath: b))

    let settled = try ConflictResolve.resolve(a, b, dataFile: store.path, env: .fixed(t0 + 300))
    let merged = try codec.parse(try Data(contentsOf: URL(fileURLWithPath: b)), b)[0]
    XCTAssertEqual(merged.title, "Bake rye bread", "the later edit stands")
    XCTAssertNotNil(merged.completed, "completed here, later")
    XCTAssertEqual(settled.first { $0.field == "title" }?.setAside, .text("Bake bread"), "told and set aside")
    XCTAssertEqual(try SyncConflicts(dataFile: store.path).load(), settled)
  }

  /// A copy of the status keeps only what the run that worked put on the
  /// server as it is: a file written after the run began is not vouched for.
  func testTheKeptBaseLeavesOutFilesWrittenAfterTheRunBegan() throws {
    let env = TodoEnvironment.fixed(t0)
    for title in ["Old", "New"] {
      try store.commit(.add(title: title, deadline: nil), env: env)
      let sync = VdirSync(store: store, vdirPath: dir + "/vdir", codec: .iCalendar(env: env), env: env)
      _ = try sync.run()
      if title == "Old" { usleep(20_000) }
    }
    let status = try VdirSync(store: store, vdirPath: dir + "/vdir", codec: .iCalendar(env: env), env: env)
      .statusPath()
    let newFile =
      try FileManager.default.attributesOfItem(
        atPath: dir + "/vdir/"
          + (try SyncStatus.load(status, vdir: "").items.values.first { $0.base.title == "New" }!
            .href))[.modificationDate] as! Date
    ConflictResolve.keepBase(status, syncedBefore: newFile - 0.005)
    let kept = try SyncStatus.load(status + ConflictResolve.keptSuffix, vdir: "")
    XCTAssertEqual(kept.items.values.map(\.base.title), ["Old"])
    let uids = try SyncStatus.load(status, vdir: "").items
    let newUID = uids.first { $0.value.base.title == "New" }!.key
    XCTAssertNil(ConflictResolve.base(uid: newUID, dataFile: store.path), "no base: not vouched for")
    ConflictResolve.keepBase(status, syncedBefore: Date())
    XCTAssertEqual(
      ConflictResolve.base(uid: newUID, dataFile: store.path)?.title, "New", "vouched at the next run")
  }
}
