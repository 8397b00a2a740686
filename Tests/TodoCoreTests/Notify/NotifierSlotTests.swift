import Foundation
import XCTest

@testable import TodoCore

/// SPEC 5: a reminder is never refused for want of a slot, from the bubble either.
final class NotifierSlotTests: NotifierTestCase {
  func testTheBubblesRemindKeepsTheReminderWhenAllSlotsAreTaken() throws {
    // 64 deadlines within the next half hour take every slot.
    var items = [item(1, at: 0, title: "due now")]
    for n in 2...65 { items.append(item(n, at: Double(n) * 10, title: "soon \(n)")) }
    try put(items)
    let clock = ManualClock(t0 + 5)
    let log = EventLog()
    let e = engine(nil, clock: clock, log: log)
    let change = e.apply(.remind, to: id(1))
    XCTAssertNotNil(change, "the reminder was refused: \(log.problems)")
    XCTAssertEqual(log.problems, [])
    let kept = try store.load().items.first { $0.id == id(1) }
    XCTAssertEqual(kept?.reminder, t0 + 5 + 1800, "the reminder is kept")
    let plan = Scheduler.plan(try store.load().items, now: clock.now)
    XCTAssertEqual(plan.notifications.count, Scheduler.limit, "never more than 64 scheduled")
    XCTAssertEqual(plan.unscheduled, 1, "the reminder waits for a slot")
    XCTAssertEqual(change?.note, Scheduler.waitNote)
  }
}
