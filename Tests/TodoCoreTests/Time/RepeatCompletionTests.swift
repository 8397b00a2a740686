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
