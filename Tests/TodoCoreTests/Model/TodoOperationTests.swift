import Foundation
import XCTest

@testable import TodoCore

/// The one function (``TodoOperation/change(in:env:)``) verb by verb, on a
/// list in memory; the store makes the same change on the file (SpliceTests,
/// FrontEndParityTests).
final class TodoOperationTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var env: TodoEnvironment { .fixed(t0) }
  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n + 0x100))! }

  func item(_ n: Int, due seconds: Double? = 3600) -> TodoItem {
    TodoItem(
      id: id(n), title: "Item \(n)", deadline: seconds.map { t0 + $0 }, created: t0 - 86_400,
      modified: t0 - 86_400)
  }

  func testAddMakesANewItemAtTheEnvironmentsTime() throws {
    var list = TodoList()
    let change = try list.commit(
      .add(title: "Tea", deadline: t0 + 60.4, repeatRule: "FREQ=DAILY", warn: 600), env: env)
    let added = try XCTUnwrap(list.items.values.first)
    XCTAssertEqual(change.summary, "Added “Tea”")
    XCTAssertEqual(change.before.count, 1)
    XCTAssertNil(change.before[added.id] ?? nil, "new")
    XCTAssertEqual(added.title, "Tea")
    XCTAssertEqual(added.deadline, t0 + 60, "whole seconds")
    XCTAssertEqual(added.created, t0)
    XCTAssertEqual(added.modified, t0)
    XCTAssertEqual(added.repeatRule, "FREQ=DAILY")
    XCTAssertEqual(added.warn, 600)
    XCTAssertThrowsError(try list.commit(.add(title: "   ", deadline: nil), env: env))
    XCTAssertEqual(list.count, 1, "a refused add changes nothing")
  }

  func testEditSetsOnlyWhatIsGivenAndCountsARevision() throws {
    var list = TodoList([item(1)])
    var change = try list.commit(.edit(id(1), title: "Renamed"), env: env)
    XCTAssertEqual(list[id(1)]?.title, "Renamed")
    XCTAssertEqual(list[id(1)]?.deadline, t0 + 3600, "untouched")
    XCTAssertEqual(list[id(1)]?.sequence, 1)
    XCTAssertEqual(list[id(1)]?.modified, t0)
    XCTAssertEqual(change.summary, "Edited “Renamed”")
    change = try list.commit(.edit(id(1), deadline: .some(nil), warn: .some(300)), env: env)
    XCTAssertNil(list[id(1)]?.deadline, "a someday item")
    XCTAssertEqual(list[id(1)]?.warn, 300)
    change = try list.commit(.edit(id(1), title: "Renamed"), env: env)
    XCTAssertTrue(change.isEmpty)
    XCTAssertEqual(change.summary, "Nothing changed")
    XCTAssertThrowsError(try list.commit(.edit(id(9), title: "x"), env: env)) {
      XCTAssertEqual($0 as? TodoError, .noSuchItem(id(9).uuidString))
    }
  }

  func testCompleteAndReopenRoundTrip() throws {
    var list = TodoList([item(1)])
    try list.commit(.complete([id(1)]), env: env)
    XCTAssertEqual(list[id(1)]?.completed, t0)
    XCTAssertEqual(list[id(1)]?.sequence, 1)
    let change = try list.commit(.reopen([id(1)]), env: env)
    XCTAssertEqual(change.summary, "Reopened “Item 1”")
    XCTAssertEqual(list[id(1)]?.isPending, true)
    XCTAssertEqual(list[id(1)]?.sequence, 2, "a reopening is a revision")
  }

  func testReopenClearsACancelledItem() throws {
    var cancelled = item(1)
    cancelled.cancelled = true
    var list = TodoList([cancelled])
    try list.commit(.reopen([id(1)]), env: env)
    XCTAssertEqual(list[id(1)]?.isPending, true)
    XCTAssertEqual(list[id(1)]?.cancelled, false)
    XCTAssertEqual(list[id(1)]?.modified, t0)
  }

  func testCompletingARepeatingItemMovesItInTheEnvironmentsZone() throws {
    var weekly = item(1, due: -3600)
    weekly.repeatRule = "FREQ=DAILY"
    var list = TodoList([weekly])
    let change = try list.commit(.complete([id(1)]), env: env)
    XCTAssertNil(list[id(1)]?.completed)
    XCTAssertEqual(list[id(1)]?.deadline, t0 - 3600 + 86_400)
    XCTAssertTrue(change.summary.contains("it repeats"), change.summary)
  }

  func testRemindAndDelete() throws {
    var done = item(2)
    done.completed = t0
    var list = TodoList([item(1), done])
    try list.commit(.remind(id(1), at: t0 + 1800.7), env: env)
    XCTAssertEqual(list[id(1)]?.reminder, t0 + 1800)
    XCTAssertEqual(list[id(1)]?.deadline, t0 + 3600, "the deadline is unchanged")
    XCTAssertThrowsError(try list.commit(.remind(id(2), at: t0 + 60), env: env), "nothing to remind")
    let gone = try list.commit(.delete([id(1), id(2)]), env: env)
    XCTAssertEqual(gone.summary, "Deleted 2 items")
    XCTAssertEqual(list.count, 0)
  }

  func testImportTakesTheLaterChangeAndKeepsAnUndatedCompletion() throws {
    var done = item(2)
    done.completed = t0 - 100
    var list = TodoList([item(1), done])
    var newer = item(1)
    newer.title = "From the phone"
    newer.modified = t0
    var older = item(1)
    older.title = "Stale"
    older.modified = t0 - 90_000
    var again = item(2)
    again.completed = t0  // "now": STATUS:COMPLETED without a date
    try list.commit(.importing(.init(items: [newer], undatedCompletions: [])), env: env)
    XCTAssertEqual(list[id(1)]?.title, "From the phone")
    try list.commit(.importing(.init(items: [older, again], undatedCompletions: [id(2)])), env: env)
    XCTAssertEqual(list[id(1)]?.title, "From the phone", "the later change wins")
    XCTAssertEqual(list[id(2)]?.completed, t0 - 100, "its completion time is kept")
  }

  func testSyncDeletesOnlyWhatNobodyChangedSinceItWasRead() throws {
    let read = [item(1), item(2)]
    var list = TodoList(read)
    try list.commit(.edit(id(2), title: "Changed meanwhile"), env: env)
    let change = Change(
      before: [id(1): read[0], id(2): read[1]], after: [id(1): nil, id(2): nil], summary: "sync")
    let made = try list.commit(.sync(change), env: env)
    XCTAssertNil(list[id(1)])
    XCTAssertEqual(list[id(2)]?.title, "Changed meanwhile", "kept")
    XCTAssertEqual(Set(made.after.keys), [id(1)])
  }

  func testUndoSetsBackOnlyWhatStillHoldsTheChangesValue() throws {
    var list = TodoList([item(1)])
    let edit = try list.commit(.edit(id(1), title: "Mine", deadline: .some(t0 + 7200)), env: env)
    try list.commit(.edit(id(1), title: "Theirs"), env: env)  // someone else, later
    let undo = try list.commit(.undo(edit), env: env)
    XCTAssertEqual(list[id(1)]?.title, "Theirs", "changed since: kept")
    XCTAssertEqual(list[id(1)]?.deadline, t0 + 3600, "set back")
    XCTAssertEqual(undo.after[id(1)] ?? nil, list[id(1)], "what it really did")
    let redo = try list.commit(.redo(undo), env: env)
    XCTAssertEqual(list[id(1)]?.deadline, t0 + 7200)
    XCTAssertEqual(redo.after[id(1)] ?? nil, list[id(1)])
    XCTAssertFalse(TodoOperation.undo(edit).isUndoable)
    XCTAssertTrue(TodoOperation.complete([]).isUndoable)
  }

  /// The same operation gives the same change against the list and against
  /// the file scanned for a splice.
  func testTheFileAndTheListGiveTheSameChange() throws {
    let dir = NSTemporaryDirectory() + "todo-op-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = Store(path: dir + "/todos.plist")
    let items = (1...5).map { item($0, due: Double($0) * 600) }
    try store.mutate { $0 = TodoList(items) }
    for op: TodoOperation in [
      .complete([id(2)]), .reopen([id(2)]), .remind(id(3), at: t0 + 60), .edit(id(4), title: "New"),
      .delete([id(5)]),
    ] {
      var list = TodoList(try store.load().items)
      let inMemory = try list.commit(op, env: env)
      let onFile = try store.commit(op, env: env)
      XCTAssertTrue(store.lastWriteSpliced, "\(op)")
      XCTAssertEqual(onFile, inMemory, "\(op)")
      XCTAssertEqual(TodoList(try store.load().items), list, "\(op)")
    }
  }
}
