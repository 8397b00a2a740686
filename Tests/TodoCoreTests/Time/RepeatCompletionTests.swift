import Foundation
import XCTest

@testable import TodoCore

/// SPEC 3: completing a repeating item keeps it pending and moves its deadline
/// to the first occurrence after both the deadline and now, in wall-clock time;
/// undo restores it; one item, one notification slot.
final class RepeatCompletionTests: XCTestCase {
  let cal = TimeTest.calendar("America/New_York")

  func list(_ rule: String?, deadline: Date, now: Date) throws -> (TodoList, UUID) {
    var list = TodoList()
    let env = TodoEnvironment.fixed(now.addingTimeInterval(-86_400 * 30), timeZone: cal.timeZone)
    let change = try list.add(title: "Water the plants", deadline: deadline, env: env) { item in
      item.repeatRule = try rule.map(RepeatRule.parse)
    }
    return (list, change.after.keys.first!)
  }

  func testCompletingARepeatingItemMovesItsDeadline() throws {
    // Saturday 7 March 2026 9:00, the eve of the US change; completed at 10:00.
    let deadline = TimeTest.local(cal, 2026, 3, 7, 9, 0)
    let now = TimeTest.local(cal, 2026, 3, 7, 10, 0)
    var (list, id) = try self.list("every mon,thu", deadline: deadline, now: now)
    _ = try list.remind(id, at: now.addingTimeInterval(600), now: now)
    _ = list.markDelivered(id, kind: .deadline, fireDate: deadline)
    let before = list[id]!
    let change = try list.complete([id], now: now, in: cal.timeZone)
    let item = list[id]!
    XCTAssertNil(item.completed, "still pending")
    XCTAssertTrue(item.isPending)
    XCTAssertEqual(TimeTest.civil(item.deadline!, cal), [2026, 3, 9, 9, 0], "Monday 9:00, after the change")
    XCTAssertNil(item.notifiedDeadline, "the new time has not been notified")
    XCTAssertNil(item.reminder, "the reminder was for the occurrence done")
    XCTAssertEqual(item.repeatRule, "FREQ=WEEKLY;BYDAY=MO,TH")
    XCTAssertTrue(change.summary.contains("it repeats: next due Mar 9"), change.summary)
    // One item, one slot.
    let plan = Scheduler.plan(Array(list.items.values), now: now)
    XCTAssertEqual(plan.notifications.map(\.itemID), [id])
    XCTAssertEqual(plan.notifications.first?.fireDate, item.deadline)
    // Undo restores it.
    list.apply(change.inverse(at: now), mode: .revert)
    var restored = list[id]!
    XCTAssertEqual(restored.sequence, 2, "the completion and its undo: two revisions")
    restored.modified = before.modified
    restored.sequence = before.sequence
    XCTAssertEqual(restored, before)
  }

  func testLateCompletionSkipsToAfterNow() throws {
    // Rent on the last day of the month, completed ten weeks late.
    let deadline = TimeTest.local(cal, 2026, 1, 31, 18, 0)
    let now = TimeTest.local(cal, 2026, 4, 12, 8, 0)
    var (list, id) = try self.list("FREQ=MONTHLY;BYMONTHDAY=-1", deadline: deadline, now: now)
    try list.complete([id], now: now, in: cal.timeZone)
    XCTAssertEqual(TimeTest.civil(list[id]!.deadline!, cal), [2026, 4, 30, 18, 0])
    XCTAssertNil(list[id]!.completed)
  }

  func testItemsThatDoNotRepeatOrHaveEndedComplete() throws {
    let deadline = TimeTest.local(cal, 2026, 3, 7, 9, 0)
    let now = TimeTest.local(cal, 2026, 3, 20, 9, 0)
    for rule in [nil, "FREQ=DAILY;COUNT=3"] {
      var (list, id) = try self.list(rule, deadline: deadline, now: now)
      try list.complete([id], now: now, in: cal.timeZone)
      XCTAssertEqual(list[id]!.completed, now, "\(rule ?? "no rule")")
      XCTAssertEqual(list[id]!.deadline, deadline)
    }
  }
}

/// Issue 25, points 3 and 10: COUNT ends a series; `reopen` brings back the
/// occurrence a completion moved on from; completing a completed item says so.
final class RepeatCountTests: XCTestCase {
  let cal = TimeTest.calendar("Europe/Berlin")

  func make(_ rule: String, deadline: Date) throws -> (TodoList, UUID) {
    var list = TodoList()
    let env = TodoEnvironment.fixed(deadline.addingTimeInterval(-86_400), timeZone: cal.timeZone)
    let change = try list.add(title: "Stretch", deadline: deadline, env: env) { item in
      item.repeatRule = try RepeatRule.parse(rule)
    }
    return (list, change.after.keys.first!)
  }

