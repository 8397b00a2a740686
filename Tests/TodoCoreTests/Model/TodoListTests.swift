import Foundation
import XCTest

@testable import TodoCore

final class TodoListTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var env: TodoEnvironment!

  override func setUp() { env = .fixed(t0) }

  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }

  func testAddAssignsIdentityFromTheEnvironment() throws {
    var list = TodoList()
    let change = try list.add(title: "Pay rent", deadline: t0.addingTimeInterval(3600.7), env: env)
    let expected = TodoItem(
      id: id(1), title: "Pay rent", deadline: t0.addingTimeInterval(3600), created: t0, modified: t0)
    XCTAssertEqual(list.items, [id(1): expected])
    XCTAssertEqual(
      change, Change(before: [id(1): nil], after: [id(1): expected], summary: "Added “Pay rent”"))
  }

  func testEveryOperationUndoes() throws {
    var list = TodoList()
    var history: [(TodoList, Change)] = []
    func step(_ f: (inout TodoList) throws -> Change) rethrows {
      let before = list
      history.append((before, try f(&list)))
    }
    try step { try $0.add(title: "a", deadline: t0.addingTimeInterval(100), env: env) }
    try step { try $0.add(title: "b", deadline: t0.addingTimeInterval(200), env: env) }
    try step { try $0.edit(id(1), title: "a2", deadline: t0.addingTimeInterval(300), now: t0) }
    try step { try $0.remind(id(2), at: t0.addingTimeInterval(1800), now: t0) }
    try step { try $0.complete([id(1)], now: t0.addingTimeInterval(5)) }
    try step { try $0.delete([id(2)]) }
    XCTAssertEqual(list.count, 1)
    XCTAssertEqual(list[id(1)]?.completed, t0.addingTimeInterval(5))
    // Undo all the way back, one step at a time.
    // (`modified` and SEQUENCE only move forward: an undo is a change of its own.)
    func fields(_ l: TodoList) -> [UUID: TodoItem] {
      l.items.mapValues {
        var i = $0
        i.modified = nil
        i.sequence = nil
        return i
      }
    }
    for (before, change) in history.reversed() {
      list.apply(change.inverse(at: t0.addingTimeInterval(60)), mode: .revert)
      XCTAssertEqual(fields(list), fields(before), change.summary)
    }
    XCTAssertEqual(list.count, 0)
  }

  func testUndoAppliesToAListOthersChanged() throws {
    var mine = TodoList()
    try mine.add(title: "a", deadline: t0.addingTimeInterval(100), env: env)
    try mine.add(title: "b", deadline: t0.addingTimeInterval(200), env: env)
    let change = try mine.complete([id(1)], now: t0)
    // Another process adds an item and edits b meanwhile.
    var theirs = mine
    try theirs.add(title: "c", deadline: t0.addingTimeInterval(300), env: env)
    try theirs.edit(id(2), title: "b2", now: t0)
    theirs.apply(change.inverse)
    XCTAssertNil(theirs[id(1)]?.completed, "undo restored a")
    XCTAssertEqual(theirs[id(2)]?.title, "b2", "their edit kept")
    XCTAssertEqual(theirs[id(3)]?.title, "c", "their add kept")
  }

  func testRemindKeepsTheDeadlineAndReplacesTheReminder() throws {
    var list = TodoList()
    try list.add(title: "a", deadline: t0.addingTimeInterval(-60), env: env)
    try list.remind(id(1), at: t0.addingTimeInterval(1800), now: t0)
    try list.remind(id(1), at: t0.addingTimeInterval(3600), now: t0)
    XCTAssertEqual(list[id(1)]?.deadline, t0.addingTimeInterval(-60))
    XCTAssertEqual(list[id(1)]?.reminder, t0.addingTimeInterval(3600))
    try list.complete([id(1)], now: t0)
    XCTAssertThrowsError(try list.remind(id(1), at: t0.addingTimeInterval(60), now: t0))
  }

  func testTitlesAreChecked() {
    var list = TodoList()
    for bad in [
      "", "   ", "bell\u{07}", "esc\u{1B}]0;pwned\u{07}", "nl\nx", "c1\u{85}",
      String(repeating: "x", count: 201),
    ] {
      XCTAssertThrowsError(try list.add(title: bad, deadline: t0, env: env), bad.debugDescription) { e in
        guard case .badTitle = e as? TodoError else { return XCTFail("\(e)") }
      }
    }
    XCTAssertEqual(list.count, 0)
    XCTAssertNoThrow(try list.add(title: String(repeating: "é", count: 200), deadline: t0, env: env))
    XCTAssertNoThrow(try list.add(title: "--not-an-option", deadline: t0, env: env))
  }

  func testResolveByPrefix() throws {
    var list = TodoList()
    for i in 0..<3 { try list.add(title: "t\(i)", deadline: t0, env: env) }
    XCTAssertEqual(try list.resolve("00000000-0000-0000-0000-000000000002"), id(2))
    XCTAssertThrowsError(try list.resolve("000")) { XCTAssertEqual($0 as? TodoError, .shortID("000")) }
    XCTAssertThrowsError(try list.resolve("0000")) { e in
      guard case .ambiguousID = e as? TodoError else { return XCTFail("\(e)") }
    }
    XCTAssertThrowsError(try list.resolve("ffff")) { XCTAssertEqual($0 as? TodoError, .noSuchItem("ffff")) }
    var other = TodoList()
    let u = UUID(uuidString: "ABCDEF12-0000-4000-8000-000000000000")!
    other.merge([TodoItem(id: u, title: "x", deadline: t0, created: t0)])
    XCTAssertEqual(try other.resolve("abcd"), u, "any case")
    XCTAssertEqual(try other.resolve("ABCDEF12-0000"), u)
  }

  func testBadgeCountsPendingItemsAtOrBeforeNow() throws {
    var list = TodoList()
    try list.add(title: "past", deadline: t0.addingTimeInterval(-10), env: env)
    try list.add(title: "exactly now", deadline: t0, env: env)
    try list.add(title: "future", deadline: t0.addingTimeInterval(10), env: env)
    try list.add(title: "done", deadline: t0.addingTimeInterval(-10), env: env)
    try list.complete([id(4)], now: t0)
    XCTAssertEqual(list.badge(at: t0), 2)
    XCTAssertEqual(list.badge(at: t0.addingTimeInterval(10)), 3)
  }

  func testAddAndRemindAreNeverRefusedForWantOfASlot() throws {
    var list = TodoList()
    for i in 0..<64 {
      try list.add(title: "t\(i)", deadline: t0.addingTimeInterval(Double(60 + i)), env: env)
    }
    try list.add(title: "one more", deadline: t0.addingTimeInterval(3600), env: env)
    XCTAssertEqual(list.count, 65)
    try list.remind(id(1), at: t0.addingTimeInterval(7200), now: t0)
    XCTAssertEqual(list[id(1)]?.reminder, t0.addingTimeInterval(7200))
    let plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertEqual(plan.unscheduled, 2)
    // Import is never refused.
    list.merge(
      (100..<110).map {
        TodoItem(id: id($0), title: "i", deadline: t0.addingTimeInterval(99_999), created: t0)
      })
    XCTAssertEqual(Scheduler.plan(list.items.values, now: t0).unscheduled, 12)
  }

  func testMergeReplacesBySameUUID() {
    var list = TodoList()
    let a = TodoItem(id: id(1), title: "old", deadline: t0, created: t0)
    list.merge([a])
    var b = a
    b.title = "new"
    let change = list.merge([b, TodoItem(id: id(2), title: "other", deadline: t0, created: t0)])
    XCTAssertEqual(list.count, 2)
    XCTAssertEqual(list[id(1)]?.title, "new")
    list.apply(change.inverse)
    XCTAssertEqual(list.items, [id(1): a])
  }

  func testMarkDeliveredOnlyForTheCurrentFireDate() throws {
    var list = TodoList()
    try list.add(title: "a", deadline: t0.addingTimeInterval(60), env: env)
    XCTAssertNil(
      list.markDelivered(id(1), kind: .deadline, fireDate: t0), "a stale fire date changes nothing")
    XCTAssertNotNil(list.markDelivered(id(1), kind: .deadline, fireDate: t0.addingTimeInterval(60)))
    XCTAssertFalse(list[id(1)]!.deadlineUndelivered)
    try list.edit(id(1), deadline: t0.addingTimeInterval(120), now: t0)
    XCTAssertTrue(list[id(1)]!.deadlineUndelivered, "a new deadline is notified again")
  }
}
