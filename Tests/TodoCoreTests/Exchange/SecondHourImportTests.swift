import Foundation
import XCTest

@testable import TodoCore

/// Issue 25 points 11 and 12: what `import` says it did, Taskwarrior's export,
/// and the lines a beginner got from `sync` and the notifier.
final class SecondHourImportTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  func item(_ n: Int, _ title: String) -> TodoItem {
    TodoItem(
      id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))!, title: title,
      deadline: t0.addingTimeInterval(3600), created: t0, modified: t0)
  }

  /// "Imported 1 items"; the same file again said "Imported 54 items"; an item
  /// read twice (a folder) counted twice.
  func testTheCountSaysWhatChanged() {
    var list = TodoList([item(1, "a"), item(2, "b")])
    var changed = item(2, "b, edited")
    changed.modified = t0.addingTimeInterval(60)
    let incoming = [item(1, "a"), changed, item(3, "c"), item(3, "c")]
    let change = ImportFormats.merge(
      ImportFormats.Imported(items: incoming, warnings: [], undatedCompletions: []), into: &list)
    XCTAssertEqual(ImportCount(change), ImportCount(new: 1, updated: 1, unchanged: 1))
    XCTAssertEqual("\(ImportCount(change))", "Imported 3 items: 1 new, 1 updated, 1 unchanged")
    let again = ImportFormats.merge(
      ImportFormats.Imported(items: incoming, warnings: [], undatedCompletions: []), into: &list)
    XCTAssertEqual("\(ImportCount(again))", "Imported 3 items: 3 unchanged")
    XCTAssertEqual("\(ImportCount(new: 1))", "Imported 1 item: 1 new")
    XCTAssertEqual("\(ImportCount())", "Imported 0 items")
  }

  /// `task export` failed with an internal message; its tasks are imported.
  func testTaskwarriorExport() throws {
    let json = """
      [
      {"id":1,"description":"Pay rent","due":"20261201T090000Z","entry":"20261120T100000Z",\
      "modified":"20261121T100000Z","status":"pending","uuid":"5f1c9a2e-0b1d-4c3a-9e2f-6a7b8c9d0e1f",\
      "tags":["home"],"urgency":8.9},
      {"id":0,"description":"Call mum","end":"20261122T180000Z","entry":"20261120T100000Z",\
      "modified":"20261122T180000Z","status":"completed","uuid":"6a2d0b3f-1c2e-4d4b-8f30-7b8c9d0e1f20"},
      {"id":0,"description":"Old idea","entry":"20261120T100000Z","status":"deleted",\
      "uuid":"7b3e1c40-2d3f-4e5c-9041-8c9d0e1f2031"},
      {"id":2,"description":"Stand-up","due":"20261126T093000Z","entry":"20261120T100000Z",\
      "status":"recurring","recur":"weekdays","uuid":"8c4f2d51-3e40-4f6d-a152-9d0e1f203142"}
      ]
      """
    let r = try ImportFormats.imported(Data(json.utf8), path: "tasks.json", env: .live)
    // Issue 37: a template with no pending occurrence in the export is imported, with its rule.
    XCTAssertEqual(r.items.map(\.title), ["Pay rent", "Call mum", "Old idea", "Stand-up"])
    XCTAssertEqual(r.items[3].repeatRule, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    XCTAssertEqual(rentTags(r), ["home"])
    let rent = r.items[0]
    XCTAssertEqual(rent.id, UUID(uuidString: "5f1c9a2e-0b1d-4c3a-9e2f-6a7b8c9d0e1f"))
    XCTAssertEqual(ISO8601DateFormatter().string(from: rent.deadline!), "2026-12-01T09:00:00Z")
    XCTAssertEqual(ISO8601DateFormatter().string(from: rent.created), "2026-11-20T10:00:00Z")
    XCTAssertTrue(rent.isPending)
    XCTAssertEqual(ISO8601DateFormatter().string(from: r.items[1].completed!), "2026-11-22T18:00:00Z")
    XCTAssertTrue(r.items[2].cancelled)
    XCTAssertEqual(r.warnings, [], "every field had a home")
    // Old versions: one task a line.
    let lines = #"{"description":"One","uuid":"5f1c9a2e-0b1d-4c3a-9e2f-6a7b8c9d0e1f","status":"pending"}"#
    XCTAssertEqual(try ImportFormats.imported(Data(lines.utf8), path: "t", env: .live).items.count, 1)
    // A bad date: one line naming the task.
    let bad = #"[{"description":"x","uuid":"5f1c9a2e-0b1d-4c3a-9e2f-6a7b8c9d0e1f","due":"soon"}]"#
    XCTAssertThrowsError(try ImportFormats.imported(Data(bad.utf8), path: "t.json", env: .live)) { e in
      XCTAssertTrue("\(e)".contains("task 1 of the Taskwarrior export"), "\(e)")
    }
    // Our own JSON export still reads as ours.
    let ours = JSONExchange.encode(
      [item(1, "a")], now: t0, scheduled: [], timeZone: TimeZone(identifier: "UTC")!)
    XCTAssertEqual(try ImportFormats.imported(Data(ours.utf8), path: "o", env: .live).items, [item(1, "a")])
  }

  func rentTags(_ r: ImportFormats.Imported) -> [String] { r.items[0].tags }

  /// A broken `.ics` in a vdir was reported with its path twice and "nothing was imported".
  func testASkippedFileIsSaidOnce() {
    let e = TodoError.badFile(path: "/v/zz.ics", detail: "VTODO x: bad DUE; nothing was imported")
    XCTAssertEqual(VdirSync.reason(e), "VTODO x: bad DUE")
  }

  /// `--file todos.plist` (relative): the folder to make is the working one.
  func testARelativeFileNeedsNoFolder() throws {
    XCTAssertNoThrow(try Store.makeFolders(""))
  }

  /// `TODO_TUI_NOTIFY="notify-send -u low"` said notify-send was not installed.
  func testANotifyCommandWithArgumentsIsNamedAsSuch() {
    let c = NotifyCommand(environment: ["TODO_TUI_NOTIFY": "notify-send -u low", "PATH": "/usr/bin:/bin"])
    guard case .failure(let p) = c.resolve() else { return XCTFail("resolved") }
    XCTAssertTrue(p.description.contains("names one executable, without arguments"), p.description)
    XCTAssertFalse(p.description.contains("not installed"), p.description)
  }
}