  func testCountIsHonoured() throws {
    let deadline = TimeTest.local(cal, 2026, 5, 4, 9, 0)
    var (list, id) = try make("FREQ=DAILY;COUNT=2", deadline: deadline)
    try list.complete([id], now: deadline, in: cal.timeZone)
    XCTAssertNil(list[id]!.completed, "the second occurrence is still to do")
    XCTAssertEqual(TimeTest.civil(list[id]!.deadline!, cal), [2026, 5, 5, 9, 0])
    XCTAssertEqual(list[id]!.repeatRule, "FREQ=DAILY;COUNT=1", "one occurrence left")
    let now = deadline.addingTimeInterval(86_400)
    try list.complete([id], now: now, in: cal.timeZone)
    XCTAssertEqual(list[id]!.completed, now, "the last occurrence completes the item")
    XCTAssertEqual(TimeTest.civil(list[id]!.deadline!, cal), [2026, 5, 5, 9, 0])
  }

  func testLateCompletionSpendsTheOccurrencesPassedOver() throws {
    // Weekly, five times; completed ten days late: two occurrences passed over.
    let deadline = TimeTest.local(cal, 2026, 5, 4, 9, 0)
    var (list, id) = try make("FREQ=WEEKLY;COUNT=5", deadline: deadline)
    try list.complete([id], now: deadline.addingTimeInterval(10 * 86_400), in: cal.timeZone)
    XCTAssertEqual(TimeTest.civil(list[id]!.deadline!, cal), [2026, 5, 18, 9, 0])
    XCTAssertEqual(list[id]!.repeatRule, "FREQ=WEEKLY;COUNT=3")
  }

  func testUntilStillEnds() throws {
    let deadline = TimeTest.local(cal, 2026, 5, 4, 9, 0)
    var (list, id) = try make("FREQ=DAILY;UNTIL=20260505T090000", deadline: deadline)
    try list.complete([id], now: deadline, in: cal.timeZone)
    XCTAssertNil(list[id]!.completed)
    try list.complete([id], now: deadline.addingTimeInterval(86_400), in: cal.timeZone)
    XCTAssertNotNil(list[id]!.completed)
  }

  func testReopenBringsBackTheOccurrenceCompleted() throws {
    for (rule, back) in [
      ("FREQ=DAILY;COUNT=3", [2026, 5, 4, 9, 0]), ("every mon,thu", [2026, 5, 4, 9, 0]),
      ("FREQ=MONTHLY;BYMONTHDAY=-1", [2026, 5, 31, 9, 0]), ("every 2 weeks", [2026, 5, 4, 9, 0]),
    ] {
      let deadline = TimeTest.local(cal, back[0], back[1], back[2], 9, 0)
      var (list, id) = try make(rule, deadline: deadline)
      let before = list[id]!
      let now = deadline.addingTimeInterval(3600)
      try list.complete([id], now: now, in: cal.timeZone)
      XCTAssertNotEqual(list[id]!.deadline, deadline, rule)
      let change = try TodoOperation.reopening([id], now: now, in: cal.timeZone, of: list)
      list.apply(change)
      XCTAssertEqual(change.summary, "Reopened “Stretch”", rule)
      XCTAssertEqual(list[id]!.deadline, deadline, rule)
      XCTAssertEqual(list[id]!.repeatRule, before.repeatRule, rule)
      XCTAssertEqual(list[id]!.notifiedDeadline, deadline, "\(rule): past, not notified again")
    }
  }

  func testCompletingACompletedItemSaysSo() throws {
    let deadline = TimeTest.local(cal, 2026, 5, 4, 9, 0)
    var (list, id) = try make("FREQ=DAILY;COUNT=1", deadline: deadline)
    try list.complete([id], now: deadline, in: cal.timeZone)
    XCTAssertNotNil(list[id]!.completed)
    let again = try TodoOperation.completion([id], now: deadline, in: cal.timeZone, of: list)
    XCTAssertTrue(again.after.isEmpty, "nothing changes")
    XCTAssertEqual(again.summary, "“Stretch” is already completed")
  }

  func testReopenOfAPendingItemSaysNothingChanged() throws {
    var list = TodoList()
    let now = TimeTest.local(cal, 2026, 5, 4, 9, 0)
    let env = TodoEnvironment.fixed(now, timeZone: cal.timeZone)
    let id = try list.add(title: "Call Ann", deadline: now.addingTimeInterval(3600), env: env).after.keys
      .first!
    let change = try TodoOperation.reopening([id], now: now, in: cal.timeZone, of: list)
    XCTAssertTrue(change.after.isEmpty)
    XCTAssertEqual(change.summary, "“Call Ann” is not completed; nothing changed")
  }
}

extension RepeatCountTests {
  /// A pending repeating item with no occurrence before its deadline stays as it is.
  func testReopenWithoutAnEarlierOccurrenceChangesNothing() throws {
    let deadline = TimeTest.local(cal, 2099, 1, 1, 9, 0)
    for rule in ["FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"] {
      let (list, id) = try make(rule, deadline: deadline)
      XCTAssertNil(
        Recurrence.previous(list[id]!.repeatRule!, deadline: deadline, in: cal.timeZone)?.deadline, rule)
      let change = try TodoOperation.reopening([id], now: deadline, in: cal.timeZone, of: list)
      XCTAssertEqual(change.summary, "“Stretch” is not completed; nothing changed", rule)
    }
  }
}
