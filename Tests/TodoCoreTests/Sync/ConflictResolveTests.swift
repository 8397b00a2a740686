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
    ConflictResolve.keepBase(try sync.statusPath())  // vdirsyncer ran: all agree on "Buy milk"

    // Here: the title (at +200, later) and the note; our sync writes it to the vdir.
    try store.commit(
      .edit(id, title: "Buy 2 l of milk", fields: FieldEdits(note: "skimmed")), env: .fixed(t0 + 200))
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
}
